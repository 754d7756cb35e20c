// Function-level chunks of a snapshot (schema: ChunkSet in corpus.proto).
//
// For every file of the snapshot (path order), one Chunk per function of
// the file's language (functions.h, by the language's rules: name, 1-based
// inclusive line range,
// text = those whole lines, each with its '\n' when the file has one), in
// order of start line; then exactly one rest-of-file chunk: function "",
// start_line 1, end_line = the file's line count, text = every line not
// inside a function's range, in order (package clause, imports, types,
// vars, doc comments, ...). Line count: the number of '\n', plus one if the
// file does not end with '\n' (0 for an empty file).
//
// Files whose parse tree has ERROR/MISSING nodes are listed in
// suspect_files (their chunks are kept). ChunkSet.chunker is
// "<grammar ids> / <kChunkerRevision>" ("tree-sitter-go 0.23.4 / chunker
// v1"); bump the revision when the output for a given input changes.
#ifndef REPRO_STAGES_CORPUS_CHUNKER_H_
#define REPRO_STAGES_CORPUS_CHUNKER_H_

#include <functional>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "stages/corpus/corpus.pb.h"
#include "stages/corpus/functions.h"
#include "stages/corpus/language_set.h"

namespace repro {
namespace corpus {

extern const char kChunkerRevision[];

// Splits `content` into lines, each keeping its '\n'.
std::vector<absl::string_view> SplitLines(absl::string_view content);

// Chunks of one file; appends to `out`. Returns whether the file is suspect.
absl::StatusOr<bool> ChunkFile(FunctionParser& parser, absl::string_view path,
                               absl::string_view content,
                               google::protobuf::RepeatedPtrField<Chunk>* out);

// Every file of `snapshot` must carry its content and be of one of
// `languages`, whose rules read it. ChunkSet.chunker names the grammar of
// each language the snapshot has a file of, in `languages` order, joined by
// ", ".
absl::StatusOr<ChunkSet> ChunkSnapshot(const Snapshot& snapshot, const LanguageSet& languages);

// ChunkSnapshot of only the files for whose path `chunk` is true (the files a
// stored snapshot holds, stored_corpus.h); `chunker` is still that of the
// whole snapshot. The work is the chosen files', not the snapshot's.
absl::StatusOr<ChunkSet> ChunkSnapshotFiles(const Snapshot& snapshot, const LanguageSet& languages,
                                            const std::function<bool(absl::string_view)>& chunk);

}  // namespace corpus
}  // namespace repro

#endif  // REPRO_STAGES_CORPUS_CHUNKER_H_
