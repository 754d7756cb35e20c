// S003, comments removed: the snapshot a cell indexes with every comment,
// and every docstring where the language has them, blanked (its bytes but
// '\n' replaced by spaces), by the rules of each file's language
// (the language's queries/comments.scm; FunctionParser::BlankComments, functions.h).
// Every file keeps its length and its lines, so line numbers, every chunk's
// line range and the gold labels (at base) are unchanged.
//
// RemoveComments returns the transformed snapshot: each present file's
// content, sha256 and the snapshot_sha256 recomputed (snapshot.h), missing
// blobs as they were; `comments` (may be null) gets the number of nodes
// blanked. Each transformed file is checked (file_transform.h): a file that
// parsed without an ERROR or MISSING node and does not any more, or whose
// length changed, is InternalError naming it (the transform must never
// break a file; a file already suspect stays as it is). A file of none of
// `languages` is InvalidArgument.
//
// Linking this library registers S003's corpus transform as
// "comments_removed" (transform_registry.h): RemoveComments,
// then the files it changed chunked again by the same chunker.
#ifndef REPRO_STAGES_GRID_CONDITIONS_COMMENTS_REMOVED_H_
#define REPRO_STAGES_GRID_CONDITIONS_COMMENTS_REMOVED_H_

#include "absl/status/statusor.h"
#include "stages/corpus/corpus.pb.h"
#include "stages/corpus/language_set.h"

namespace repro::grid {

absl::StatusOr<corpus::Snapshot> RemoveComments(const corpus::Snapshot& snapshot,
                                                const corpus::LanguageSet& languages,
                                                int* comments);

}  // namespace repro::grid

#endif  // REPRO_STAGES_GRID_CONDITIONS_COMMENTS_REMOVED_H_
