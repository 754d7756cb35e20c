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
#include <cstdlib>
#include <filesystem>
#include <iostream>
#include <string>
#include <vector>

#include "absl/flags/flag.h"
#include "absl/flags/parse.h"
#include "absl/flags/usage.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "tools/lineage/explain.h"

ABSL_FLAG(std::string, workspace, "",
          "Workspace root, to read source inputs (default: $BUILD_WORKSPACE_DIRECTORY).");
ABSL_FLAG(std::string, bin, "", "bazel-bin directory (default: <workspace>/bazel-bin if present).");
ABSL_FLAG(bool, all, false, "List every input of every upstream stage, not only the value's path.");
ABSL_FLAG(int, round_min_decimals, 2,
          "A query needs at least this many decimals to match more precise numbers by rounding.");

namespace fs = std::filesystem;

namespace {

std::string Env(const char* name) {
  const char* v = std::getenv(name);
  return v == nullptr ? "" : v;
}

bool Exists(const fs::path& p) {
  std::error_code ec;
  return fs::exists(p, ec);
}

std::string ResolveReport(const std::string& arg, const std::string& bin) {
  if (absl::StartsWith(arg, "//")) {
    std::string label = arg.substr(2);
    const size_t colon = label.find(':');
    const std::string pkg = colon == std::string::npos ? label : label.substr(0, colon);
    const std::string name =
        colon == std::string::npos ? fs::path(label).filename().string() : label.substr(colon + 1);
    return (fs::path(bin.empty() ? "bazel-bin" : bin) / pkg / name).string();
  }
  fs::path p(arg);
  if (p.is_absolute()) return arg;
  const std::string cwd = Env("BUILD_WORKING_DIRECTORY");
  const fs::path from_cwd = cwd.empty() ? p : fs::path(cwd) / p;
  if (Exists(from_cwd) || bin.empty()) return from_cwd.string();
  const fs::path from_bin = fs::path(bin) / p;
  return Exists(from_bin) ? from_bin.string() : from_cwd.string();
}

}  // namespace

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
  repro::ExplainOptions options;
  options.workspace = absl::GetFlag(FLAGS_workspace);
  if (options.workspace.empty()) options.workspace = Env("BUILD_WORKSPACE_DIRECTORY");
  options.bin_dir = absl::GetFlag(FLAGS_bin);
  if (options.bin_dir.empty() && !options.workspace.empty() &&
      Exists(fs::path(options.workspace) / "bazel-bin")) {
    options.bin_dir = (fs::path(options.workspace) / "bazel-bin").string();
  }
  // The output base's external/ (the histories, the generated experiments):
  // bazel-bin is <output base>/execroot/<workspace>/bazel-out/<config>/bin.
  if (!options.bin_dir.empty()) {
    std::error_code ec;
    fs::path base = fs::canonical(options.bin_dir, ec);
    for (int up = 0; up < 5; ++up) base = base.parent_path();
    if (!ec && Exists(base / "external")) options.external_dir = (base / "external").string();
  }
  options.all = absl::GetFlag(FLAGS_all);
  options.search.min_round_decimals = absl::GetFlag(FLAGS_round_min_decimals);

  const std::string report = ResolveReport(args[1], options.bin_dir);
  absl::StatusOr<std::string> text = repro::ExplainValue(report, args[2], options);
  if (!text.ok()) {
    std::cerr << "lineage: " << text.status().message() << "\n";
    return 1;
  }
  std::cout << *text;
  return 0;
}
