#include "stages/studies/judge/list_metrics.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "stages/framework/pipeline/status_macros.h"

namespace repro::judge {
namespace {

// Index of the group of every id.
std::map<std::string, int> GroupIndex(const WeakOrder& order) {
  std::map<std::string, int> index;
  for (int g = 0; g < static_cast<int>(order.size()); ++g) {
    for (const std::string& id : order[g].ids) index[id] = g;
  }
  return index;
}

absl::Status Check(const WeakOrder& ground, const WeakOrder& predicted) {
  if (Size(ground) == 0) return absl::InvalidArgumentError("empty list");
  absl::Status s = CheckSameIds(ground, predicted);
  if (!s.ok()) {
    return absl::InvalidArgumentError(
        absl::StrCat("ground and predicted orders differ: ", s.message()));
  }
  return absl::OkStatus();
}

// Average 1-based ranks of every id of a weak order.
std::map<std::string, double> AverageRanks(const WeakOrder& order) {
  std::map<std::string, double> ranks;
  int before = 0;
  for (const Group& g : order) {
    const int m = static_cast<int>(g.ids.size());
    const double avg = before + (m + 1) / 2.0;
    for (const std::string& id : g.ids) ranks[id] = avg;
    before += m;
  }
  return ranks;
}

// C(a, r) / C(m, r) for 0 <= r <= m, a <= m: the probability that r draws
// without replacement from m items all come from a fixed subset of a items.
double AllFromSubset(int a, int m, int r) {
  double p = 1;
  for (int i = 0; i < r; ++i) {
    if (a - i <= 0) return 0;
    p *= static_cast<double>(a - i) / (m - i);
  }
  return p;
}

}  // namespace

absl::StatusOr<std::optional<double>> ListwisePairwiseAccuracy(const WeakOrder& ground,
                                                               const WeakOrder& predicted) {
  RETURN_IF_ERROR(Check(ground, predicted));
  const std::map<std::string, int> g = GroupIndex(ground);
  const std::map<std::string, int> p = GroupIndex(predicted);
  const std::vector<std::string> ids = Flatten(ground);
  double credit = 0;
  long pairs = 0;
  for (size_t i = 0; i < ids.size(); ++i) {
    for (size_t j = i + 1; j < ids.size(); ++j) {
      const int gi = g.at(ids[i]), gj = g.at(ids[j]);
      if (gi == gj) continue;
      ++pairs;
      const int pi = p.at(ids[i]), pj = p.at(ids[j]);
      if (pi == pj) {
        credit += 0.5;
      } else if ((pi < pj) == (gi < gj)) {
        credit += 1;
      }
    }
  }
  if (pairs == 0) return std::optional<double>();
  return std::optional<double>(credit / pairs);
}

absl::StatusOr<double> Top1(const WeakOrder& ground, const WeakOrder& predicted) {
  RETURN_IF_ERROR(Check(ground, predicted));
  const std::map<std::string, int> g = GroupIndex(ground);
  const Group& first = predicted.front();
  int best = 0;
  for (const std::string& id : first.ids) best += g.at(id) == 0;
  return static_cast<double>(best) / first.ids.size();
}

absl::StatusOr<std::optional<double>> BestInTopK(const WeakOrder& ground,
                                                 const WeakOrder& predicted, int k) {
  RETURN_IF_ERROR(Check(ground, predicted));
  if (k < 1) return absl::InvalidArgumentError(absl::StrCat("k must be >= 1, got ", k));
  if (Size(ground) <= k) return std::optional<double>();
  const std::map<std::string, int> g = GroupIndex(ground);
  int filled = 0;
  for (const Group& group : predicted) {
    const int m = static_cast<int>(group.ids.size());
    int best = 0;
    for (const std::string& id : group.ids) best += g.at(id) == 0;
    if (filled + m <= k) {
      if (best > 0) return std::optional<double>(1.0);
      filled += m;
      if (filled == k) return std::optional<double>(0.0);
    } else {
      const int r = k - filled;
      return std::optional<double>(1.0 - AllFromSubset(m - best, m, r));
    }
  }
  return absl::InternalError("unreachable: list shorter than k");
}

absl::StatusOr<std::optional<double>> OrderedPrefixAccuracy(const WeakOrder& ground,
                                                            const WeakOrder& predicted, int k) {
  RETURN_IF_ERROR(Check(ground, predicted));
  if (k < 1) return absl::InvalidArgumentError(absl::StrCat("k must be >= 1, got ", k));
  const int n = Size(ground);
  if (n < k) return std::optional<double>();
  // Ground group covering each position 0..n-1.
  std::vector<int> required;
  for (int gi = 0; gi < static_cast<int>(ground.size()); ++gi) {
    for (size_t j = 0; j < ground[gi].ids.size(); ++j) required.push_back(gi);
  }
  const std::map<std::string, int> g = GroupIndex(ground);
  double p = 1;
  int pos = 0;
  for (const Group& group : predicted) {
    if (pos >= k) break;
    std::map<int, int> remaining;  // ground group -> count in this predicted group
    for (const std::string& id : group.ids) ++remaining[g.at(id)];
    int left = static_cast<int>(group.ids.size());
    for (size_t j = 0; j < group.ids.size() && pos < k; ++j, ++pos) {
      int& c = remaining[required[pos]];
      if (c == 0) return std::optional<double>(0.0);
      p *= static_cast<double>(c) / left;
      --c;
      --left;
    }
  }
  return std::optional<double>(p);
}

absl::StatusOr<std::optional<double>> Spearman(const WeakOrder& ground,
                                               const WeakOrder& predicted) {
  RETURN_IF_ERROR(Check(ground, predicted));
  const int n = Size(ground);
  if (n < 2 || ground.size() < 2 || predicted.size() < 2) return std::optional<double>();
  const std::map<std::string, double> rg = AverageRanks(ground);
  const std::map<std::string, double> rp = AverageRanks(predicted);
  const double mean = (n + 1) / 2.0;  // the mean of average ranks is always (n+1)/2
  double sgp = 0, sgg = 0, spp = 0;
  for (const auto& [id, a] : rg) {
    const double b = rp.at(id);
    sgp += (a - mean) * (b - mean);
    sgg += (a - mean) * (a - mean);
    spp += (b - mean) * (b - mean);
  }
  return std::optional<double>(sgp / std::sqrt(sgg * spp));
}

absl::StatusOr<std::optional<PolicyValue>> ExecuteTopK(const WeakOrder& ground,
                                                       const WeakOrder& predicted, int k) {
  RETURN_IF_ERROR(Check(ground, predicted));
  if (k < 1) return absl::InvalidArgumentError(absl::StrCat("k must be >= 1, got ", k));
  const int n = Size(ground);
  if (n <= k) return std::optional<PolicyValue>();
  std::map<std::string, double> outcome;
  for (const Group& gr : ground) {
    for (const std::string& id : gr.ids) outcome[id] = gr.value;
  }
  PolicyValue v;
  v.k = k;
  v.n = n;
  v.best_outcome = ground.front().value;
  int filled = 0;
  double full_max = -INFINITY, full_sum = 0;
  for (const Group& group : predicted) {
    const int m = static_cast<int>(group.ids.size());
    if (filled + m <= k) {
      for (const std::string& id : group.ids) {
        full_max = std::max(full_max, outcome.at(id));
        full_sum += outcome.at(id);
      }
      filled += m;
      if (filled == k) {
        v.expected_best_executed = full_max;
        v.expected_mean_executed = full_sum / k;
        break;
      }
      continue;
    }
    // Partial group: r uniformly random draws from its m members.
    const int r = k - filled;
    std::vector<double> vals;
    double sum = 0;
    for (const std::string& id : group.ids) {
      vals.push_back(outcome.at(id));
      sum += outcome.at(id);
    }
    std::sort(vals.rbegin(), vals.rend());
    // P(the largest drawn is the j-th largest, 1-based) = C(m-j, r-1) / C(m, r).
    double expected_max = 0;
    for (int j = 1; j <= m - r + 1; ++j) {
      // C(m-j, r-1)/C(m, r) = r/m * prod_{i=0}^{r-2} (m-j-i)/(m-1-i)
      double p = static_cast<double>(r) / m;
      for (int i = 0; i < r - 1; ++i) p *= static_cast<double>(m - j - i) / (m - 1 - i);
      expected_max += p * std::max(full_max, vals[j - 1]);
    }
    v.expected_best_executed = expected_max;
    v.expected_mean_executed = (full_sum + r * (sum / m)) / k;
    break;
  }
  v.regret = v.best_outcome - v.expected_best_executed;
  v.executions_saved = n - k;
  v.executions_saved_fraction = 1.0 - static_cast<double>(k) / n;
  return std::optional<PolicyValue>(v);
}

}  // namespace repro::judge
