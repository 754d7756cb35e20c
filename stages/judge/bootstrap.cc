#include "stages/judge/bootstrap.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <random>

namespace repro::judge {

Estimate ClusterBootstrapMean(const std::vector<Observation>& observations,
                              const BootstrapConfig& config) {
  Estimate e;
  if (observations.empty()) return e;
  std::map<std::string, std::pair<double, int>> by_cluster;  // sum, count
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
  const int a = static_cast<int>(std::floor((1 - config.level) / 2 * config.resamples));
  e.lo = means[a];
  e.hi = means[config.resamples - 1 - a];
  return e;
}

}  // namespace repro::judge
