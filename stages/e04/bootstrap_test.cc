#include "stages/e04/bootstrap.h"

#include "gtest/gtest.h"

namespace repro::e04 {
namespace {

TEST(QuantileTest, Type7) {
  EXPECT_DOUBLE_EQ(Quantile({1, 2, 3, 4}, 0.5), 2.5);
  EXPECT_DOUBLE_EQ(Quantile({1, 2, 3, 4}, 0.0), 1);
  EXPECT_DOUBLE_EQ(Quantile({1, 2, 3, 4}, 1.0), 4);
  EXPECT_DOUBLE_EQ(Quantile({0, 10}, 0.025), 0.25);
}

TEST(BootstrapTest, ConstantValuesGiveAPointInterval) {
  absl::StatusOr<Interval> i = BootstrapMean({{"a", 2}, {"b", 2}, {"c", 2}}, 1000, 7);
  ASSERT_TRUE(i.ok());
  EXPECT_DOUBLE_EQ(i->mean(), 2);
  EXPECT_DOUBLE_EQ(i->low(), 2);
  EXPECT_DOUBLE_EQ(i->high(), 2);
}

TEST(BootstrapTest, DeterministicBracketsTheMeanAndResamplesClusters) {
  std::vector<Unit> units = {{"T1", 0}, {"T1", 0}, {"T1", 0}, {"T2", 1}, {"T3", 0.5}};
  absl::StatusOr<Interval> a = BootstrapMean(units, 2000, 42);
  absl::StatusOr<Interval> b = BootstrapMean(units, 2000, 42);
  ASSERT_TRUE(a.ok());
  EXPECT_EQ(a->low(), b->low());
  EXPECT_EQ(a->high(), b->high());
  EXPECT_DOUBLE_EQ(a->mean(), 1.5 / 5);
  EXPECT_EQ(a->units(), 5);
  EXPECT_LE(a->low(), a->mean());
  EXPECT_GE(a->high(), a->mean());
  // Resampling clusters: a resample of only T2 has mean 1, of only T1 mean 0.
  EXPECT_GE(a->low(), 0.0);
  EXPECT_LE(a->high(), 1.0);
}

TEST(BootstrapTest, Errors) {
  EXPECT_FALSE(BootstrapMean({}, 10, 1).ok());
  EXPECT_FALSE(BootstrapMean({{"a", 1}}, 0, 1).ok());
}

}  // namespace
}  // namespace repro::e04
