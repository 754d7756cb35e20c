#include "stages/framework/metrics/ranking_metrics.h"

#include <cmath>

#include "gtest/gtest.h"
#include "stages/framework/pipeline/status_testing.h"

namespace repro::metrics {
namespace {

Qrels W04Qrels() { return *Qrels::Create({{"C1", 1}, {"C2", 3}, {"C3", 0}, {"C4", 2}, {"C5", 1}}); }

TEST(DcgTest, W04BaselineExponentialGain) {
  // gains [1, 3, 0] -> 1/1 + 7/log2(3) + 0/2 = 5.416508275...
  metrics::Run run = {"C1", "C2", "C3", "C4", "C5"};
  EXPECT_NEAR(*DcgAtK(run, W04Qrels(), 3, Gain::kExponential), 1 + 7 / std::log2(3.0), 1e-15);
  EXPECT_NEAR(*DcgAtK(run, W04Qrels(), 3, Gain::kExponential), 5.416508275, 5e-10);
  // IDCG@3 = 7 + 3/log2(3) + 1/2 = 9.392789261...
  EXPECT_NEAR(*IdealDcgAtK(W04Qrels(), 3, Gain::kExponential), 9.392789261, 5e-10);
  EXPECT_NEAR(*NdcgAtK(run, W04Qrels(), 3, Gain::kExponential), 0.576666646, 5e-10);
}

TEST(DcgTest, LinearGainMatchesTrecEvalNdcgCut) {
  // trec_eval ndcg_cut.3 on raw grades: (1 + 3/log2 3) / (3 + 2/log2 3 + 1/2).
  metrics::Run run = {"C1", "C2", "C3", "C4", "C5"};
  const double expected = (1 + 3 / std::log2(3.0)) / (3 + 2 / std::log2(3.0) + 0.5);
  EXPECT_NEAR(*NdcgAtK(run, W04Qrels(), 3, Gain::kLinear), expected, 1e-15);
  EXPECT_NEAR(expected, 0.6075, 1e-4);  // the value in the metric notes
}

TEST(DcgTest, IdealOrderGivesOne) {
  metrics::Run run = {"C2", "C4", "C1", "C5", "C3"};
  EXPECT_DOUBLE_EQ(*NdcgAtK(run, W04Qrels(), 3, Gain::kExponential), 1.0);
}

TEST(DcgTest, ShortRunCountsMissingPositionsAsNonRelevant) {
  metrics::Run run = {"C4"};
  // DCG@3 = 3/1; IDCG@3 unchanged (built from the qrels, not the run).
  EXPECT_DOUBLE_EQ(*DcgAtK(run, W04Qrels(), 3, Gain::kExponential), 3.0);
  EXPECT_NEAR(*NdcgAtK(run, W04Qrels(), 3, Gain::kExponential), 3 / 9.392789261, 1e-9);
  EXPECT_DOUBLE_EQ(*PrecisionAtK(run, W04Qrels(), 3), 1.0 / 3);
  EXPECT_DOUBLE_EQ(*RecallAtK(run, W04Qrels(), 3), 0.25);
}

TEST(DcgTest, EmptyRun) {
  EXPECT_DOUBLE_EQ(*NdcgAtK({}, W04Qrels(), 3, Gain::kExponential), 0.0);
  EXPECT_DOUBLE_EQ(*ReciprocalRank({}, W04Qrels()), 0.0);
}

TEST(DcgTest, UnjudgedDocumentsHaveZeroGain) {
  metrics::Run run = {"X", "C2"};
  EXPECT_DOUBLE_EQ(*DcgAtK(run, W04Qrels(), 2, Gain::kExponential), 7 / std::log2(3.0));
}

TEST(NoRelevantTest, AllMetricsAreZero) {
  Qrels none = *Qrels::Create({{"a", 0}, {"b", 0}});
  metrics::Run run = {"a", "b"};
  EXPECT_EQ(none.NumRelevant(), 0);
  EXPECT_DOUBLE_EQ(*NdcgAtK(run, none, 2, Gain::kExponential), 0.0);
  EXPECT_DOUBLE_EQ(*RecallAtK(run, none, 2), 0.0);
  EXPECT_DOUBLE_EQ(*AccuracyAtK(run, none, 2), 0.0);
  EXPECT_DOUBLE_EQ(*PrecisionAtK(run, none, 2), 0.0);
  EXPECT_DOUBLE_EQ(*ReciprocalRank(run, none), 0.0);
  FirstRelevant f = *FirstRelevantRank(run, none, 201);
  EXPECT_FALSE(f.observed);
  EXPECT_EQ(f.rank, 201);
}

// Acc@k: every relevant document (C1, C2, C4, C5 in the W04 qrels) within
// the first k; one missing is 0 however many are found.
TEST(AccuracyTest, AllRelevantWithinK) {
  Qrels q = W04Qrels();
  metrics::Run reranked = {"C2", "C4", "C1", "C5", "C3"};
  EXPECT_DOUBLE_EQ(*AccuracyAtK(reranked, q, 3), 0.0);  // recall@3 is 0.75
  EXPECT_DOUBLE_EQ(*AccuracyAtK(reranked, q, 4), 1.0);
  EXPECT_DOUBLE_EQ(*AccuracyAtK(reranked, q, 10), 1.0);  // k beyond the run
  EXPECT_DOUBLE_EQ(*AccuracyAtK({"C2", "C4"}, q, 10), 0.0);
  EXPECT_FALSE(AccuracyAtK(reranked, q, 0).ok());
}

TEST(RecallTest, W04Cutoffs) {
  Qrels q = W04Qrels();
  metrics::Run baseline = {"C1", "C2", "C3", "C4", "C5"};
  metrics::Run reranked = {"C2", "C4", "C1", "C5", "C3"};
  EXPECT_DOUBLE_EQ(*RecallAtK(baseline, q, 3), 0.5);
  EXPECT_DOUBLE_EQ(*RecallAtK(baseline, q, 5), 1.0);
  EXPECT_DOUBLE_EQ(*RecallAtK(reranked, q, 3), 0.75);
  EXPECT_DOUBLE_EQ(*RecallAtK(reranked, q, 5), 1.0);
  EXPECT_DOUBLE_EQ(*RecallAtK(reranked, q, 50), 1.0);  // k beyond the run
}

TEST(RecallTest, ThresholdChangesRelevance) {
  Qrels q = *Qrels::Create({{"a", 1}, {"b", 2}}, /*relevance_threshold=*/2);
  EXPECT_EQ(q.NumRelevant(), 1);
  EXPECT_DOUBLE_EQ(*RecallAtK({"a"}, q, 1), 0.0);
  EXPECT_DOUBLE_EQ(*ReciprocalRank({"a", "b"}, q), 0.5);
}

TEST(ReciprocalRankTest, FirstRelevantAndCensoring) {
  Qrels q = *Qrels::Create({{"g", 1}});
  EXPECT_DOUBLE_EQ(*ReciprocalRank({"x", "y", "g"}, q), 1.0 / 3);
  FirstRelevant f = *FirstRelevantRank({"x", "y", "g"}, q, 201);
  EXPECT_TRUE(f.observed);
  EXPECT_EQ(f.rank, 3);
  f = *FirstRelevantRank({"x"}, q, 201);
  EXPECT_FALSE(f.observed);
  EXPECT_EQ(f.rank, 201);
}

TEST(ValidationTest, DuplicateIdsAndBadCutoffAreErrors) {
  Qrels q = W04Qrels();
  absl::StatusOr<double> r = NdcgAtK({"C1", "C2", "C1"}, q, 3, Gain::kExponential);
  EXPECT_TRUE(
      IsError(r, absl::StatusCode::kInvalidArgument, "run: duplicate id 'C1' at ranks 1 and 3"));
  EXPECT_TRUE(IsError(RecallAtK({"C1"}, q, 0), absl::StatusCode::kInvalidArgument,
                      "cutoff k must be >= 1, got 0"));
  EXPECT_TRUE(IsError(Qrels::Create({{"a", 1}, {"a", 2}}), absl::StatusCode::kInvalidArgument,
                      "qrels: document 'a' is judged twice"));
  EXPECT_TRUE(IsError(Qrels::Create({{"a", -1}}), absl::StatusCode::kInvalidArgument,
                      "qrels: document 'a' has negative grade -1"));
  EXPECT_TRUE(IsError(Qrels::Create({{"", 1}}), absl::StatusCode::kInvalidArgument,
                      "qrels: empty document id"));
}

TEST(OrderByScoreTest, TiesBreakByIdAscending) {
  metrics::Run run = *OrderByScore({{"C3", 0.5}, {"C1", 0.5}, {"C2", 0.9}, {"C10", 0.5}});
  EXPECT_EQ(run, (metrics::Run{"C2", "C1", "C10", "C3"}));  // byte order: "C1" < "C10" < "C3"
}

TEST(OrderByScoreTest, RejectsNanAndDuplicates) {
  EXPECT_TRUE(IsError(OrderByScore({{"a", std::nan("")}}), absl::StatusCode::kInvalidArgument,
                      "run: id 'a' has a NaN score"));
  EXPECT_TRUE(IsError(OrderByScore({{"a", 1}, {"a", 2}}), absl::StatusCode::kInvalidArgument,
                      "run: duplicate id 'a' at ranks 1 and 2"));
}

}  // namespace
}  // namespace repro::metrics
