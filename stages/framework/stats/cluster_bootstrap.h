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
#ifndef REPRO_STAGES_FRAMEWORK_STATS_CLUSTER_BOOTSTRAP_H_
#define REPRO_STAGES_FRAMEWORK_STATS_CLUSTER_BOOTSTRAP_H_

#include <cstdint>
#include <string>
#include <vector>

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

// Type-7 quantile of ascending `sorted`, q in [0, 1]; 0 for an empty vector.
double Quantile(const std::vector<double>& sorted, double q);

}  // namespace repro::stats

#endif  // REPRO_STAGES_FRAMEWORK_STATS_CLUSTER_BOOTSTRAP_H_
