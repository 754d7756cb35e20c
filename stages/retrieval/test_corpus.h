// Test helpers: small hand-made Snapshot and ChunkSet protos.
//
// MakeSnapshot computes every file's sha256 and bytes and the snapshot hash
// the way corpus.proto defines it (manifest lines, with a fake blob id).
// NaiveChunks is a stand-in for the corpus stage's tree-sitter chunker, good
// enough for test files written in gofmt style: a chunk per top-level `func`
// from its line to the first following line that is exactly "}", named
// "Func" or "Recv.Method", then one rest-of-file chunk (function "",
// start_line 1, end_line = line count, the remaining lines).
#ifndef REPRO_STAGES_RETRIEVAL_TEST_CORPUS_H_
#define REPRO_STAGES_RETRIEVAL_TEST_CORPUS_H_

#include <string>
#include <utility>
#include <vector>

#include "stages/corpus/corpus.pb.h"

namespace repro::retrieval::testing {

using PathContent = std::pair<std::string, std::string>;

corpus::Snapshot MakeSnapshot(const std::string& repository, std::vector<PathContent> files);

// Chunks of one file, appended to `out`.
void NaiveChunkFile(const std::string& path, const std::string& content, corpus::ChunkSet* out);

corpus::ChunkSet NaiveChunks(const corpus::Snapshot& snapshot);

// A five-file Go corpus of repository "unit" used by several tests.
corpus::Snapshot SmallGoSnapshot();

}  // namespace repro::retrieval::testing

#endif  // REPRO_STAGES_RETRIEVAL_TEST_CORPUS_H_
