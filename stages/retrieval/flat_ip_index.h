// Exact inner-product search with FAISS IndexFlatIP over L2-normalised
// vectors (so the score is the cosine similarity), rebuilt for every corpus.
//
// Determinism contract:
//  - FAISS computes exact search with its own SIMD kernel for fewer than
//    faiss::distance_compute_blas_threshold (20) queries per call and with a
//    BLAS sgemm for more; the two can differ in the last bits. This class
//    always calls FAISS with ONE query at a time, so Search and SearchBatch
//    return identical scores whatever the batch size (tested).
//  - FAISS selects the top k with a heap whose order among equal scores is
//    not ours. We ask FAISS for every vector (k = size()) and order the
//    results ourselves: score (float32, as FAISS computed it) descending, then
//    caller id ascending; then cut at `limit`. Ties at the cut are thus
//    broken by id, not by heap order.
//
// Shapes: vectors are row-major, n x dims, float32; `ids[i]` is the caller's
// id of row i (the harness passes chunk ids, in chunk key order).
// Errors: InvalidArgument on a shape mismatch or a non-finite value.
#ifndef REPRO_STAGES_RETRIEVAL_FLAT_IP_INDEX_H_
#define REPRO_STAGES_RETRIEVAL_FLAT_IP_INDEX_H_

#include <cstdint>
#include <memory>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/types/span.h"
#include "faiss/IndexFlat.h"
#include "stages/retrieval/bm25.h"

namespace repro::retrieval {

class FlatIpIndex {
 public:
  static absl::StatusOr<FlatIpIndex> Build(int dims, absl::Span<const float> vectors,
                                           std::vector<uint32_t> ids);

  int dims() const { return dims_; }
  int64_t size() const { return static_cast<int64_t>(ids_.size()); }
  // Bytes of the stored vectors: 4 * dims * size.
  int64_t bytes() const { return 4 * static_cast<int64_t>(dims_) * size(); }

  // The best `limit` rows (0 = all) for one query of `dims` floats.
  absl::StatusOr<std::vector<ScoredId>> Search(absl::Span<const float> query,
                                               size_t limit = 0) const;
  // Row-major queries (nq x dims); result i equals Search(query i, limit).
  absl::StatusOr<std::vector<std::vector<ScoredId>>> SearchBatch(absl::Span<const float> queries,
                                                                 size_t limit = 0) const;

 private:
  int dims_ = 0;
  std::vector<uint32_t> ids_;
  std::unique_ptr<faiss::IndexFlatIP> index_;
};

}  // namespace repro::retrieval

#endif  // REPRO_STAGES_RETRIEVAL_FLAT_IP_INDEX_H_
