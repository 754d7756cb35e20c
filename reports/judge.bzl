"""The judge reports, for reports/BUILD (owned by the lead):

    load("//reports:judge.bzl", "judge_reports")
    judge_reports()

defines, in the calling package:
  judge          the judge report: judge.md, judge.json, judge_tasks.csv,
                 judge_measurements.json, SVG plots, judge.tokens.txt and
                 lineage.json under <package>/judge/. Real data sets when
                 JUDGE_DATA_DIR is set (--repo_env), the authored fixture always.
  judge_fixture  the same report on the fixture alone; its tokens are frozen in
                 data/judge/frozen_tokens.txt (gate: //stages/judge:judge_fixture_tokens_test,
                 or `frozen_tokens` here with tokens_file "judge_fixture/judge.tokens.txt").

The stages live in //stages/judge (see docs/judge.md); the same two reports
also exist there as //stages/judge:judge and //stages/judge:judge_fixture.
"""

load("//stages/pipeline:defs.bzl", "report")

def judge_reports():
    report(
        name = "judge",
        srcs = [
            "//stages/judge:all_measurements",
            "//stages/judge:all_report_files",
        ],
    )
    report(
        name = "judge_fixture",
        srcs = [
            "//stages/judge:fixture_measurements",
            "//stages/judge:fixture_report_files",
        ],
    )
