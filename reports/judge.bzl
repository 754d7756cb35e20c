"""The judge reports, for reports/BUILD:

    load("//reports:judge.bzl", "judge_reports")
    judge_reports()

defines, in the calling package:
  judge          the judge report: judge.md, judge.json, judge_tasks.csv,
                 judge_measurements.json, SVG plots, judge.tokens.txt and
                 lineage.json under <package>/judge/. Real data sets when
                 JUDGE_DATA_DIR is set (--repo_env), the authored fixture always.
  judge_fixture  the same report on the fixture alone.

and their frozen-token gates judge_fixture_tokens_test (data/judge/frozen_tokens.txt)
and judge_tokens_test (data/judge/frozen_tokens_real.txt; a visible skip without
JUDGE_DATA_DIR), each with its _refreeze command. The stages live in
//stages/studies/judge (see docs/judge.md).
"""

load("@judge_data//:config.bzl", "JUDGE_DATA_CONFIGURED")
load("//stages/framework/pipeline:defs.bzl", "report")
load("//stages/inspect:defs.bzl", "explained_tokens")

def judge_reports():
    report(
        name = "judge",
        srcs = [
            "//stages/studies/judge:all_measurements",
            "//stages/studies/judge:all_report_files",
        ],
    )
    report(
        name = "judge_fixture",
        srcs = [
            "//stages/studies/judge:fixture_measurements",
            "//stages/studies/judge:fixture_report_files",
        ],
    )
    explained_tokens(
        name = "judge_fixture_tokens",
        frozen = "//data/judge:frozen_tokens.txt",
        markdown = "judge_fixture/judge.md",
        report = ":judge_fixture",
        tokens_file = "judge_fixture/judge.tokens.txt",
    )
    explained_tokens(
        name = "judge_tokens",
        frozen = "//data/judge:frozen_tokens_real.txt",
        markdown = "judge/judge.md",
        report = ":judge",
        skip_message = None if JUDGE_DATA_CONFIGURED else "JUDGE_DATA_DIR is not set",
        tokens_file = "judge/judge.tokens.txt",
    )
