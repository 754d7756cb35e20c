// Filling the SQLite vector cache from an embedding server: the work of
// `bazel run //stages/retrieval:fill_vector_cache` (fill_vector_cache_main.cc).
//
// The texts are exactly those a harness embeds: the chunk documents
// DocumentText(path, chunk text) of each corpus (retrieval_corpus.h) and the
// query texts. Texts already in the cache under (model id, model sha256) are
// skipped; the rest are embedded in batches of `batch` and stored, one
// transaction per batch (so an interrupted fill keeps what it finished).
#ifndef REPRO_STAGES_RETRIEVAL_VECTOR_CACHE_FILL_H_
#define REPRO_STAGES_RETRIEVAL_VECTOR_CACHE_FILL_H_

#include <cstdint>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/types/span.h"
#include "stages/corpus/corpus.pb.h"
#include "stages/retrieval/embedding_backend.h"
#include "stages/retrieval/vector_cache.h"

namespace repro::retrieval {

// DocumentText of every chunk, in ChunkSet order.
std::vector<std::string> ChunkTexts(const corpus::ChunkSet& chunks);

struct FillStats {
  int64_t texts = 0;     // given
  int64_t unique = 0;    // distinct by sha256
  int64_t present = 0;   // already cached
  int64_t embedded = 0;  // embedded and stored now
};

absl::StatusOr<FillStats> FillVectorCache(absl::Span<const std::string> texts,
                                          EmbeddingBackend& backend, VectorCacheWriter& cache,
                                          int batch = 256);

}  // namespace repro::retrieval

#endif  // REPRO_STAGES_RETRIEVAL_VECTOR_CACHE_FILL_H_
