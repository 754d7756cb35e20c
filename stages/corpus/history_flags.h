// The flags of the corpus stages that read the extracted history (snapshot,
// validate_tasks, labels), and the messages the stages compose from them.
// The flags carry data only, from the task set's git_history repository
// (history.bzl, SET_DATA "history_source"); the words are here:
//   --history_source=fixture --fixture_history=<workspace path of the
//       fixture history> --task_file=<workspace path of the task file>
//   --history_source=clone --clone_env=<variable naming the clone>
//       --history_repository=<the set's git_history repository>
// HistoryFromFlags returns, after RunStage parsed the command line:
//   description  where the commits come from ("the fixture history built
//                from <path>", "the clone given by <VAR>")
//   remedy       what to do about a commit it lacks (fix the id in the task
//                file; fetch it into the clone, then `bazel sync --only=<repo>`)
// Without --history_source both are "" (a stage run by hand); an unknown
// source is InvalidArgument naming it.
#ifndef REPRO_STAGES_CORPUS_HISTORY_FLAGS_H_
#define REPRO_STAGES_CORPUS_HISTORY_FLAGS_H_

#include <string>

#include "absl/status/statusor.h"

namespace repro {
namespace corpus {

struct HistoryMessages {
  std::string description;
  std::string remedy;
};

absl::StatusOr<HistoryMessages> HistoryFromFlags();

}  // namespace corpus
}  // namespace repro

#endif  // REPRO_STAGES_CORPUS_HISTORY_FLAGS_H_
