#include "stages/grid/cells/outcomes.h"

#include <cmath>

#include "gtest/gtest.h"
#include "stages/framework/pipeline/status_testing.h"

namespace repro::grid {
namespace {

std::map<std::string, int64_t> Tokens() {
  return {{"a.go", 6000},
          {"g1.go", 5000},
          {"b.go", 4000},
          {"g2.go", 9000},
          {"__harness_distractors__/d00_x_y.go", 100},
          {"c.go", 1}};
}

TEST(OutcomesTest, HandComputedRun) {
  HarnessRun run;
  run.files = {{"__harness_distractors__/d00_x_y.go", 9},
               {"a.go", 8},
               {"g1.go", 7},
               {"b.go", 6},
               {"g2.go", 5}};
  run.functions = {{"g1.go", "F"}, {"a.go", "G"}, {"g2.go", "T.M"}};
  GoldLabels labels{{"g1.go", "g2.go"}, {{"g1.go", "F"}, {"g2.go", "T.M"}, {"g2.go", "T.N"}}};
  absl::StatusOr<ConditionOutcome> o = ComputeOutcome(run, labels, Tokens(), 200);
  ASSERT_TRUE(o.ok()) << o.status();
  EXPECT_DOUBLE_EQ(o->recall_at_1(), 0.0);
  EXPECT_DOUBLE_EQ(o->recall_at_5(), 1.0);
  EXPECT_DOUBLE_EQ(o->recall_at_10(), 1.0);
  EXPECT_DOUBLE_EQ(o->mrr(), 1.0 / 3);
  // DCG@10 = 1/log2(4) + 1/log2(6); IDCG = 1 + 1/log2(3).
  EXPECT_NEAR(o->ndcg_at_10(), (0.5 + 1 / std::log2(6.0)) / (1 + 1 / std::log2(3.0)), 1e-15);
  EXPECT_EQ(o->first_gold_rank(), 3);
  EXPECT_TRUE(o->first_gold_observed());
  EXPECT_DOUBLE_EQ(o->function_recall_at_10(), 2.0 / 3);
  // Budget prefix 13k: d00 (100) + a (6000) + g1 (5000) = 11100; b (4000) would exceed.
  EXPECT_DOUBLE_EQ(o->budget_coverage_13k(), 0.5);
  // 27k: + b (15100) + g2 (24100).
  EXPECT_DOUBLE_EQ(o->budget_coverage_27k(), 1.0);
  EXPECT_EQ(o->distractors_in_top10(), 1);
  EXPECT_TRUE(o->distractor_outranks_first_gold());
  EXPECT_TRUE(o->files(2).gold());
  EXPECT_TRUE(o->files(0).distractor());
}

TEST(OutcomesTest, NoGoldReturnedIsCensored) {
  HarnessRun run;
  run.files = {{"a.go", 1}, {"b.go", 0.5}};
  absl::StatusOr<ConditionOutcome> o =
      ComputeOutcome(run, GoldLabels{{"g1.go"}, {}}, Tokens(), 200);
  ASSERT_TRUE(o.ok());
  EXPECT_EQ(o->first_gold_rank(), 201);
  EXPECT_FALSE(o->first_gold_observed());
  EXPECT_DOUBLE_EQ(o->mrr(), 0.0);
  EXPECT_DOUBLE_EQ(o->ndcg_at_10(), 0.0);
  EXPECT_EQ(o->gold_functions(), 0);
  EXPECT_FALSE(o->distractor_outranks_first_gold());
}

TEST(OutcomesTest, Errors) {
  HarnessRun run;
  run.files = {{"a.go", 1}, {"a.go", 0.5}};
  EXPECT_TRUE(IsError(ComputeOutcome(run, GoldLabels{{"g1.go"}, {}}, Tokens(), 200),
                      absl::StatusCode::kInvalidArgument,
                      "duplicate id 'a.go' at ranks 1 and 2"));  // duplicate
  run.files = {{"unknown.go", 1}};
  EXPECT_TRUE(IsError(ComputeOutcome(run, GoldLabels{{"g1.go"}, {}}, Tokens(), 200),
                      absl::StatusCode::kInvalidArgument,
                      "no token count for ranked file 'unknown.go'"));  // no tokens
  run.files = {{"a.go", 1}, {"b.go", 0.5}};
  EXPECT_TRUE(IsError(ComputeOutcome(run, GoldLabels{{"g1.go"}, {}}, Tokens(), 1),
                      absl::StatusCode::kInvalidArgument,
                      "returned 2 files, more than the limit 1"));  // over limit
  EXPECT_TRUE(IsError(ComputeOutcome(run, GoldLabels{}, Tokens(), 200),
                      absl::StatusCode::kInvalidArgument, "the task has no gold file"));  // no gold
}

}  // namespace
}  // namespace repro::grid
