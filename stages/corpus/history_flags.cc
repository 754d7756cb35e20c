#include "stages/corpus/history_flags.h"

#include "absl/flags/flag.h"
#include "absl/strings/str_cat.h"

ABSL_FLAG(std::string, history_source, "", "Where the commits come from: fixture or clone.");
ABSL_FLAG(std::string, fixture_history, "", "fixture: the fixture history's workspace path.");
ABSL_FLAG(std::string, task_file, "", "fixture: the task file's workspace path.");
ABSL_FLAG(std::string, clone_env, "", "clone: the environment variable naming the clone.");
ABSL_FLAG(std::string, history_repository, "", "clone: the set's git_history repository.");

namespace repro {
namespace corpus {

absl::StatusOr<HistoryMessages> HistoryFromFlags() {
  const std::string source = absl::GetFlag(FLAGS_history_source);
  if (source.empty()) return HistoryMessages{};
  if (source == "fixture") {
    return HistoryMessages{
        absl::StrCat("the fixture history built from ", absl::GetFlag(FLAGS_fixture_history)),
        absl::StrCat("fix the commit id in ", absl::GetFlag(FLAGS_task_file),
                     " (the ids are listed in the repository's fixture_commits.tsv)")};
  }
  if (source == "clone") {
    return HistoryMessages{
        absl::StrCat("the clone given by ", absl::GetFlag(FLAGS_clone_env)),
        absl::StrCat("fetch it into the clone (git -C <clone> fetch origin; a shallow clone needs "
                     "git fetch --unshallow), then refetch the repository: bazel sync --only=",
                     absl::GetFlag(FLAGS_history_repository))};
  }
  return absl::InvalidArgumentError(
      absl::StrCat("--history_source: expected fixture or clone, found '", source, "'"));
}

}  // namespace corpus
}  // namespace repro
