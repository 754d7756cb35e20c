// bazel run //tools/tasks:import -- --format=swe-bench|multi-swe-bench|swe-polybench
//     [--repo=<owner>/<name>] <records file> <task file.jsonl>
//
// Converts a benchmark's records (a JSON array or JSON Lines, as the
// benchmarks' dataset pages export them) into the project's task file
// (importer.h; docs/tasks.md, "Importing a benchmark's records"), written
// whole or not at all (a temporary file renamed over the output). stderr
// sums up what was read, skipped and left unread. Relative paths are taken
// from where `bazel run` was started.
#include <cstdlib>
#include <iostream>
#include <string>
#include <vector>

#include "absl/flags/flag.h"
#include "absl/flags/parse.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "stages/framework/pipeline/file_io.h"
#include "tools/tasks/importer.h"

ABSL_FLAG(std::string, format, "",
          "The records' format: swe-bench (SWE-bench, Lite, Verified), multi-swe-bench, "
          "swe-polybench.");
ABSL_FLAG(std::string, repo, "",
          "owner/name: import this repository's records, skip the others (needed when the file "
          "holds several).");

namespace {

int Fail(const std::string& message) {
  std::cerr << "import: " << message << "\n";
  return 1;
}

std::string FromWorkingDirectory(const std::string& path) {
  const char* cwd = std::getenv("BUILD_WORKING_DIRECTORY");
  return path.empty() || path[0] == '/' || cwd == nullptr ? path : absl::StrCat(cwd, "/", path);
}

std::string BaseName(const std::string& path) { return path.substr(path.rfind('/') + 1); }

std::string Summary(const repro::tasks::ImportSummary& s, const std::string& input) {
  std::vector<std::string> unread;
  for (const auto& [field, n] : s.unread_fields)
    unread.push_back(absl::StrCat(field, " (", n, ")"));
  return absl::StrCat("import: ", s.imported, " task(s) from ", s.records, " record(s) of ", input,
                      "; skipped ", s.other_repositories,
                      " record(s) of other repositories; fields not read (records): ",
                      unread.empty() ? "none" : absl::StrJoin(unread, ", "));
}

}  // namespace

int main(int argc, char** argv) {
  const std::vector<char*> args = absl::ParseCommandLine(argc, argv);
  if (args.size() != 3) {
    return Fail(
        "usage: bazel run //tools/tasks:import -- --format=swe-bench|multi-swe-bench|swe-polybench "
        "[--repo=<owner>/<name>] <records file> <task file.jsonl>");
  }
  absl::StatusOr<repro::tasks::RecordFormat> format =
      repro::tasks::ParseRecordFormat(absl::GetFlag(FLAGS_format));
  if (!format.ok()) return Fail(std::string(format.status().message()));
  const std::string input = args[1];
  const std::string output = args[2];
  if (!absl::EndsWith(output, ".jsonl")) {
    return Fail(absl::StrCat("output ", output,
                             ": expected a name ending in .jsonl (a JSON Lines task file is "
                             "read by its extension)"));
  }
  absl::StatusOr<std::string> text = repro::ReadFile(FromWorkingDirectory(input));
  if (!text.ok()) return Fail(std::string(text.status().message()));
  repro::tasks::ImportOptions options{*format, absl::GetFlag(FLAGS_repo), BaseName(input)};
  repro::tasks::ImportSummary summary;
  absl::StatusOr<std::string> tasks = repro::tasks::ImportTasks(*text, input, options, &summary);
  if (!tasks.ok()) return Fail(std::string(tasks.status().message()));
  if (absl::Status s = repro::WriteFileAtomically(FromWorkingDirectory(output), *tasks); !s.ok()) {
    return Fail(std::string(s.message()));
  }
  std::cerr << Summary(summary, input) << "\n";
  return 0;
}
