#include "stages/framework/stats/cluster_bootstrap.h"

#include "gtest/gtest.h"

namespace repro::stats {
namespace {

TEST(ClusterBootstrapMean, ConstantValuesGiveDegenerateInterval) {
  Estimate e = ClusterBootstrapMean({{"a", 0.5}, {"b", 0.5}, {"c", 0.5}}, {});
  EXPECT_TRUE(e.defined);
  EXPECT_EQ(e.n, 3);
  EXPECT_DOUBLE_EQ(e.mean, 0.5);
  EXPECT_DOUBLE_EQ(e.lo, 0.5);
  EXPECT_DOUBLE_EQ(e.hi, 0.5);
}

TEST(ClusterBootstrapMean, ClustersResampleTogether) {
  // Two clusters: "x" holds three 1s, "y" one 0. Every replicate mean is one
  // of 1 (xx), 3/4 (xy or yx) or 0 (yy); the mean over tasks is 3/4.
  Estimate e = ClusterBootstrapMean({{"x", 1}, {"x", 1}, {"x", 1}, {"y", 0}}, {});
  EXPECT_EQ(e.clusters, 2);
  EXPECT_DOUBLE_EQ(e.mean, 0.75);
  EXPECT_DOUBLE_EQ(e.lo, 0.0);  // P(yy) = 1/4 > 2.5%
  EXPECT_DOUBLE_EQ(e.hi, 1.0);
}

TEST(ClusterBootstrapMean, FixedSeedIsReproducibleAndSeedMatters) {
  std::vector<Observation> obs;
  for (int i = 0; i < 50; ++i) obs.push_back({std::to_string(i), (i * 37 % 11) / 10.0});
  Estimate a = ClusterBootstrapMean(obs, {});
  Estimate b = ClusterBootstrapMean(obs, {});
  EXPECT_EQ(a.lo, b.lo);
  EXPECT_EQ(a.hi, b.hi);
  EXPECT_LT(a.lo, a.mean);
  EXPECT_GT(a.hi, a.mean);
  BootstrapConfig other;
  other.seed = 1;
  Estimate c = ClusterBootstrapMean(obs, other);
  EXPECT_TRUE(c.lo != a.lo || c.hi != a.hi);
}

TEST(ClusterBootstrapMean, EmptyIsUndefined) { EXPECT_FALSE(ClusterBootstrapMean({}, {}).defined); }

TEST(Quantile, Type7) {
  EXPECT_DOUBLE_EQ(Quantile({1, 2, 3, 4}, 0.5), 2.5);
  EXPECT_DOUBLE_EQ(Quantile({1, 2, 3, 4}, 0.0), 1);
  EXPECT_DOUBLE_EQ(Quantile({1, 2, 3, 4}, 1.0), 4);
  EXPECT_DOUBLE_EQ(Quantile({0, 10}, 0.025), 0.25);
  EXPECT_DOUBLE_EQ(Quantile({}, 0.5), 0);
}

TEST(ClusterBootstrapMean, NoResamplesIsUndefined) {
  BootstrapConfig none;
  none.resamples = 0;
  EXPECT_FALSE(ClusterBootstrapMean({{"a", 1}}, none).defined);
}

}  // namespace
}  // namespace repro::stats
