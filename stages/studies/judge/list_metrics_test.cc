// Every expected value below is computed by hand in the comment above it.
#include "stages/studies/judge/list_metrics.h"

#include "gtest/gtest.h"
#include "stages/framework/pipeline/status_testing.h"

namespace repro::judge {
namespace {

// Ground A(1) > {B, C}(0): binary outcomes, A is the only pass.
// Predicted B > {A, C}: B alone first, A and C tied.
WeakOrder G1() { return {{{"A"}, 1}, {{"B", "C"}, 0}}; }
WeakOrder P1() { return {{{"B"}, 0}, {{"A", "C"}, 0}}; }

// Ground A(3) > {B, C}(2) > D(1); predicted {A, B} > D > C.
WeakOrder G2() { return {{{"A"}, 3}, {{"B", "C"}, 2}, {{"D"}, 1}}; }
WeakOrder P2() { return {{{"A", "B"}, 0}, {{"D"}, 0}, {{"C"}, 0}}; }

TEST(ListwisePairwiseAccuracy, TiesOnBothSides) {
  // Case 1: decisive pairs (A,B) wrong = 0, (A,C) predicted tie = 1/2 -> 0.25.
  EXPECT_DOUBLE_EQ(ListwisePairwiseAccuracy(G1(), P1())->value(), 0.25);
  // Case 2: (B,C) ground-tied, left out. AB tie 1/2, AC 1, AD 1, BD 1, CD 0
  // -> 3.5 / 5 = 0.7.
  EXPECT_DOUBLE_EQ(ListwisePairwiseAccuracy(G2(), P2())->value(), 0.7);
}

TEST(ListwisePairwiseAccuracy, NoContrastIsUndefined) {
  WeakOrder all_tied = {{{"A", "B", "C"}, 1}};
  WeakOrder p = {{{"C"}, 0}, {{"A"}, 0}, {{"B"}, 0}};
  EXPECT_FALSE(ListwisePairwiseAccuracy(all_tied, p)->has_value());
  WeakOrder one = {{{"A"}, 1}};
  EXPECT_FALSE(ListwisePairwiseAccuracy(one, one)->has_value());
}

TEST(ListwisePairwiseAccuracy, PerfectAndReversed) {
  WeakOrder g = {{{"A"}, 3}, {{"B"}, 2}, {{"C"}, 1}};
  WeakOrder rev = {{{"C"}, 0}, {{"B"}, 0}, {{"A"}, 0}};
  EXPECT_DOUBLE_EQ(ListwisePairwiseAccuracy(g, g)->value(), 1.0);
  EXPECT_DOUBLE_EQ(ListwisePairwiseAccuracy(g, rev)->value(), 0.0);
}

TEST(Top1, ExpectedUnderRandomTieBreak) {
  EXPECT_DOUBLE_EQ(*Top1(G1(), P1()), 0.0);  // B first, not best
  EXPECT_DOUBLE_EQ(*Top1(G2(), P2()), 0.5);  // {A,B} first, A best: 1/2
  // All predicted tied: |best| / n = 1/3.
  WeakOrder tied = {{{"A", "B", "C"}, 0}};
  EXPECT_DOUBLE_EQ(*Top1(G1(), tied), 1.0 / 3);
  // Ground ties at the top: either tied best counts.
  WeakOrder g = {{{"A", "B"}, 1}, {{"C"}, 0}};
  WeakOrder p = {{{"B"}, 0}, {{"C"}, 0}, {{"A"}, 0}};
  EXPECT_DOUBLE_EQ(*Top1(g, p), 1.0);
}

TEST(BestInTopK, PartialGroupIsHypergeometric) {
  // Case 1, k=2: B fills slot 1; slot 2 is A or C with 1/2 each -> 0.5.
  EXPECT_DOUBLE_EQ(BestInTopK(G1(), P1(), 2)->value(), 0.5);
  EXPECT_DOUBLE_EQ(BestInTopK(G1(), P1(), 1)->value(), 0.0);
  // Case 2: {A,B} fills 2 slots and holds A -> 1; k=1: 1/2.
  EXPECT_DOUBLE_EQ(BestInTopK(G2(), P2(), 2)->value(), 1.0);
  EXPECT_DOUBLE_EQ(BestInTopK(G2(), P2(), 1)->value(), 0.5);
  // Five tied, one best, k=2: 1 - C(4,2)/C(5,2) = 1 - 6/10 = 0.4.
  WeakOrder g = {{{"A"}, 1}, {{"B", "C", "D", "E"}, 0}};
  WeakOrder tied = {{{"A", "B", "C", "D", "E"}, 0}};
  EXPECT_DOUBLE_EQ(BestInTopK(g, tied, 2)->value(), 0.4);
}

TEST(BestInTopK, UndefinedWhenListNotLongerThanK) {
  EXPECT_FALSE(BestInTopK(G1(), P1(), 3)->has_value());
  EXPECT_FALSE(BestInTopK(G1(), P1(), 5)->has_value());
  EXPECT_TRUE(IsError(BestInTopK(G1(), P1(), 0), absl::StatusCode::kInvalidArgument,
                      "k must be >= 1, got 0"));
}

TEST(OrderedPrefixAccuracy, GroundTiesAllowEitherOrder) {
  // Case 1: position 1 needs A; B is first -> 0.
  EXPECT_DOUBLE_EQ(OrderedPrefixAccuracy(G1(), P1(), 1)->value(), 0.0);
  // Case 2: position 1 needs A (1/2 from {A,B}), position 2 needs B or C
  // (then B, 1/1) -> 0.5. Position 3 needs B or C but D comes next -> 0.
  EXPECT_DOUBLE_EQ(OrderedPrefixAccuracy(G2(), P2(), 1)->value(), 0.5);
  EXPECT_DOUBLE_EQ(OrderedPrefixAccuracy(G2(), P2(), 2)->value(), 0.5);
  EXPECT_DOUBLE_EQ(OrderedPrefixAccuracy(G2(), P2(), 3)->value(), 0.0);
  // Perfect strict order at k = n -> 1; k > n undefined.
  WeakOrder g = {{{"A"}, 3}, {{"B"}, 2}, {{"C"}, 1}};
  EXPECT_DOUBLE_EQ(OrderedPrefixAccuracy(g, g, 3)->value(), 1.0);
  EXPECT_FALSE(OrderedPrefixAccuracy(g, g, 4)->has_value());
  // All predicted tied over a strict ground: 1/3 * 1/2 = 1/6 for k = 2.
  WeakOrder tied = {{{"A", "B", "C"}, 0}};
  EXPECT_DOUBLE_EQ(OrderedPrefixAccuracy(g, tied, 2)->value(), 1.0 / 6);
}

TEST(Spearman, AverageRanksForTies) {
  // Case 1: ground ranks A1 B2.5 C2.5, predicted B1 A2.5 C2.5; deviations
  // from 2: (-1,.5,.5) and (.5,-1,.5) -> -.75 / 1.5 = -0.5.
  EXPECT_DOUBLE_EQ(Spearman(G1(), P1())->value(), -0.5);
  // Case 2: ground A1 B2.5 C2.5 D4, predicted A1.5 B1.5 D3 C4 -> 2.25/4.5.
  EXPECT_DOUBLE_EQ(Spearman(G2(), P2())->value(), 0.5);
  // A constant side has no correlation.
  WeakOrder tied = {{{"A", "B", "C"}, 0}};
  EXPECT_FALSE(Spearman(G1(), tied)->has_value());
}

TEST(ExecuteTopK, RegretAndExecutedMean) {
  // Case 1, k=1: B (0) executed, best 1 -> regret 1, mean 0, 2 saved of 3.
  PolicyValue v1 = ExecuteTopK(G1(), P1(), 1)->value();
  EXPECT_DOUBLE_EQ(v1.regret, 1.0);
  EXPECT_DOUBLE_EQ(v1.expected_mean_executed, 0.0);
  EXPECT_EQ(v1.executions_saved, 2);
  EXPECT_DOUBLE_EQ(v1.executions_saved_fraction, 2.0 / 3);
  // Case 1, k=2: B plus one of {A, C}: E[max] = 1/2, regret 1/2,
  // E[mean] = (0 + 1/2) / 2 = 1/4.
  PolicyValue v2 = ExecuteTopK(G1(), P1(), 2)->value();
  EXPECT_DOUBLE_EQ(v2.expected_best_executed, 0.5);
  EXPECT_DOUBLE_EQ(v2.regret, 0.5);
  EXPECT_DOUBLE_EQ(v2.expected_mean_executed, 0.25);
  // Case 2, k=1: A (3) or B (2) with 1/2 each: E[max] 2.5, regret 0.5.
  PolicyValue v3 = ExecuteTopK(G2(), P2(), 1)->value();
  EXPECT_DOUBLE_EQ(v3.expected_best_executed, 2.5);
  EXPECT_DOUBLE_EQ(v3.regret, 0.5);
  // k = 3 of 4: A, B, D executed: max 3, mean 2.
  PolicyValue v4 = ExecuteTopK(G2(), P2(), 3)->value();
  EXPECT_DOUBLE_EQ(v4.regret, 0.0);
  EXPECT_DOUBLE_EQ(v4.expected_mean_executed, 2.0);
  EXPECT_FALSE(ExecuteTopK(G2(), P2(), 4)->has_value());
}

TEST(ListMetrics, DifferentIdSetsAreAnError) {
  WeakOrder g = {{{"A"}, 1}, {{"B"}, 0}};
  WeakOrder p = {{{"A"}, 0}, {{"Z"}, 0}};
  EXPECT_TRUE(IsError(Top1(g, p), absl::StatusCode::kInvalidArgument,
                      "id 'Z' is only in the second order"));
  EXPECT_TRUE(IsError(ListwisePairwiseAccuracy(g, p), absl::StatusCode::kInvalidArgument,
                      "id 'Z' is only in the second order"));
}

}  // namespace
}  // namespace repro::judge
