#include "stages/framework/stats/cluster_bootstrap.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <random>
#include <utility>

namespace repro::stats {

double Quantile(const std::vector<double>& sorted, double q) {
  if (sorted.empty()) return 0;
  const double h = (sorted.size() - 1) * q;
  const size_t lo = static_cast<size_t>(std::floor(h));
  const size_t hi = std::min(lo + 1, sorted.size() - 1);
  return sorted[lo] + (h - lo) * (sorted[hi] - sorted[lo]);
}

Estimate ClusterBootstrapMean(const std::vector<Observation>& observations,
                              const BootstrapConfig& config) {
  Estimate e;
  if (observations.empty() || config.resamples < 1) return e;
  std::map<std::string, std::pair<double, int>> by_cluster;  // sum, count; sorted by id
  double total = 0;
  for (const Observation& o : observations) {
    auto& c = by_cluster[o.cluster];
    c.first += o.value;
    c.second += 1;
    total += o.value;
  }
  std::vector<std::pair<double, int>> clusters;
  for (const auto& [id, sc] : by_cluster) clusters.push_back(sc);
  e.defined = true;
  e.n = static_cast<int>(observations.size());
  e.clusters = static_cast<int>(clusters.size());
  e.mean = total / e.n;
  std::mt19937_64 rng(config.seed);
  const uint64_t c = clusters.size();
  std::vector<double> means;
  means.reserve(config.resamples);
  for (int r = 0; r < config.resamples; ++r) {
    double sum = 0;
    long count = 0;
    for (uint64_t i = 0; i < c; ++i) {
      const auto& pick = clusters[rng() % c];
      sum += pick.first;
      count += pick.second;
    }
    means.push_back(sum / count);
  }
  std::sort(means.begin(), means.end());
  e.lo = Quantile(means, (1 - config.level) / 2);
  e.hi = Quantile(means, (1 + config.level) / 2);
  return e;
}

}  // namespace repro::stats
