// verify_plan <lineage.json> [--sample=N] [--seed=S]: prints the outputs a
// verification checks, "<label>\t<path>\t<sha256>" a line (verify_plan.h).
// Used by tools/verify/verify.sh.
#include <cstdio>
#include <iostream>
#include <string>
#include <vector>

#include "absl/flags/flag.h"
#include "absl/flags/parse.h"
#include "absl/strings/str_cat.h"
#include "stages/framework/pipeline/file_io.h"
#include "stages/framework/pipeline/status_macros.h"
#include "stages/inspect/lineage/lineage_graph.h"
#include "tools/verify/verify_plan.h"

ABSL_FLAG(int, sample, 0, "Check a fixed-seed sample of this many stages (0: all).");
ABSL_FLAG(uint64_t, seed, 1, "Seed of the sample.");

namespace {

absl::StatusOr<std::vector<repro::verify::PlannedOutput>> Plan(const std::string& lineage_path) {
  ASSIGN_OR_RETURN(const std::string json, repro::ReadFile(lineage_path));
  ASSIGN_OR_RETURN(const repro::lineage::LineageGraph graph,
                   repro::lineage::LineageGraph::FromJson(json, lineage_path));
  absl::StatusOr<std::vector<repro::verify::PlannedOutput>> plan = repro::verify::VerifyPlan(
      graph.lineage(), absl::GetFlag(FLAGS_sample), absl::GetFlag(FLAGS_seed));
  if (!plan.ok())
    return absl::Status(plan.status().code(),
                        absl::StrCat(lineage_path, ": ", plan.status().message()));
  return plan;
}

}  // namespace

int main(int argc, char** argv) {
  std::vector<char*> args = absl::ParseCommandLine(argc, argv);
  if (args.size() != 2) {
    std::cerr << "usage: verify_plan <lineage.json> [--sample=N] [--seed=S]\n";
    return 2;
  }
  absl::StatusOr<std::vector<repro::verify::PlannedOutput>> plan = Plan(args[1]);
  if (!plan.ok()) {
    std::cerr << "verify: " << plan.status().message() << "\n";
    return 1;
  }
  for (const repro::verify::PlannedOutput& o : *plan) {
    std::cout << o.label << "\t" << o.path << "\t" << o.sha256 << "\n";
  }
  return 0;
}
