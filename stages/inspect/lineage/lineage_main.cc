// lineage: prints where a reported value comes from.
//
//   bazel run //tools/lineage -- <report> <value | cell id | token key> [--all]
//
// <report> is a report directory (e.g. bazel-bin/reports/w04), a lineage.json,
// a <stage>.provenance.json, or a report label (//reports:w04, read from
// bazel-bin). Relative paths are taken from the directory `bazel run` was
// started in, then from bazel-bin. Source inputs are read from the workspace
// (--workspace, default: the one `bazel run` was started in) and checked
// against their recorded sha256. See explain.h for what is printed.
//
// Exit status: 0 printed; 1 error (bad lineage, value not found); 2 usage.
#include <iostream>
#include <string>
#include <vector>

#include "absl/flags/flag.h"
#include "absl/flags/parse.h"
#include "absl/flags/usage.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "stages/inspect/lineage/report_path.h"
#include "stages/inspect/lineage/value_path.h"

ABSL_FLAG(std::string, workspace, "",
          "Workspace root, to read source inputs (default: $BUILD_WORKSPACE_DIRECTORY).");
ABSL_FLAG(std::string, bin, "", "bazel-bin directory (default: <workspace>/bazel-bin if present).");
ABSL_FLAG(bool, all, false, "List every input of every upstream stage, not only the value's path.");
ABSL_FLAG(int, round_min_decimals, 2,
          "A query needs at least this many decimals to match more precise numbers by rounding.");

int main(int argc, char** argv) {
  absl::SetProgramUsageMessage(
      "lineage <report dir | lineage.json | provenance.json | //reports:name> "
      "<number | cell id | token key> [--all]");
  std::vector<char*> args = absl::ParseCommandLine(argc, argv);
  if (args.size() != 3) {
    std::cerr << "usage: lineage <report dir | lineage.json | provenance.json | //reports:name> "
                 "<number | cell id | token key> [--all] [--workspace=DIR] [--bin=DIR]\n";
    return 2;
  }
  repro::lineage::TraceOptions options;
  options.workspace = repro::lineage::WorkspaceDir(absl::GetFlag(FLAGS_workspace));
  options.bin_dir = absl::GetFlag(FLAGS_bin);
  if (options.bin_dir.empty()) options.bin_dir = repro::lineage::BinDir(options.workspace);
  // The output base's external/ (the histories, the generated experiments).
  options.external_dir = repro::lineage::ExternalDir(options.bin_dir);
  options.all = absl::GetFlag(FLAGS_all);
  options.search.min_round_decimals = absl::GetFlag(FLAGS_round_min_decimals);

  const std::string report = repro::lineage::ResolveReport(args[1], options.bin_dir);
  absl::StatusOr<std::string> text = repro::lineage::TraceValue(report, args[2], options);
  if (!text.ok()) {
    std::cerr << "lineage: " << text.status().message() << "\n";
    return 1;
  }
  std::cout << *text;
  return 0;
}
