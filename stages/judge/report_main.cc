// Stage tool: renders the judge report (report_writer.h).
//
//   inputs: "measurements" (measure_main.cc), "bounds" (bounds_main.cc),
//           "scenarios" (scenarios_main.cc)
//   --prefix     directory prefix of the declared outputs, e.g. "fixture/"
//   --title      report title
//   --data_note  sentence on the data configuration (never a machine path)
// Declared outputs (after the prefix): judge.md, judge.json, judge_top1.svg,
// judge_topk.svg, judge_scenarios.svg, judge.tokens.txt.
#include <string>

#include "absl/flags/flag.h"
#include "absl/strings/str_cat.h"
#include "stages/judge/report_writer.h"
#include "stages/pipeline/stage.h"

ABSL_FLAG(std::string, prefix, "", "Output name prefix.");
ABSL_FLAG(std::string, title, "Judge measurement: selection reliability", "Report title.");
ABSL_FLAG(std::string, data_note, "", "Data configuration sentence.");

int main(int argc, char** argv) {
  return repro::RunStage(argc, argv, [](repro::Stage& stage) -> absl::Status {
    using namespace repro::judge;
    ReportInputs in;
    for (auto [role, target] : std::vector<std::pair<const char*, Json*>>{
             {"measurements", &in.measurements}, {"bounds", &in.bounds}, {"scenarios", &in.scenarios}}) {
      absl::StatusOr<std::string> text = stage.Read(role);
      if (!text.ok()) return text.status();
      absl::StatusOr<Json> j = ParseJsonDocument(*text, role);
      if (!j.ok()) return j.status();
      *target = *std::move(j);
    }
    in.title = absl::GetFlag(FLAGS_title);
    in.data_note = absl::GetFlag(FLAGS_data_note);
    in.tasks_csv_name = "judge_tasks.csv";
    absl::StatusOr<Report> r = RenderReport(in);
    if (!r.ok()) return r.status();
    const std::string p = absl::GetFlag(FLAGS_prefix);
    for (const auto& [name, bytes] : std::vector<std::pair<std::string, std::string>>{
             {"judge.md", r->markdown}, {"judge.json", r->json}, {"judge.tokens.txt", r->TokensText()}}) {
      if (absl::Status s = stage.Write(p + name, bytes); !s.ok()) return s;
    }
    for (const auto& [name, svg] : r->svgs) {
      if (absl::Status s = stage.Write(p + name, svg); !s.ok()) return s;
    }
    return absl::OkStatus();
  });
}
