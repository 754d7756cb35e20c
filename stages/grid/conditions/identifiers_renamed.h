// S004, identifiers renamed: the snapshot a cell indexes with every name
// each file defines renamed, consistently within the file, to an opaque
// name of the same byte length, by the rules of each file's language (the
// language's queries/identifiers.scm; FunctionParser::RenameIdentifiers,
// functions.h; the scheme: stages/corpus/internal/identifier_renaming.h).
// The salt of a file's names is its path, so a file's renaming depends on
// its path and its text alone. Every file keeps its length and its lines,
// so line numbers, every chunk's line range and the gold labels (at base,
// kept by range) are unchanged.
//
// RenameIdentifiers returns the transformed snapshot: each present file's
// content, sha256 and the snapshot_sha256 recomputed (snapshot.h), blob_id
// and missing blobs as they were; `renamed` (may be null) gets the number
// of distinct names renamed, summed over the files. Each transformed file
// is checked (file_transform.h): a file that parsed without an ERROR or
// MISSING node and does not any more is InternalError naming it, the commit
// and the grammar (the transform must never break a file; a file already
// suspect stays renamed as it is), and so is a file whose byte length
// changed. A file of none of `languages` is InvalidArgument.
//
// Linking this library registers S004's corpus transform as
// "identifiers_renamed" (transform_registry.h): RenameIdentifiers, then the
// renamed files chunked again by the same chunker, each chunk named as the
// base chunk of its path and line range (the gold labels at base name
// chunks by the base's names); a chunk range the base lacks is
// InternalError naming the file and the lines.
#ifndef REPRO_STAGES_GRID_CONDITIONS_IDENTIFIERS_RENAMED_H_
#define REPRO_STAGES_GRID_CONDITIONS_IDENTIFIERS_RENAMED_H_

#include "absl/status/statusor.h"
#include "stages/corpus/corpus.pb.h"
#include "stages/corpus/language_set.h"

namespace repro::grid {

absl::StatusOr<corpus::Snapshot> RenameIdentifiers(const corpus::Snapshot& snapshot,
                                                   const corpus::LanguageSet& languages,
                                                   int* renamed);

}  // namespace repro::grid

#endif  // REPRO_STAGES_GRID_CONDITIONS_IDENTIFIERS_RENAMED_H_
