// Filling the SQLite vector cache from an embedding server: the work of
// `bazel run //stages/grid:fill_vector_cache` (stages/grid/commands/fill_vector_cache_main.cc).
//
// The texts are exactly those a harness embeds: the chunk documents
// DocumentText(path, chunk text) of each corpus (retrieval_corpus.h) and the
// query texts. Texts already in the cache under (model id, model sha256) are
// skipped; the rest are embedded in batches of `batch` and stored, one
// transaction per batch, in text-sha256 order. An interrupted fill (even
// kill -9) keeps every batch it committed (SQLite's rollback journal drops
// only the batch in flight), and the next fill embeds only what is missing.
//
// Progress: after each stored batch, `on_batch` (if set) gets the counts so
// far; ProgressLine formats them as one terminal line with a bar, the rate
// and the ETA (for stderr: times never reach an artifact).
#ifndef REPRO_STAGES_RETRIEVAL_VECTOR_CACHE_FILL_H_
#define REPRO_STAGES_RETRIEVAL_VECTOR_CACHE_FILL_H_

#include <cstdint>
#include <functional>
#include <string>
#include <utility>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/types/span.h"
#include "stages/corpus/corpus.pb.h"
#include "stages/retrieval/embedding_backend.h"
#include "stages/retrieval/vector_cache.h"

namespace repro::retrieval {

// DocumentText of every chunk, in ChunkSet order.
std::vector<std::string> ChunkTexts(const corpus::ChunkSet& chunks);

// A fixed sample of `texts`: its distinct texts in text-sha256 order (the
// order a fill embeds them in), the first `limit` of them; all for limit 0.
// Into an empty cache, a fill of the sample sends exactly the first requests
// of a fill of every text. Each element is (text sha256 hex, text).
std::vector<std::pair<std::string, std::string>> SampleTexts(absl::Span<const std::string> texts,
                                                             int64_t limit);

struct FillStats {
  int64_t texts = 0;     // given
  int64_t unique = 0;    // distinct by sha256
  int64_t present = 0;   // already cached
  int64_t embedded = 0;  // embedded and stored now
};

// The state of a fill after a stored batch.
struct FillProgress {
  int64_t embedded = 0;  // embedded and stored so far in this fill
  int64_t missing = 0;   // to embed in this fill (unique texts not cached at the start)
};

using FillProgressFn = std::function<void(const FillProgress&)>;

absl::StatusOr<FillStats> FillVectorCache(absl::Span<const std::string> texts,
                                          EmbeddingBackend& backend, VectorCacheWriter& cache,
                                          int batch = 256, const FillProgressFn& on_batch = {});

// "[#######.............]  350/1000 texts  35.0 texts/s  ETA 18s" for
// `progress` after `elapsed_seconds` (> 0): bar of 20 cells, rate =
// embedded / elapsed, ETA = (missing - embedded) / rate, whole seconds,
// as "1h02m03s", "2m03s" or "3s"; "ETA ?" while the rate is 0.
std::string ProgressLine(const FillProgress& progress, double elapsed_seconds);

}  // namespace repro::retrieval

#endif  // REPRO_STAGES_RETRIEVAL_VECTOR_CACHE_FILL_H_
