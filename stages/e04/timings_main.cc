// Stage e04_timings: collects the volatile build and query times of every
// cell into timings.volatile.csv. Volatile by name: never hashed, never an
// input of another stage, skipped by the determinism checks.
// Inputs: every cell stage (roles "cell/<stage>/<file>"), with volatile files.
#include <string>

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_replace.h"
#include "stages/pipeline/stage.h"

namespace repro::e04 {
namespace {

absl::Status Run(Stage& stage) {
  std::string csv = "cell_stage,timing_json\n";
  for (const std::string& role : stage.Roles("cell/")) {
    if (!IsVolatile(role)) continue;
    absl::StatusOr<std::string> json = stage.Read(role);
    if (!json.ok()) return json.status();
    std::string line = *json;
    while (!line.empty() && line.back() == '\n') line.pop_back();
    absl::StrAppend(&csv, role, ",\"", absl::StrReplaceAll(line, {{"\"", "\"\""}}), "\"\n");
  }
  return stage.Write("timings.volatile.csv", csv);
}

}  // namespace
}  // namespace repro::e04

int main(int argc, char** argv) { return repro::RunStage(argc, argv, repro::e04::Run); }
