#include "stages/retrieval/fusion.h"

#include <algorithm>

#include "absl/container/flat_hash_map.h"
#include "absl/container/flat_hash_set.h"
#include "absl/status/status.h"
#include "absl/strings/str_cat.h"

namespace repro::retrieval {

absl::StatusOr<std::vector<ScoredId>> ReciprocalRankFusion(
    absl::Span<const std::vector<ScoredId>> legs, int k) {
  if (k < 1) {
    return absl::InvalidArgumentError(absl::StrCat("RRF: k must be >= 1, found ", k));
  }
  absl::flat_hash_map<uint32_t, double> fused;
  for (size_t l = 0; l < legs.size(); ++l) {
    absl::flat_hash_set<uint32_t> seen;
    for (size_t r = 0; r < legs[l].size(); ++r) {
      const uint32_t id = legs[l][r].id;
      if (!seen.insert(id).second) {
        return absl::InvalidArgumentError(
            absl::StrCat("RRF: id ", id, " appears twice in leg ", l, " (rank ", r + 1, ")"));
      }
      fused[id] += 1.0 / (static_cast<double>(k) + static_cast<double>(r + 1));
    }
  }
  std::vector<ScoredId> out;
  out.reserve(fused.size());
  for (const auto& [id, score] : fused) out.push_back({id, score});
  std::sort(out.begin(), out.end(), ScoreThenIdLess);
  return out;
}

}  // namespace repro::retrieval
