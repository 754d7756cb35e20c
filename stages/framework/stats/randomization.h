// Paired randomization (sign-flip) test and Holm's step-down correction, as IR
// papers report them for system comparisons (Smucker, Allan & Carterette,
// "A comparison of statistical significance tests for information retrieval
// evaluation", CIKM 2007; ranx and trec-tools implement the same test).
//
// PairedRandomizationTest(differences, config): `differences` holds one
// paired difference per unit (the grid: per task, harness A minus B, on one
// metric). Under the null hypothesis each difference is as likely to have the
// other sign. The statistic is |sum of differences| (equivalently |mean|, the
// unit count being fixed); the two-sided p-value is the share of sign
// assignments whose |sum| is at least the observed one:
//  - exact (n <= config.max_exact_units): every one of the 2^n assignments is
//    enumerated (n = 15: 32,768), p = count / 2^n; the observed assignment is
//    one of them, so p >= 2^-n;
//  - otherwise Monte Carlo: config.samples assignments, each sign one bit of
//    std::mt19937_64(config.seed) (the standard fixes its sequence), p =
//    (count + 1) / (samples + 1) (Phipson & Smyth 2010: never 0).
// Ties: a sum counts as "at least" the observed one when |S| + 1e-12 * L1 >=
// |observed|, L1 = sum of |d_i|: sums equal in exact arithmetic are not split
// by rounding. Zero differences stay in n; all zero gives p = 1.
// Errors: InvalidArgument for no unit, a non-finite difference, samples < 1,
// or max_exact_units outside 0..30.
//
// HolmAdjust(p): Holm's (1979) step-down adjusted p-values of one family of
// tests, in the input's order: with p sorted ascending p_(1) <= ... <= p_(m),
// adjusted p_(i) = max over j <= i of min(1, (m - j + 1) p_(j)). Ties keep the
// input order. Reject at level a exactly when the adjusted p <= a.
#ifndef REPRO_STAGES_FRAMEWORK_STATS_RANDOMIZATION_H_
#define REPRO_STAGES_FRAMEWORK_STATS_RANDOMIZATION_H_

#include <cstdint>
#include <vector>

#include "absl/status/statusor.h"

namespace repro::stats {

struct RandomizationConfig {
  int max_exact_units = 20;  // 2^20 assignments at most are enumerated
  int64_t samples = 100000;  // Monte Carlo assignments above that
  uint64_t seed = 20261201;
};

struct RandomizationResult {
  int units = 0;
  double mean_difference = 0;
  double p_value = 1;
  bool exact = true;
  int64_t assignments = 0;  // 2^n when exact, else samples
};

absl::StatusOr<RandomizationResult> PairedRandomizationTest(const std::vector<double>& differences,
                                                            const RandomizationConfig& config = {});

std::vector<double> HolmAdjust(const std::vector<double>& p_values);

}  // namespace repro::stats

#endif  // REPRO_STAGES_FRAMEWORK_STATS_RANDOMIZATION_H_
