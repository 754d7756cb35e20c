// Task-level (cluster) percentile bootstrap of a mean, with a fixed seed.
// Shared by the grid and the judge stage, so both report intervals by one
// procedure.
//
// The sampling unit is the cluster (a task, or a group of tasks that share
// content, e.g. one HumanEval problem in four languages): units of one cluster
// (the harnesses of a grid task, the pairs of one judge pool) are never
// resampled independently. The estimate is the plain mean over observations.
//
// Procedure: clusters are sorted by id; each of `resamples` replicates draws
// as many clusters as there are, with replacement, index = mt19937_64() mod C
// (std::mt19937_64's sequence is fixed by the C++ standard; the modulo bias is
// below 1e-15 for C < 1e4; std::uniform_int_distribution is avoided because
// its algorithm is implementation-defined); the replicate mean is the mean
// over all observations of the drawn clusters. The interval is the percentile
// interval at (1 - level) / 2 and (1 + level) / 2 of the replicate means, each
// by linear interpolation between order statistics (Hyndman & Fan type 7,
// numpy's default). Efron & Tibshirani (1993), ch. 13; cluster resampling as
// in Field & Welsh (2007), "Bootstrapping clustered data".
//
// The draws depend only on the seed, the number of replicates and the number
// of clusters C, never on the values. A table of many estimates over the same
// clusters (the grid's Summary rows) draws them once with DrawClusters and
// passes them to each estimate: the sums are then added in the same order as
// when each estimate draws its own, so the bytes are the same.
#ifndef REPRO_STAGES_FRAMEWORK_STATS_CLUSTER_BOOTSTRAP_H_
#define REPRO_STAGES_FRAMEWORK_STATS_CLUSTER_BOOTSTRAP_H_

#include <cstdint>
#include <string>
#include <vector>

#include "absl/status/statusor.h"

namespace repro::stats {

struct Observation {
  std::string cluster;
  double value = 0;
};

struct BootstrapConfig {
  int resamples = 2000;  // >= 1
  uint64_t seed = 20260707;
  double level = 0.95;  // in (0, 1)
};

struct Estimate {
  bool defined = false;  // false when there is no observation
  int n = 0;             // observations
  int clusters = 0;
  double mean = 0;
  double lo = 0;
  double hi = 0;
};

// Undefined (defined = false) for no observations.
Estimate ClusterBootstrapMean(const std::vector<Observation>& observations,
                              const BootstrapConfig& config);

// The cluster indexes every replicate draws, in draw order.
// Size contract: `index` holds resamples x clusters values, each in
// [0, clusters); replicate r's draws are index[r * clusters, (r + 1) * clusters).
struct ClusterDraws {
  int resamples = 0;
  uint32_t clusters = 0;
  std::vector<uint32_t> index;
};

// The number of distinct clusters of `observations`.
uint32_t CountClusters(const std::vector<Observation>& observations);

// The draws of `config` for `clusters` clusters (>= 1): config.resamples x
// clusters x 4 bytes (40 MB for 10,000 replicates of 1,000 tasks).
ClusterDraws DrawClusters(const BootstrapConfig& config, uint32_t clusters);

// ClusterBootstrapMean with the replicates' draws given, so that estimates
// over the same number of clusters draw once; the same Estimate, bit for bit,
// as ClusterBootstrapMean(observations, config) when `draws` is
// DrawClusters(config, C). InvalidArgument when `draws` is of another number
// of replicates or clusters than `config` and the observations' C.
absl::StatusOr<Estimate> ClusterBootstrapMean(const std::vector<Observation>& observations,
                                              const BootstrapConfig& config,
                                              const ClusterDraws& draws);

// Type-7 quantile of ascending `sorted`, q in [0, 1]; 0 for an empty vector.
double Quantile(const std::vector<double>& sorted, double q);

}  // namespace repro::stats

#endif  // REPRO_STAGES_FRAMEWORK_STATS_CLUSTER_BOOTSTRAP_H_
