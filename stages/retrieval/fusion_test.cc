#include "stages/retrieval/fusion.h"

#include <vector>

#include "gtest/gtest.h"
#include "stages/framework/pipeline/status_testing.h"

namespace repro::retrieval {
namespace {

std::vector<ScoredId> Leg(std::vector<uint32_t> ids) {
  std::vector<ScoredId> leg;
  double s = 100;
  for (uint32_t id : ids) leg.push_back({id, s--});
  return leg;
}

TEST(FusionTest, HandComputedScores) {
  // k = 60. BM25 leg: a=1, b=2, c=3; dense leg: c=1, a=2, d=3.
  //   a: 1/61 + 1/62 = 0.032522474...
  //   c: 1/63 + 1/61 = 0.032266458...
  //   b: 1/62        = 0.016129032...
  //   d: 1/63        = 0.015873015...
  std::vector<std::vector<ScoredId>> legs = {Leg({1, 2, 3}), Leg({3, 1, 4})};
  absl::StatusOr<std::vector<ScoredId>> r = ReciprocalRankFusion(legs, 60);
  ASSERT_TRUE(r.ok()) << r.status();
  ASSERT_EQ(r->size(), 4u);
  EXPECT_EQ((*r)[0].id, 1u);
  EXPECT_DOUBLE_EQ((*r)[0].score, 1.0 / 61 + 1.0 / 62);
  EXPECT_EQ((*r)[1].id, 3u);
  EXPECT_DOUBLE_EQ((*r)[1].score, 1.0 / 63 + 1.0 / 61);
  EXPECT_EQ((*r)[2].id, 2u);
  EXPECT_DOUBLE_EQ((*r)[2].score, 1.0 / 62);
  EXPECT_EQ((*r)[3].id, 4u);
  EXPECT_DOUBLE_EQ((*r)[3].score, 1.0 / 63);
  EXPECT_NEAR((*r)[0].score, 0.032522474, 1e-9);
}

TEST(FusionTest, MirroredRanksTieAndBreakByIdAscending) {
  std::vector<std::vector<ScoredId>> legs = {Leg({9, 5}), Leg({5, 9})};
  absl::StatusOr<std::vector<ScoredId>> r = ReciprocalRankFusion(legs, 60);
  ASSERT_TRUE(r.ok());
  ASSERT_EQ(r->size(), 2u);
  EXPECT_EQ((*r)[0].score, (*r)[1].score);
  EXPECT_EQ((*r)[0].id, 5u);
  EXPECT_EQ((*r)[1].id, 9u);
}

TEST(FusionTest, EmptyLegContributesNothing) {
  std::vector<std::vector<ScoredId>> legs = {Leg({2, 1}), {}};
  absl::StatusOr<std::vector<ScoredId>> r = ReciprocalRankFusion(legs, 60);
  ASSERT_TRUE(r.ok());
  ASSERT_EQ(r->size(), 2u);
  EXPECT_EQ((*r)[0].id, 2u);
  EXPECT_DOUBLE_EQ((*r)[0].score, 1.0 / 61);
  std::vector<std::vector<ScoredId>> none = {{}, {}};
  EXPECT_TRUE(ReciprocalRankFusion(none, 60)->empty());
}

TEST(FusionTest, RejectsDuplicatesAndBadK) {
  std::vector<std::vector<ScoredId>> legs = {Leg({1, 1})};
  EXPECT_TRUE(IsError(ReciprocalRankFusion(legs, 60), absl::StatusCode::kInvalidArgument,
                      "RRF: id 1 appears twice in leg 0 (rank 2)"));
  EXPECT_TRUE(IsError(ReciprocalRankFusion({}, 0), absl::StatusCode::kInvalidArgument,
                      "RRF: k must be >= 1, found 0"));
}

}  // namespace
}  // namespace repro::retrieval
