// Stage tool: renders the judge report (report_writer.h).
//
//   inputs: "measurements" (JudgeMeasurements, measure_main.cc), "bounds"
//           (BoundsTables, bounds_main.cc), "scenarios" (ScenarioGrid,
//           scenarios_main.cc)
//   --prefix     directory prefix of the declared outputs, e.g. "fixture/"
//   --title      report title
//   --data_note  sentence on the data configuration (never a machine path)
// Declared outputs (after the prefix): judge.md, judge.json, judge_top1.svg,
// judge_topk.svg, judge_scenarios.svg, judge.tokens.txt.
#include <string>
#include <utility>
#include <vector>

#include "absl/flags/flag.h"
#include "stages/framework/pipeline/stage.h"
#include "stages/framework/pipeline/stage_proto.h"
#include "stages/framework/pipeline/status_macros.h"
#include "stages/studies/judge/report_writer.h"

ABSL_FLAG(std::string, prefix, "", "Output name prefix.");
ABSL_FLAG(std::string, title, "Judge measurement: selection reliability", "Report title.");
ABSL_FLAG(std::string, data_note, "", "Data configuration sentence.");

namespace repro::judge {
namespace {

absl::Status Run(Stage& stage) {
  ReportInputs in;
  RETURN_IF_ERROR(ReadInputProto(stage, "measurements", &in.measurements));
  RETURN_IF_ERROR(ReadInputProto(stage, "bounds", &in.bounds));
  RETURN_IF_ERROR(ReadInputProto(stage, "scenarios", &in.scenarios));
  in.title = absl::GetFlag(FLAGS_title);
  in.data_note = absl::GetFlag(FLAGS_data_note);
  in.tasks_csv_name = "judge_tasks.csv";
  ASSIGN_OR_RETURN(Report r, RenderReport(in));
  const std::string p = absl::GetFlag(FLAGS_prefix);
  for (const auto& [name, bytes] :
       std::vector<std::pair<std::string, std::string>>{{"judge.md", r.markdown},
                                                        {"judge.json", r.json},
                                                        {"judge.tokens.txt", r.TokensText()}}) {
    RETURN_IF_ERROR(stage.Write(p + name, bytes));
  }
  for (const auto& [name, svg] : r.svgs) RETURN_IF_ERROR(stage.Write(p + name, svg));
  return absl::OkStatus();
}

}  // namespace
}  // namespace repro::judge

int main(int argc, char** argv) { return repro::RunStage(argc, argv, repro::judge::Run); }
