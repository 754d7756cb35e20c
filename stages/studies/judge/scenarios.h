// Model-conditioned scenarios: synthetic judges around a strict true order.
// These are NOT empirical results; reports print them in their own section.
//
// Families (true order 0 > 1 > ... > n-1):
//  - Mallows(phi), 0 <= phi <= 1: P(ranking) proportional to
//    phi^(number of discordant pairs) (Mallows 1957); phi = 1 is uniform.
//  - Plackett-Luce "geometric"(beta): worth w_i = exp(-beta * i) (evenly
//    spaced log-worths; Plackett 1975, Luce 1959).
//  - Plackett-Luce "clear winner"(beta): w_0 = exp(beta), w_i = 1 otherwise:
//    the best stands out, the rest are exchangeable.
// For each family and parameter: expected listwise pairwise accuracy, top-1
// and best-in-top-k (k = 1..3). Computation: exact enumeration of all n!
// rankings with their probabilities for n <= 8; Monte Carlo with a fixed seed
// for larger n (Mallows by repeated insertion, Doignon et al. 2004;
// Plackett-Luce by sequential draws), with the standard error of top-1.
// Random numbers: std::mt19937_64 (standard-specified), uniform in [0,1) as
// (x >> 11) * 2^-53, so sequences are platform independent.
#ifndef REPRO_STAGES_STUDIES_JUDGE_SCENARIOS_H_
#define REPRO_STAGES_STUDIES_JUDGE_SCENARIOS_H_

#include <cstdint>
#include <string>
#include <vector>

#include "absl/status/statusor.h"

namespace repro::judge {

enum class Family { kMallows, kPlackettLuceGeometric, kPlackettLuceClearWinner };

std::string FamilyName(Family f);

struct ScenarioPoint {
  Family family = Family::kMallows;
  double parameter = 0;
  int n = 0;
  double pairwise_accuracy = 0;
  double top1 = 0;
  std::vector<double> best_in_top_k;  // k = 1..3 (only k < n)
  bool exact = true;
  long samples = 0;    // Monte Carlo draws (0 when exact)
  uint64_t seed = 0;   // Monte Carlo seed (0 when exact)
  double top1_se = 0;  // Monte Carlo standard error of top1
};

struct MonteCarlo {
  long samples = 20000;
  uint64_t seed = 20260707;
};

absl::StatusOr<ScenarioPoint> RunScenario(Family family, double parameter, int n,
                                          const MonteCarlo& mc);

}  // namespace repro::judge

#endif  // REPRO_STAGES_STUDIES_JUDGE_SCENARIOS_H_
