#include "stages/retrieval/flat_ip_index.h"

#include <algorithm>
#include <cmath>
#include <utility>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "stages/framework/pipeline/status_macros.h"

namespace repro::retrieval {

absl::StatusOr<FlatIpIndex> FlatIpIndex::Build(int dims, absl::Span<const float> vectors,
                                               std::vector<uint32_t> ids) {
  if (dims < 1) {
    return absl::InvalidArgumentError(absl::StrCat("FlatIpIndex: dims must be >= 1, found ", dims));
  }
  if (vectors.size() != ids.size() * static_cast<size_t>(dims)) {
    return absl::InvalidArgumentError(absl::StrCat("FlatIpIndex: expected ", ids.size(), " x ",
                                                   dims, " = ", ids.size() * dims,
                                                   " floats, found ", vectors.size()));
  }
  for (size_t i = 0; i < vectors.size(); ++i) {
    if (!std::isfinite(vectors[i])) {
      return absl::InvalidArgumentError(absl::StrCat("FlatIpIndex: non-finite value in row ",
                                                     i / dims, " (id ", ids[i / dims], ")"));
    }
  }
  FlatIpIndex index;
  index.dims_ = dims;
  index.ids_ = std::move(ids);
  index.index_ = std::make_unique<faiss::IndexFlatIP>(dims);
  if (!index.ids_.empty()) {
    index.index_->add(static_cast<faiss::Index::idx_t>(index.ids_.size()), vectors.data());
  }
  return index;
}

absl::StatusOr<std::vector<ScoredId>> FlatIpIndex::Search(absl::Span<const float> query,
                                                          size_t limit) const {
  if (query.size() != static_cast<size_t>(dims_)) {
    return absl::InvalidArgumentError(
        absl::StrCat("FlatIpIndex: query has ", query.size(), " floats, expected ", dims_));
  }
  std::vector<ScoredId> out;
  const faiss::Index::idx_t n = static_cast<faiss::Index::idx_t>(ids_.size());
  if (n == 0) return out;
  std::vector<float> distances(static_cast<size_t>(n));
  std::vector<faiss::Index::idx_t> labels(static_cast<size_t>(n));
  index_->search(1, query.data(), n, distances.data(), labels.data());
  out.reserve(static_cast<size_t>(n));
  for (faiss::Index::idx_t i = 0; i < n; ++i) {
    if (labels[i] < 0) continue;  // FAISS pads with -1 when fewer results exist
    out.push_back({ids_[static_cast<size_t>(labels[i])], static_cast<double>(distances[i])});
  }
  std::sort(out.begin(), out.end(), ScoreThenIdLess);
  if (limit != 0 && out.size() > limit) out.resize(limit);
  return out;
}

absl::StatusOr<std::vector<std::vector<ScoredId>>> FlatIpIndex::SearchBatch(
    absl::Span<const float> queries, size_t limit) const {
  if (queries.size() % static_cast<size_t>(dims_) != 0) {
    return absl::InvalidArgumentError(
        absl::StrCat("FlatIpIndex: ", queries.size(), " floats is not a multiple of dims ", dims_));
  }
  const size_t nq = queries.size() / static_cast<size_t>(dims_);
  std::vector<std::vector<ScoredId>> out;
  out.reserve(nq);
  for (size_t q = 0; q < nq; ++q) {
    ASSIGN_OR_RETURN(
        std::vector<ScoredId> r,
        Search(queries.subspan(q * static_cast<size_t>(dims_), static_cast<size_t>(dims_)), limit));
    out.push_back(std::move(r));
  }
  return out;
}

}  // namespace repro::retrieval
