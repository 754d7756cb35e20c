// Task-level (cluster) bootstrap of a mean, with a fixed seed.
//
// The sampling unit is the cluster (a task, or a group of tasks that share
// content, e.g. one HumanEval problem in four languages): pairs or candidates
// of one pool are never resampled independently. Each observation is one
// task's value of one metric; the estimate is the plain mean over
// observations (every task weighs the same).
//
// Procedure (declared in every report): clusters are sorted by id; each of
// `resamples` replicates draws that many clusters with replacement, index =
// mt19937_64() mod C (std::mt19937_64 is fully specified by the C++
// standard, so the sequence is the same on every platform; the modulo bias is
// below 1e-15 for C < 1e4); the replicate mean is the mean over all
// observations of the drawn clusters. The interval is the percentile
// interval: with a = floor((1 - level) / 2 * resamples), the a-th and
// (resamples - 1 - a)-th of the sorted replicate means (0-based); for 2000
// resamples and level 0.95, the 51st and 1950th values.
// Efron & Tibshirani (1993), ch. 13; cluster resampling as in Field & Welsh
// (2007), "Bootstrapping clustered data".
#ifndef REPRO_STAGES_JUDGE_BOOTSTRAP_H_
#define REPRO_STAGES_JUDGE_BOOTSTRAP_H_

#include <cstdint>
#include <string>
#include <vector>

namespace repro::judge {

struct Observation {
  std::string cluster;
  double value = 0;
};

struct BootstrapConfig {
  int resamples = 2000;
  uint64_t seed = 20260707;
  double level = 0.95;
};

struct Estimate {
  bool defined = false;  // false when there is no observation
  int n = 0;             // observations (tasks)
  int clusters = 0;
  double mean = 0;
  double lo = 0;
  double hi = 0;
};

Estimate ClusterBootstrapMean(const std::vector<Observation>& observations,
                              const BootstrapConfig& config);

}  // namespace repro::judge

#endif  // REPRO_STAGES_JUDGE_BOOTSTRAP_H_
