// IsCorpusMode: only regular blobs (git mode 100644 or 100755) can be corpus
// files; symlinks (120000) and submodules never are. Which paths are is the
// task set's languages' business (language_set.h).
#ifndef REPRO_STAGES_CORPUS_CORPUS_PATH_H_
#define REPRO_STAGES_CORPUS_CORPUS_PATH_H_

#include "absl/strings/string_view.h"

namespace repro {
namespace corpus {

bool IsCorpusMode(absl::string_view mode);

}  // namespace corpus
}  // namespace repro

#endif  // REPRO_STAGES_CORPUS_CORPUS_PATH_H_
