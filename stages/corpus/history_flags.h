// The flags of the corpus stages that read the extracted history (snapshot,
// validate_tasks, labels), for their messages: --history, where the commits
// come from ("the clone given by GITLAB_RUNNER_GIT"), and --remedy, what to do
// about a missing one. Both come from the task set's git_history repository
// (history.bzl). HistoryFromFlags returns them after RunStage parsed the
// command line; a flag not given is "".
#ifndef REPRO_STAGES_CORPUS_HISTORY_FLAGS_H_
#define REPRO_STAGES_CORPUS_HISTORY_FLAGS_H_

#include <string>

namespace repro {
namespace corpus {

struct HistoryMessages {
  std::string description;  // --history
  std::string remedy;       // --remedy
};

HistoryMessages HistoryFromFlags();

}  // namespace corpus
}  // namespace repro

#endif  // REPRO_STAGES_CORPUS_HISTORY_FLAGS_H_
