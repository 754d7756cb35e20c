#include "stages/framework/stats/randomization.h"

#include <cmath>

#include "gtest/gtest.h"
#include "stages/framework/pipeline/status_testing.h"

namespace repro::stats {
namespace {

TEST(PairedRandomizationTest, ExactByHand) {
  // d = (1, 1, -1): sums over the 8 sign assignments: +-1 six times, +-3
  // twice; |S| >= |1| for all 8, so p = 1. d = (1, 2, 3): |S| >= 6 only for
  // all + and all -, p = 2/8.
  absl::StatusOr<RandomizationResult> a = PairedRandomizationTest({1, 1, -1});
  ASSERT_TRUE(a.ok());
  EXPECT_DOUBLE_EQ(a->p_value, 1.0);
  absl::StatusOr<RandomizationResult> b = PairedRandomizationTest({1, 2, 3});
  ASSERT_TRUE(b.ok());
  EXPECT_TRUE(b->exact);
  EXPECT_EQ(b->assignments, 8);
  EXPECT_DOUBLE_EQ(b->p_value, 0.25);
  EXPECT_DOUBLE_EQ(b->mean_difference, 2.0);
}

TEST(PairedRandomizationTest, FifteenUnitsEnumerate32768) {
  std::vector<double> d(15, 0.1);
  absl::StatusOr<RandomizationResult> r = PairedRandomizationTest(d);
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(r->assignments, 32768);
  // Only all + and all - reach |1.5|, whatever the rounding of 0.1.
  EXPECT_DOUBLE_EQ(r->p_value, 2.0 / 32768);
}

TEST(PairedRandomizationTest, AllZeroIsOne) {
  absl::StatusOr<RandomizationResult> r = PairedRandomizationTest({0, 0, 0, 0});
  ASSERT_TRUE(r.ok());
  EXPECT_DOUBLE_EQ(r->p_value, 1.0);
}

TEST(PairedRandomizationTest, MonteCarloIsFixedBySeedAndNeverZero) {
  std::vector<double> d(40, 1.0);
  RandomizationConfig c;
  c.samples = 2000;
  absl::StatusOr<RandomizationResult> a = PairedRandomizationTest(d, c);
  absl::StatusOr<RandomizationResult> b = PairedRandomizationTest(d, c);
  ASSERT_TRUE(a.ok() && b.ok());
  EXPECT_FALSE(a->exact);
  EXPECT_EQ(a->assignments, 2000);
  EXPECT_DOUBLE_EQ(a->p_value, b->p_value);
  EXPECT_DOUBLE_EQ(a->p_value, 1.0 / 2001);  // all + is essentially never drawn
}

TEST(PairedRandomizationTest, BadInputNamesIt) {
  EXPECT_TRUE(IsError(PairedRandomizationTest({}), absl::StatusCode::kInvalidArgument,
                      "randomization test: no unit"));
  EXPECT_TRUE(IsError(PairedRandomizationTest({1, std::nan("")}),
                      absl::StatusCode::kInvalidArgument,
                      "randomization test: difference 1 is nan"));
  RandomizationConfig c;
  c.max_exact_units = 31;
  EXPECT_TRUE(IsError(PairedRandomizationTest({1}, c), absl::StatusCode::kInvalidArgument,
                      "randomization test: max_exact_units 31 outside 0..30"));
  RandomizationConfig no_samples;
  no_samples.samples = 0;
  EXPECT_TRUE(IsError(PairedRandomizationTest({1}, no_samples), absl::StatusCode::kInvalidArgument,
                      "randomization test: samples 0 < 1"));
}

TEST(HolmAdjust, StepDownInInputOrder) {
  // Sorted 0.01, 0.03, 0.04 -> 3*0.01, max(0.03, 2*0.03), max(0.06, 0.04).
  std::vector<double> adj = HolmAdjust({0.04, 0.01, 0.03});
  ASSERT_EQ(adj.size(), 3u);
  EXPECT_DOUBLE_EQ(adj[0], 0.06);
  EXPECT_DOUBLE_EQ(adj[1], 0.03);
  EXPECT_DOUBLE_EQ(adj[2], 0.06);
  EXPECT_DOUBLE_EQ(HolmAdjust({0.5, 0.9})[1], 1.0);
  EXPECT_TRUE(HolmAdjust({}).empty());
}

}  // namespace
}  // namespace repro::stats
