#include "stages/corpus/history_flags.h"

#include "absl/flags/flag.h"

ABSL_FLAG(std::string, history, "", "Where the commits come from (for messages).");
ABSL_FLAG(std::string, remedy, "", "What to do when a commit is missing.");

namespace repro {
namespace corpus {

HistoryMessages HistoryFromFlags() {
  return {absl::GetFlag(FLAGS_history), absl::GetFlag(FLAGS_remedy)};
}

}  // namespace corpus
}  // namespace repro
