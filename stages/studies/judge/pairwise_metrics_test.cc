// Expected values are computed by hand in the comments.
#include "stages/studies/judge/pairwise_metrics.h"

#include "gtest/gtest.h"

namespace repro::judge {
namespace {

// Ground: A > B = C > D.
WeakOrder Ground() { return {{{"A"}, 3}, {{"B", "C"}, 2}, {{"D"}, 1}}; }

TEST(ScorePairwiseCalls, CreditTiesAndFailures) {
  std::vector<Call> calls = {
      {"A", "B", Verdict::kFirstBetter},   // better first, correct: 1
      {"B", "A", Verdict::kFirstBetter},   // better second, wrong: 0
      {"A", "D", Verdict::kTie},           // better first, tie: 1/2
      {"D", "A", Verdict::kUnparsed},      // better second, failure: 0
      {"B", "C", Verdict::kSecondBetter},  // ground tie: no credit
      {"C", "B", Verdict::kSecondBetter},  // ground tie: no credit
      {"C", "D", Verdict::kFirstBetter},   // better first, correct: 1
  };
  PairwiseCallMetrics m = *ScorePairwiseCalls(Ground(), calls);
  EXPECT_EQ(m.calls, 7);
  EXPECT_EQ(m.calls_ground_decisive, 5);
  EXPECT_EQ(m.calls_ground_tied, 2);
  EXPECT_EQ(m.unparsed, 1);
  EXPECT_EQ(m.judge_ties, 1);
  // (1 + 0 + 0.5 + 0 + 1) / 5 = 0.5
  EXPECT_DOUBLE_EQ(*m.accuracy, 0.5);
  // better first: AB 1, AD 0.5, CD 1 -> 2.5/3; better second: BA 0, DA 0.
  EXPECT_DOUBLE_EQ(*m.accuracy_better_first, 2.5 / 3);
  EXPECT_DOUBLE_EQ(*m.accuracy_better_second, 0.0);
  // Pairs in both orders: {A,B}: A vs B -> inconsistent; {A,D}: tie vs
  // unparsed -> inconsistent; {B,C}: C vs B -> inconsistent. 0/3.
  EXPECT_EQ(m.pairs_both_orders, 3);
  EXPECT_DOUBLE_EQ(*m.position_consistency, 0.0);
}

TEST(ScorePairwiseCalls, ConsistentPairs) {
  std::vector<Call> calls = {
      {"A", "B", Verdict::kFirstBetter}, {"B", "A", Verdict::kSecondBetter},  // A both
      {"A", "D", Verdict::kTie},         {"D", "A", Verdict::kTie},           // tie both
      {"X", "A", Verdict::kFirstBetter},  // X has no observed outcome
  };
  PairwiseCallMetrics m = *ScorePairwiseCalls(Ground(), calls);
  EXPECT_DOUBLE_EQ(*m.position_consistency, 1.0);
  EXPECT_EQ(m.calls_without_ground, 1);
  // AB 1, BA 1, AD .5, DA .5 -> 3/4
  EXPECT_DOUBLE_EQ(*m.accuracy, 0.75);
}

TEST(ScorePairwiseCalls, RejectsRepeatedOrderedPair) {
  std::vector<Call> calls = {{"A", "B", Verdict::kTie}, {"A", "B", Verdict::kTie}};
  EXPECT_FALSE(ScorePairwiseCalls(Ground(), calls).ok());
  EXPECT_FALSE(ScorePairwiseCalls(Ground(), {{"A", "A", Verdict::kTie}}).ok());
}

TEST(ScorePairwiseCalls, EmptyDenominatorsAreUndefined) {
  PairwiseCallMetrics m = *ScorePairwiseCalls(Ground(), {{"B", "C", Verdict::kTie}});
  EXPECT_FALSE(m.accuracy.has_value());
  EXPECT_FALSE(m.position_consistency.has_value());
}

}  // namespace
}  // namespace repro::judge
