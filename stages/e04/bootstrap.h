// Percentile bootstrap of a mean, resampling clusters (E04: tasks).
//
// Units are grouped by cluster id; one resample draws as many clusters as
// there are, uniformly with replacement, and averages every unit of every
// drawn cluster (so S001's 45 task x harness units are resampled as 15
// tasks, and pairs from one pool are never treated as independent).
//
// Randomness: std::mt19937_64 seeded with `seed` (its output sequence is fixed
// by the C++ standard); cluster index = next() % n_clusters (the modulo bias is
// below 2^-50 for n < 2^14). std::uniform_int_distribution is avoided because
// its algorithm is implementation-defined.
// Interval: the 2.5th and 97.5th percentiles of the resample means, each by
// linear interpolation between order statistics (Hyndman & Fan type 7, numpy's
// default).
#ifndef REPRO_STAGES_E04_BOOTSTRAP_H_
#define REPRO_STAGES_E04_BOOTSTRAP_H_

#include <cstdint>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "stages/e04/e04.pb.h"

namespace repro::e04 {

struct Unit {
  std::string cluster;  // e.g. the task id
  double value = 0;
};

// InvalidArgument for no units or resamples < 1.
absl::StatusOr<Interval> BootstrapMean(const std::vector<Unit>& units, int resamples,
                                       uint64_t seed);

// Type-7 quantile of sorted values, q in [0, 1].
double Quantile(const std::vector<double>& sorted, double q);

}  // namespace repro::e04

#endif  // REPRO_STAGES_E04_BOOTSTRAP_H_
