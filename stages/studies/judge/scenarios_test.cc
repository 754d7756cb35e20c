#include "stages/studies/judge/scenarios.h"

#include <cmath>

#include "gtest/gtest.h"

namespace repro::judge {
namespace {

// Mallows closed forms: P(top-1) = 1 / (1 + phi + ... + phi^(n-1)); expected
// inversions = sum_{i=1..n} E[D_i], D_i in 0..i-1 with P proportional to phi^d.
double MallowsTop1(double phi, int n) {
  double z = 0, p = 1;
  for (int j = 0; j < n; ++j, p *= phi) z += p;
  return 1 / z;
}
double MallowsAccuracy(double phi, int n) {
  double inv = 0;
  for (int i = 1; i <= n; ++i) {
    double z = 0, m = 0, p = 1;
    for (int d = 0; d < i; ++d, p *= phi) {
      z += p;
      m += d * p;
    }
    inv += m / z;
  }
  return 1 - inv / (n * (n - 1) / 2.0);
}

TEST(RunScenario, MallowsExactMatchesClosedForm) {
  for (double phi : {0.0, 0.3, 0.7, 1.0}) {
    ScenarioPoint p = *RunScenario(Family::kMallows, phi, 5, {});
    EXPECT_TRUE(p.exact);
    EXPECT_NEAR(p.top1, MallowsTop1(phi, 5), 1e-12) << phi;
    EXPECT_NEAR(p.pairwise_accuracy, MallowsAccuracy(phi, 5), 1e-12) << phi;
  }
  // Uniform: top-1 = 1/n, accuracy 1/2, best in top 3 = 3/n.
  ScenarioPoint u = *RunScenario(Family::kMallows, 1.0, 6, {});
  EXPECT_NEAR(u.top1, 1.0 / 6, 1e-12);
  EXPECT_NEAR(u.pairwise_accuracy, 0.5, 1e-12);
  EXPECT_NEAR(u.best_in_top_k[2], 0.5, 1e-12);
}

TEST(RunScenario, MonteCarloAgreesWithClosedForm) {
  ScenarioPoint p = *RunScenario(Family::kMallows, 0.6, 12, {});
  EXPECT_FALSE(p.exact);
  EXPECT_NEAR(p.top1, MallowsTop1(0.6, 12), 4 * p.top1_se);
  EXPECT_NEAR(p.pairwise_accuracy, MallowsAccuracy(0.6, 12), 0.01);
  // Plackett-Luce top-1 = w_0 / sum w.
  ScenarioPoint q = *RunScenario(Family::kPlackettLuceClearWinner, 2.0, 12, {});
  const double want = std::exp(2.0) / (std::exp(2.0) + 11);
  EXPECT_NEAR(q.top1, want, 4 * q.top1_se);
  // Same seed, same numbers.
  EXPECT_EQ(q.top1, RunScenario(Family::kPlackettLuceClearWinner, 2.0, 12, {})->top1);
}

TEST(RunScenario, PlackettLuceExactTop1) {
  ScenarioPoint g = *RunScenario(Family::kPlackettLuceGeometric, 1.0, 4, {});
  double z = 0;
  for (int i = 0; i < 4; ++i) z += std::exp(-1.0 * i);
  EXPECT_NEAR(g.top1, 1 / z, 1e-12);
}

TEST(RunScenario, SteepPlackettLuceStaysNearTheTrueOrder) {
  // Worths exp(-6 i) span 1e-18: a running-sum implementation cancels and
  // returns nonsense; the expected accuracy must approach 1.
  ScenarioPoint p = *RunScenario(Family::kPlackettLuceGeometric, 6.0, 8, {});
  EXPECT_GT(p.pairwise_accuracy, 0.999);
  EXPECT_GT(p.top1, 0.997);
}

TEST(RunScenario, RejectsBadParameters) {
  EXPECT_FALSE(RunScenario(Family::kMallows, 1.5, 4, {}).ok());
  EXPECT_FALSE(RunScenario(Family::kPlackettLuceGeometric, -1, 4, {}).ok());
  EXPECT_FALSE(RunScenario(Family::kMallows, 0.5, 1, {}).ok());
}

}  // namespace
}  // namespace repro::judge
