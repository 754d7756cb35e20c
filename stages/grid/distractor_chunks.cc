#include "stages/grid/distractor_chunks.h"

#include "absl/strings/str_cat.h"
#include "stages/corpus/chunker.h"
#include "stages/corpus/go_functions.h"
#include "stages/framework/pipeline/status_macros.h"

namespace repro::grid {

absl::StatusOr<corpus::ChunkSet> DistractorChunks(const std::vector<DistractorFile>& files) {
  corpus::ChunkSet chunks;
  corpus::GoFunctionParser parser;
  for (const DistractorFile& d : files) {
    ASSIGN_OR_RETURN(const bool suspect,
                     corpus::ChunkFile(parser, d.path, d.source, chunks.mutable_chunks()));
    if (suspect) {
      return absl::InternalError(absl::StrCat("distractor ", d.path, " does not parse as Go"));
    }
  }
  return chunks;
}

}  // namespace repro::grid
