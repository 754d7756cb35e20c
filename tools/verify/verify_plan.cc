#include "tools/verify/verify_plan.h"

#include <algorithm>
#include <utility>

#include "absl/strings/str_cat.h"
#include "stages/pipeline/sha256.h"

namespace repro {

absl::StatusOr<std::vector<PlannedOutput>> VerifyPlan(const schemas::Lineage& lineage, int sample,
                                                      uint64_t seed) {
  if (sample < 0)
    return absl::InvalidArgumentError(absl::StrCat("--sample: expected >= 0, found ", sample));
  if (lineage.stages_size() == 0) return absl::InvalidArgumentError("the lineage records no stage");
  std::vector<std::pair<std::string, int>> order;  // (sort key, stage index)
  for (int i = 0; i < lineage.stages_size(); ++i) {
    const std::string& label = lineage.stages(i).label();
    order.emplace_back(sample > 0 ? Sha256Hex(absl::StrCat(seed, "\n", label)) : label, i);
  }
  std::sort(order.begin(), order.end());
  if (sample > 0 && sample < static_cast<int>(order.size())) order.resize(sample);
  std::sort(order.begin(), order.end(), [&](const auto& a, const auto& b) {
    return lineage.stages(a.second).label() < lineage.stages(b.second).label();
  });
  std::vector<PlannedOutput> out;
  for (const auto& [key, i] : order) {
    const schemas::Provenance& p = lineage.stages(i);
    for (const schemas::FileDigest& o : p.outputs())
      out.push_back({p.label(), o.path(), o.sha256()});
  }
  return out;
}

}  // namespace repro
