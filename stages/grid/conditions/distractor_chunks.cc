#include "stages/grid/conditions/distractor_chunks.h"

#include "absl/strings/str_cat.h"
#include "stages/corpus/chunker.h"
#include "stages/framework/pipeline/status_macros.h"

namespace repro::grid {

absl::StatusOr<corpus::ChunkSet> DistractorChunks(const std::vector<DistractorFile>& files,
                                                  corpus::FunctionParser& parser) {
  corpus::ChunkSet chunks;
  for (const DistractorFile& d : files) {
    ASSIGN_OR_RETURN(const bool suspect,
                     corpus::ChunkFile(parser, d.path, d.source, chunks.mutable_chunks()));
    if (suspect) {
      return absl::InternalError(
          absl::StrCat("distractor ", d.path, " does not parse with ", parser.grammar()));
    }
  }
  return chunks;
}

}  // namespace repro::grid
