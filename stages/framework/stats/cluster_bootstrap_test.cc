#include "stages/framework/stats/cluster_bootstrap.h"

#include "gtest/gtest.h"
#include "stages/framework/pipeline/status_testing.h"

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

// 60 observations in 40 clusters, uneven in size and value.
std::vector<Observation> Uneven() {
  std::vector<Observation> obs;
  for (int i = 0; i < 60; ++i) obs.push_back({std::to_string(i % 40), (i * 53 % 17) / 7.0});
  return obs;
}

TEST(ClusterBootstrapMean, SharedDrawsGiveTheSameBits) {
  const std::vector<Observation> obs = Uneven();
  BootstrapConfig config;
  config.resamples = 500;
  const Estimate alone = ClusterBootstrapMean(obs, config);
  const ClusterDraws draws = DrawClusters(config, 40);
  ASSERT_EQ(draws.index.size(), 500u * 40u);
  const absl::StatusOr<Estimate> with_draws = ClusterBootstrapMean(obs, config, draws);
  ASSERT_TRUE(with_draws.ok()) << with_draws.status();
  const Estimate& shared = *with_draws;
  EXPECT_EQ(shared.n, alone.n);
  EXPECT_EQ(shared.clusters, 40);
  EXPECT_EQ(shared.mean, alone.mean);
  EXPECT_EQ(shared.lo, alone.lo);  // bit for bit, not within a tolerance
  EXPECT_EQ(shared.hi, alone.hi);
}

TEST(ClusterBootstrapMean, DrawsOfAnotherShapeAreRefused) {
  BootstrapConfig config;
  config.resamples = 100;
  EXPECT_TRUE(IsError(ClusterBootstrapMean(Uneven(), config, DrawClusters(config, 39)),
                      absl::StatusCode::kInvalidArgument,
                      "expected 100 replicates of 40 clusters, found 100 of 39"));
  BootstrapConfig more = config;
  more.resamples = 200;
  EXPECT_FALSE(ClusterBootstrapMean(Uneven(), more, DrawClusters(config, 40)).ok());
}

}  // namespace
}  // namespace repro::stats
