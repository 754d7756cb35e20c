// The authored fixture, measured: every expected number is derived by hand in
// docs/judge.md ("The fixture, by hand") and repeated in the comments here.
#include "stages/studies/judge/record_metrics.h"

#include <cmath>
#include <map>

#include "gtest/gtest.h"
#include "stages/framework/pipeline/file_io.h"
#include "stages/studies/judge/fixture_import.h"

namespace repro::judge {
namespace {

class FixtureMetrics : public ::testing::Test {
 protected:
  void SetUp() override {
    absl::StatusOr<std::string> text = ReadFile("data/judge/fixture.jsonl");
    ASSERT_TRUE(text.ok());
    absl::StatusOr<JudgeDataset> d = ImportJudgeLog(*text, "data/judge/fixture.jsonl", "fixture");
    ASSERT_TRUE(d.ok());
    for (const JudgeRecord& r : d->records()) {
      absl::StatusOr<TaskRow> row = MeasureRecord(r);
      ASSERT_TRUE(row.ok()) << row.status();
      rows_[r.record_id()] = *row;
    }
  }
  const TaskRow& L(const std::string& t) { return rows_.at("fx/" + t + "|fx-listwise"); }
  std::map<std::string, TaskRow> rows_;
};

TEST_F(FixtureMetrics, T1TiedPredictionAfterAWrongFirst) {
  // ground A(3) > B=C(1); predicted B > A=C.
  const TaskRow& r = L("t1");
  EXPECT_DOUBLE_EQ(*r.pairwise_accuracy, 0.25);
  EXPECT_DOUBLE_EQ(*r.top1, 0.0);
  EXPECT_DOUBLE_EQ(*r.best_in_top_k.at(2), 0.5);
  EXPECT_DOUBLE_EQ(*r.spearman, -0.5);
  EXPECT_DOUBLE_EQ(r.policy.at(1)->regret, 2.0);    // executes B (1), best 3
  EXPECT_DOUBLE_EQ(r.policy.at(2)->regret, 1.0);    // E[max] = (3 + 1) / 2
  EXPECT_FALSE(r.best_in_top_k.at(3).has_value());  // n = 3
}

TEST_F(FixtureMetrics, T2GroundAndPredictedTies) {
  const TaskRow& r = L("t2");
  EXPECT_DOUBLE_EQ(*r.pairwise_accuracy, 0.7);
  EXPECT_DOUBLE_EQ(*r.top1, 0.5);
  EXPECT_DOUBLE_EQ(*r.prefix.at(2), 0.5);
  EXPECT_DOUBLE_EQ(*r.prefix.at(3), 0.0);
  EXPECT_DOUBLE_EQ(*r.spearman, 0.5);
  EXPECT_DOUBLE_EQ(r.policy.at(1)->regret, 0.5);
  EXPECT_DOUBLE_EQ(r.policy.at(1)->expected_mean_executed, 2.5);
}

TEST_F(FixtureMetrics, T3MissingOutcomeIsRestrictedAway) {
  // C has no outcome: ground A(2) > B(1), predicted C > B > A -> B > A.
  const TaskRow& r = L("t3");
  EXPECT_EQ(r.missing_outcomes, 1);
  EXPECT_EQ(r.observed, 2);
  EXPECT_DOUBLE_EQ(*r.pairwise_accuracy, 0.0);
  EXPECT_DOUBLE_EQ(*r.top1, 0.0);
  EXPECT_DOUBLE_EQ(*r.spearman, -1.0);
  EXPECT_FALSE(r.best_in_top_k.at(2).has_value());
}

TEST_F(FixtureMetrics, T4DuplicateAndUnknownIds) {
  // returned B, B, Z, A -> B > A > C=D; ground A(3) > B=C=D(0).
  const TaskRow& r = L("t4");
  EXPECT_EQ(r.unplaced, 2);  // C and D were never returned
  EXPECT_DOUBLE_EQ(*r.pairwise_accuracy, 2.0 / 3);
  EXPECT_DOUBLE_EQ(*r.top1, 0.0);
  EXPECT_DOUBLE_EQ(*r.best_in_top_k.at(2), 1.0);
  // average ranks: ground A1 B3 C3 D3; predicted B1 A2 C3.5 D3.5 -> 1/sqrt(13.5)
  EXPECT_NEAR(*r.spearman, 1 / std::sqrt(13.5), 1e-15);
  EXPECT_DOUBLE_EQ(r.policy.at(1)->regret, 3.0);
}

TEST_F(FixtureMetrics, T5UnparsableOutputIsARandomPick) {
  // ground A=B(2) > C(0); predicted all tied.
  const TaskRow& r = L("t5");
  EXPECT_TRUE(r.output_failed);
  EXPECT_EQ(r.unplaced, 3);
  EXPECT_DOUBLE_EQ(*r.top1, 2.0 / 3);
  EXPECT_DOUBLE_EQ(*r.pairwise_accuracy, 0.5);
  EXPECT_DOUBLE_EQ(*r.prefix.at(2), 1.0 / 3);
  EXPECT_FALSE(r.spearman.has_value());
  EXPECT_NEAR(r.policy.at(1)->regret, 2.0 / 3, 1e-15);  // 2 - 4/3
  EXPECT_DOUBLE_EQ(r.policy.at(2)->regret, 0.0);
}

TEST_F(FixtureMetrics, ExclusionsAndMissingOutput) {
  EXPECT_EQ(L("t6").exclusion, "single_candidate");
  EXPECT_EQ(L("t7").exclusion, "no_contrast");
  EXPECT_FALSE(L("t7").top1.has_value());
  const TaskRow& r = L("t8");  // no output recorded: A(1) > B(0), all tied
  EXPECT_TRUE(r.output_failed);
  EXPECT_DOUBLE_EQ(*r.top1, 0.5);
  EXPECT_DOUBLE_EQ(*r.pairwise_accuracy, 0.5);
}

TEST_F(FixtureMetrics, PairwiseCalls) {
  const TaskRow& t2 = rows_.at("fx/t2|fx-pairwise");
  ASSERT_TRUE(t2.calls.has_value());
  // AB 1, BA 0, AD 1/2, DA unparsed 0, CD 1, DC 1 -> 3.5 / 6.
  EXPECT_DOUBLE_EQ(*t2.calls->accuracy, 3.5 / 6);
  EXPECT_DOUBLE_EQ(*t2.calls->accuracy_better_first, 2.5 / 3);
  EXPECT_DOUBLE_EQ(*t2.calls->accuracy_better_second, 1.0 / 3);
  EXPECT_DOUBLE_EQ(*t2.calls->position_consistency, 1.0 / 3);
  EXPECT_EQ(t2.calls->unparsed, 1);
  // Derived C > A=B > D against A > B=C > D: AB 1/2, AC 0, AD 1, BD 1, CD 1.
  EXPECT_DOUBLE_EQ(*t2.pairwise_accuracy, 0.7);
  EXPECT_DOUBLE_EQ(*t2.top1, 0.0);
  const TaskRow& t1 = rows_.at("fx/t1|fx-pairwise");
  EXPECT_DOUBLE_EQ(*t1.calls->accuracy, 1.0);
  EXPECT_DOUBLE_EQ(*t1.calls->position_consistency, 1.0);
  EXPECT_DOUBLE_EQ(*t1.top1, 1.0);  // A > B > C (C never compared: last)
}

}  // namespace
}  // namespace repro::judge
