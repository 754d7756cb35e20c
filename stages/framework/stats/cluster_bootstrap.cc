#include "stages/framework/stats/cluster_bootstrap.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <random>
#include <set>
#include <string_view>
#include <utility>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"

namespace repro::stats {
namespace {

// Per cluster, sorted by id: the sum of its values and its observations.
struct ClusterSums {
  std::vector<std::pair<double, int>> clusters;
  double total = 0;
};

ClusterSums SumByCluster(const std::vector<Observation>& observations) {
  std::map<std::string, std::pair<double, int>> by_cluster;  // sorted by id
  ClusterSums sums;
  for (const Observation& o : observations) {
    auto& c = by_cluster[o.cluster];
    c.first += o.value;
    c.second += 1;
    sums.total += o.value;
  }
  for (const auto& [id, sc] : by_cluster) sums.clusters.push_back(sc);
  return sums;
}

// The estimate from the cluster sums and the replicates' draws, which
// match them (size contract of ClusterDraws).
Estimate Resample(const ClusterSums& sums, int observations, const ClusterDraws& draws,
                  double level) {
  Estimate e;
  e.defined = true;
  e.n = observations;
  e.clusters = static_cast<int>(sums.clusters.size());
  e.mean = sums.total / e.n;
  const size_t c = draws.clusters;
  std::vector<double> means;
  means.reserve(draws.resamples);
  for (int r = 0; r < draws.resamples; ++r) {
    const uint32_t* pick = draws.index.data() + static_cast<size_t>(r) * c;
    double sum = 0;
    long count = 0;
    for (size_t i = 0; i < c; ++i) {
      sum += sums.clusters[pick[i]].first;
      count += sums.clusters[pick[i]].second;
    }
    means.push_back(sum / count);
  }
  std::sort(means.begin(), means.end());
  e.lo = Quantile(means, (1 - level) / 2);
  e.hi = Quantile(means, (1 + level) / 2);
  return e;
}

}  // namespace

double Quantile(const std::vector<double>& sorted, double q) {
  if (sorted.empty()) return 0;
  const double h = (sorted.size() - 1) * q;
  const size_t lo = static_cast<size_t>(std::floor(h));
  const size_t hi = std::min(lo + 1, sorted.size() - 1);
  return sorted[lo] + (h - lo) * (sorted[hi] - sorted[lo]);
}

uint32_t CountClusters(const std::vector<Observation>& observations) {
  std::set<std::string_view> ids;
  for (const Observation& o : observations) ids.insert(o.cluster);
  return static_cast<uint32_t>(ids.size());
}

ClusterDraws DrawClusters(const BootstrapConfig& config, uint32_t clusters) {
  ClusterDraws draws;
  draws.resamples = std::max(config.resamples, 0);
  draws.clusters = clusters;
  draws.index.resize(static_cast<size_t>(draws.resamples) * clusters);
  std::mt19937_64 rng(config.seed);
  for (uint32_t& i : draws.index) i = static_cast<uint32_t>(rng() % clusters);
  return draws;
}

Estimate ClusterBootstrapMean(const std::vector<Observation>& observations,
                              const BootstrapConfig& config) {
  if (observations.empty() || config.resamples < 1) return Estimate{};
  const ClusterSums sums = SumByCluster(observations);
  return Resample(sums, static_cast<int>(observations.size()),
                  DrawClusters(config, static_cast<uint32_t>(sums.clusters.size())), config.level);
}

absl::StatusOr<Estimate> ClusterBootstrapMean(const std::vector<Observation>& observations,
                                              const BootstrapConfig& config,
                                              const ClusterDraws& draws) {
  if (observations.empty() || config.resamples < 1) return Estimate{};
  const ClusterSums sums = SumByCluster(observations);
  if (draws.resamples != config.resamples || draws.clusters != sums.clusters.size() ||
      draws.index.size() != static_cast<size_t>(draws.resamples) * draws.clusters) {
    return absl::InvalidArgumentError(
        absl::StrCat("bootstrap draws: expected ", config.resamples, " replicates of ",
                     sums.clusters.size(), " clusters, found ", draws.resamples, " of ",
                     draws.clusters, " (", draws.index.size(), " indexes)"));
  }
  return Resample(sums, static_cast<int>(observations.size()), draws, config.level);
}

}  // namespace repro::stats
