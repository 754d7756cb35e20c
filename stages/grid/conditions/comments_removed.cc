#include "stages/grid/conditions/comments_removed.h"

#include <set>
#include <string>
#include <utility>

#include "stages/corpus/chunker.h"
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
  std::set<std::string> changed;
  for (int i = 0; i < base.files_size(); ++i) {
    if (out.snapshot.files(i).sha256() != base.files(i).sha256()) {
      changed.insert(base.files(i).path());
    }
  }
  ASSIGN_OR_RETURN(out.chunks,
                   corpus::ChunkSnapshotFiles(out.snapshot, languages, [&](absl::string_view path) {
                     return changed.count(std::string(path)) > 0;
                   }));
  return out;
}

[[maybe_unused]] const bool kRegistered =
    RegisterTransform(CONDITION_KIND_COMMENTS_REMOVED, &RemoveCommentsFromCorpus);

}  // namespace

}  // namespace repro::grid
