// The judge report: judge.md, judge.json, SVG plots and judge.tokens.txt,
// rendered from the measurement, bounds and scenario artifacts (JudgeMeasurements,
// BoundsTables and ScenarioGrid of judge.proto; judge.json as report_files.h
// lays it out).
//
// Layout of judge.md (fixed order): empirical results per data set first
// (judges, headline metrics with 95% task-bootstrap intervals, the
// identification range beside each mean, policy value, separately prompted
// pairwise calls, paired differences, breakdowns, failures / missing outputs /
// bad input, loader checks), then what is not evaluated, then the exact
// identification bounds, then the model-conditioned scenarios in their own
// labelled section, then every declared policy, then the files.
//
// Number format: means and bounds with 3 decimals ("%.3f"); a metric cell is
// "<mean> [<lo>, <hi>] (<n tasks>)". judge.json keeps full precision.
//
// Tokens: every headline cell, bound, loader-check value and issue count of
// the report is also a token "<key>\t<value>", where <value> is a string that
// appears verbatim in judge.md and <key> names it
// ("<dataset>/<judge>/<metric>", "<dataset>/issues/<kind>", ...). Keys are
// unique and sorted; values contain no tab or newline (tokens::ValidateTokens,
// stages/framework/tokens/tokens.h). The frozen-token test compares a committed token
// file with these.
#ifndef REPRO_STAGES_STUDIES_JUDGE_REPORT_WRITER_H_
#define REPRO_STAGES_STUDIES_JUDGE_REPORT_WRITER_H_

#include <map>
#include <string>

#include "absl/status/statusor.h"
#include "stages/framework/tokens/tokens.h"
#include "stages/studies/judge/judge.pb.h"

namespace repro::judge {

struct ReportInputs {
  JudgeMeasurements measurements;  // measure_main.cc output
  BoundsTables bounds;             // bounds_main.cc output
  ScenarioGrid scenarios;          // scenarios_main.cc output
  std::string title;
  std::string data_note;       // whether JUDGE_DATA_DIR was set (no paths)
  std::string tasks_csv_name;  // name of the per-task CSV in the report
};

struct Report {
  std::string markdown;
  std::string json;
  std::map<std::string, std::string> svgs;  // file name -> SVG text
  tokens::TokenList tokens;                 // sorted by key
  std::string TokensText() const;           // judge.tokens.txt
};

absl::StatusOr<Report> RenderReport(const ReportInputs& in);

}  // namespace repro::judge

#endif  // REPRO_STAGES_STUDIES_JUDGE_REPORT_WRITER_H_
