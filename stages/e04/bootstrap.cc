#include "stages/e04/bootstrap.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <random>

namespace repro::e04 {

double Quantile(const std::vector<double>& sorted, double q) {
  if (sorted.empty()) return 0;
  const double h = (sorted.size() - 1) * q;
  const size_t lo = static_cast<size_t>(std::floor(h));
  const size_t hi = std::min(lo + 1, sorted.size() - 1);
  return sorted[lo] + (h - lo) * (sorted[hi] - sorted[lo]);
}

absl::StatusOr<Interval> BootstrapMean(const std::vector<Unit>& units, int resamples,
                                       uint64_t seed) {
  if (units.empty()) return absl::InvalidArgumentError("bootstrap: no units");
  if (resamples < 1) return absl::InvalidArgumentError("bootstrap: resamples must be >= 1");
  // Per cluster: (sum, count), in cluster-id order.
  std::map<std::string, std::pair<double, int>> by_cluster;
  double total = 0;
  for (const Unit& u : units) {
    auto& [sum, count] = by_cluster[u.cluster];
    sum += u.value;
    ++count;
    total += u.value;
  }
  std::vector<std::pair<double, int>> clusters;
  for (const auto& [id, sc] : by_cluster) clusters.push_back(sc);
  std::mt19937_64 rng(seed);
  std::vector<double> means;
  means.reserve(resamples);
  for (int r = 0; r < resamples; ++r) {
    double sum = 0;
    int count = 0;
    for (size_t i = 0; i < clusters.size(); ++i) {
      const auto& c = clusters[rng() % clusters.size()];
      sum += c.first;
      count += c.second;
    }
    means.push_back(sum / count);
  }
  std::sort(means.begin(), means.end());
  Interval out;
  out.set_mean(total / units.size());
  out.set_low(Quantile(means, 0.025));
  out.set_high(Quantile(means, 0.975));
  out.set_units(static_cast<int>(units.size()));
  return out;
}

}  // namespace repro::e04
