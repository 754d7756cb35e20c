// A corpus transform applied file by file (S003, S004): every file of a
// snapshot through a function of the file and its language's parser (one
// FunctionParser per language, created on first use), with the checks every
// such transform owes the cells that keep the base chunks by line range.
//
// TransformFiles returns the snapshot with each present file's content
// replaced by the text `transform` returns, its sha256 and the
// snapshot_sha256 recomputed (snapshot.h); paths, blob ids, sizes and
// missing blobs as they were. A file of none of `languages` is
// InvalidArgument naming it and the commit; an error of `transform` is
// returned as it is. A transformed text of another byte length is
// InternalError, and so is one that parses with an ERROR or MISSING node
// when the original (TransformedText::had_error) did not: the transform
// must never break a file (one already suspect stays as transformed). Both
// name `what` ("S004: renaming the identifiers"), the file, the commit and
// the grammar.
//
// ChunkChangedFiles(base, out, languages) is the chunk set a corpus
// transform returns (transform_registry.h): the files of `out` whose
// content differs from `base`'s (the same paths, in order: TransformFiles'
// result) chunked by the same chunker (ChunkSnapshotFiles), with `out`'s
// snapshot_sha256.
#ifndef REPRO_STAGES_GRID_CONDITIONS_FILE_TRANSFORM_H_
#define REPRO_STAGES_GRID_CONDITIONS_FILE_TRANSFORM_H_

#include <functional>
#include <string>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "stages/corpus/corpus.pb.h"
#include "stages/corpus/functions.h"
#include "stages/corpus/language_set.h"

namespace repro::grid {

struct TransformedText {
  std::string text;
  bool had_error = false;  // the original's tree has an ERROR or MISSING node
};

using FileTransform = std::function<absl::StatusOr<TransformedText>(
    const corpus::SourceFile& file, corpus::FunctionParser& parser)>;

absl::StatusOr<corpus::Snapshot> TransformFiles(const corpus::Snapshot& snapshot,
                                                const corpus::LanguageSet& languages,
                                                absl::string_view what,
                                                const FileTransform& transform);

absl::StatusOr<corpus::ChunkSet> ChunkChangedFiles(const corpus::Snapshot& base,
                                                   const corpus::Snapshot& out,
                                                   const corpus::LanguageSet& languages);

}  // namespace repro::grid

#endif  // REPRO_STAGES_GRID_CONDITIONS_FILE_TRANSFORM_H_
