#include "stages/framework/metrics/function_recall.h"

#include "gmock/gmock.h"
#include "gtest/gtest.h"

namespace repro::metrics {
namespace {

using ::testing::ElementsAre;
using ::testing::HasSubstr;

TEST(FunctionRecallTest, CountsGoldAmongTheFirstKDistinct) {
  absl::StatusOr<FunctionRecall> r = FunctionRecallAtK(
      {{"a.go", "F"}, {"b.go", "G"}, {"c.go", "H"}}, {{"b.go", "G"}, {"d.go", "X"}}, 2);
  ASSERT_TRUE(r.ok()) << r.status();
  EXPECT_DOUBLE_EQ(r->recall, 0.5);
  EXPECT_EQ(r->gold_functions, 2);
  EXPECT_THAT(r->top_k, ElementsAre("a.go::F", "b.go::G"));
}

TEST(FunctionRecallTest, RepeatedRankedIdsCountOnceAndDoNotTakeACutoffSlot) {
  // Two `init` functions of one gold file: one id. Without de-duplication the
  // second init would count twice (recall 2 / 1) and push c.go::H past k.
  absl::StatusOr<FunctionRecall> r = FunctionRecallAtK(
      {{"a.go", "init"}, {"a.go", "init"}, {"c.go", "H"}}, {{"a.go", "init"}, {"c.go", "H"}}, 2);
  ASSERT_TRUE(r.ok()) << r.status();
  EXPECT_DOUBLE_EQ(r->recall, 1.0);
  EXPECT_THAT(r->top_k, ElementsAre("a.go::init", "c.go::H"));
}

TEST(FunctionRecallTest, RepeatedGoldIdsCountOnce) {
  absl::StatusOr<FunctionRecall> r =
      FunctionRecallAtK({{"a.go", "init"}}, {{"a.go", "init"}, {"a.go", "init"}}, 10);
  ASSERT_TRUE(r.ok()) << r.status();
  EXPECT_EQ(r->gold_functions, 1);
  EXPECT_DOUBLE_EQ(r->recall, 1.0);
}

TEST(FunctionRecallTest, PathAndNameBothIdentify) {
  absl::StatusOr<FunctionRecall> r =
      FunctionRecallAtK({{"a.go", "F"}, {"b.go", "R.F"}}, {{"b.go", "F"}}, 10);
  ASSERT_TRUE(r.ok()) << r.status();
  EXPECT_DOUBLE_EQ(r->recall, 0.0);
}

TEST(FunctionRecallTest, NoGoldFunctionIsZeroWithZeroGold) {
  absl::StatusOr<FunctionRecall> r = FunctionRecallAtK({{"a.go", "F"}}, {}, 10);
  ASSERT_TRUE(r.ok()) << r.status();
  EXPECT_EQ(r->gold_functions, 0);
  EXPECT_DOUBLE_EQ(r->recall, 0.0);
}

TEST(FunctionRecallTest, EmptyRankingIsZero) {
  absl::StatusOr<FunctionRecall> r = FunctionRecallAtK({}, {{"a.go", "F"}}, 10);
  ASSERT_TRUE(r.ok()) << r.status();
  EXPECT_DOUBLE_EQ(r->recall, 0.0);
  EXPECT_TRUE(r->top_k.empty());
}

TEST(FunctionRecallTest, BadInputIsNamed) {
  absl::StatusOr<FunctionRecall> k0 = FunctionRecallAtK({}, {}, 0);
  EXPECT_EQ(k0.status().code(), absl::StatusCode::kInvalidArgument);
  EXPECT_THAT(k0.status().message(), HasSubstr("k must be >= 1, found 0"));
  absl::StatusOr<FunctionRecall> empty = FunctionRecallAtK({{"a.go", "F"}, {"b.go", ""}}, {}, 10);
  EXPECT_EQ(empty.status().code(), absl::StatusCode::kInvalidArgument);
  EXPECT_THAT(empty.status().message(), HasSubstr("ranked[1] has an empty name"));
}

}  // namespace
}  // namespace repro::metrics
