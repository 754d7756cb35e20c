#include "stages/grid/aggregate/paired.h"

#include "gtest/gtest.h"
#include "stages/framework/pipeline/status_testing.h"

namespace repro::grid {
namespace {

ConditionOutcome Outcome(const std::string& condition,
                         std::vector<std::pair<std::string, bool>> files, int first_rank,
                         bool observed) {
  ConditionOutcome o;
  o.set_task_id("T01");
  o.set_harness("H000");
  o.set_condition(condition);
  int rank = 0;
  for (const auto& [path, gold] : files) {
    RankedFile* f = o.add_files();
    f->set_rank(++rank);
    f->set_path(path);
    f->set_gold(gold);
  }
  o.set_first_gold_rank(first_rank);
  o.set_first_gold_observed(observed);
  return o;
}

TEST(PairTest, DeltasRetentionAndRanks) {
  ConditionOutcome b = Outcome("baseline", {{"g1", true}, {"x", false}, {"g2", true}}, 1, true);
  b.set_mrr(1.0);
  ConditionOutcome p = Outcome("noise", {{"d", false}, {"g2", true}}, 2, true);
  p.set_mrr(0.5);
  p.set_dose(5);
  p.set_distractors_in_top10(1);
  absl::StatusOr<PairedOutcome> r = Pair(b, p);
  ASSERT_TRUE(r.ok()) << r.status();
  EXPECT_DOUBLE_EQ(r->delta_mrr(), -0.5);
  ASSERT_TRUE(r->has_top10_gold_retention());
  EXPECT_DOUBLE_EQ(r->top10_gold_retention(), 0.5);
  EXPECT_FALSE(r->loss_of_all_top10_gold());
  ASSERT_TRUE(r->has_rank_delta_uncensored());
  EXPECT_EQ(r->rank_delta_uncensored(), 1);
  EXPECT_EQ(r->rank_delta_censored(), 1);
  EXPECT_EQ(r->dose(), 5);
  EXPECT_EQ(r->distractors_in_top10(), 1);
}

TEST(PairTest, CensoredRankHasNoUncensoredDelta) {
  ConditionOutcome b = Outcome("baseline", {{"g1", true}}, 1, true);
  ConditionOutcome p = Outcome("stale", {{"x", false}}, 201, false);
  absl::StatusOr<PairedOutcome> r = Pair(b, p);
  ASSERT_TRUE(r.ok());
  EXPECT_FALSE(r->has_rank_delta_uncensored());
  EXPECT_EQ(r->rank_delta_censored(), 200);
  EXPECT_TRUE(r->loss_of_all_top10_gold());
  EXPECT_DOUBLE_EQ(r->top10_gold_retention(), 0.0);
}

TEST(PairTest, NoBaselineGoldInTop10MeansNoRetention) {
  ConditionOutcome b = Outcome("baseline", {{"x", false}}, 201, false);
  ConditionOutcome p = Outcome("stale", {{"x", false}}, 201, false);
  absl::StatusOr<PairedOutcome> r = Pair(b, p);
  ASSERT_TRUE(r.ok());
  EXPECT_FALSE(r->has_top10_gold_retention());
  EXPECT_FALSE(r->loss_of_all_top10_gold());
  EXPECT_EQ(r->rank_delta_censored(), 0);
}

TEST(PairTest, MismatchedUnitsAreErrors) {
  ConditionOutcome b = Outcome("baseline", {}, 201, false);
  ConditionOutcome p = Outcome("stale", {}, 201, false);
  p.set_harness("H008");
  EXPECT_TRUE(IsError(Pair(b, p), absl::StatusCode::kInvalidArgument,
                      "pair: baseline T01/H000 against T01/H008"));
  EXPECT_TRUE(IsError(Pair(b, b), absl::StatusCode::kInvalidArgument,
                      "expected two conditions, found condition 'baseline' on both sides"));
}

}  // namespace
}  // namespace repro::grid
