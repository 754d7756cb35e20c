#include "stages/grid/conditions/comments_removed.h"

#include <string>
#include <utility>

#include "stages/corpus/functions.h"
#include "stages/framework/pipeline/status_macros.h"
#include "stages/grid/conditions/file_transform.h"
#include "stages/grid/conditions/transform_registry.h"

namespace repro::grid {

absl::StatusOr<corpus::Snapshot> RemoveComments(const corpus::Snapshot& snapshot,
                                                const corpus::LanguageSet& languages,
                                                int* comments) {
  int blanked = 0;
  ASSIGN_OR_RETURN(
      corpus::Snapshot out,
      TransformFiles(snapshot, languages, "S003: blanking the comments",
                     [&](const corpus::SourceFile& f,
                         corpus::FunctionParser& parser) -> absl::StatusOr<TransformedText> {
                       ASSIGN_OR_RETURN(corpus::BlankedFile b, parser.BlankComments(f.content()));
                       blanked += b.comments;
                       return TransformedText{std::move(b.text), b.has_error};
                     }));
  if (comments != nullptr) *comments = blanked;
  return out;
}

namespace {

// S003's corpus transform: the snapshot with its comments blanked, and the
// chunks of the files that had comments.
absl::StatusOr<TransformedCorpus> RemoveCommentsFromCorpus(const corpus::Snapshot& base,
                                                           const corpus::ChunkSet& /*base_chunks*/,
                                                           const corpus::LanguageSet& languages) {
  TransformedCorpus out;
  ASSIGN_OR_RETURN(out.snapshot, RemoveComments(base, languages, &out.changed));
  ASSIGN_OR_RETURN(out.chunks, ChunkChangedFiles(base, out.snapshot, languages));
  return out;
}

[[maybe_unused]] const bool kRegistered =
    RegisterTransform("comments_removed", &RemoveCommentsFromCorpus);

}  // namespace

}  // namespace repro::grid
