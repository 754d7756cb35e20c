#include "stages/corpus/corpus_path.h"

namespace repro {
namespace corpus {

bool IsCorpusMode(absl::string_view mode) { return mode == "100644" || mode == "100755"; }

}  // namespace corpus
}  // namespace repro
