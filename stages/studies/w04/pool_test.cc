#include "stages/studies/w04/pool.h"

#include <string>

#include "absl/strings/str_replace.h"
#include "gtest/gtest.h"
#include "stages/framework/pipeline/status_macros.h"
#include "stages/framework/pipeline/status_testing.h"
#include "stages/studies/w04/pool_cases.h"
#include "stages/studies/w04/pool_report.h"

namespace repro::w04 {
namespace {

using absl::StatusCode;

// Topic W04 is the worked case (seeds/w04_worked_case.md) as pool inputs;
// topic T2 has an UNRESOLVED relation, which never skips.
constexpr char kConfig[] = R"pb(
  pool_id: "C-W04-01"
  cost_unit: "authored token units"
  budget: 180
  cutoff: 3
  recall_cutoffs: [ 3, 5 ]
  max_gain: 3
  single_factor: "R-REDUNDANT-NO-NEW-CLAIM"
  baseline_name: "baseline"
  treatment_name: "reranked"
  bootstrap_resamples: 200
  topics {
    id: "W04"
    claims: [ "A", "B", "C", "D" ]
  }
  topics {
    id: "T2"
    claims: [ "X" ]
  }
)pb";

constexpr char kBaseline[] =
    "W04 Q0 C1 1 0.91 b\nW04 Q0 C2 2 0.84 b\nW04 Q0 C3 3 0.78 b\nW04 Q0 C4 4 0.66 b\n"
    "W04 Q0 C5 5 0.59 b\nT2 Q0 U1 1 3 b\nT2 Q0 U2 2 2 b\nT2 Q0 U3 3 1 b\n";
constexpr char kTreatment[] =
    "W04 Q0 C2 1 0.97 t\nW04 Q0 C4 2 0.89 t\nW04 Q0 C1 3 0.76 t\nW04 Q0 C5 4 0.64 t\n"
    "W04 Q0 C3 5 0.42 t\nT2 Q0 U2 1 3 t\nT2 Q0 U1 2 2 t\nT2 Q0 U3 3 1 t\n";
constexpr char kQrels[] =
    "W04 0 C1 1\nW04 0 C2 3\nW04 0 C3 0\nW04 0 C4 2\nW04 0 C5 1\n"
    "T2 0 U1 1\nT2 0 U2 1\nT2 0 U3 0\n";
constexpr char kLedger[] =
    R"({"topic": "W04", "id": "C2", "digest": "73b2e40a", "cost": 95, "claims": ["A", "B"], "dependency_cluster": "O-A/R1"}
{"topic": "W04", "id": "C4", "digest": "ab117e05", "cost": 75, "claims": ["A"], "dependency_cluster": "O-A/R1", "near_duplicates": [{"of": "C2", "status": "DECLARED"}]}
{"topic": "W04", "id": "C1", "digest": "41a0c1e2", "cost": 80, "claims": ["C"], "dependency_cluster": "O-B"}
{"topic": "W04", "id": "C5", "digest": "2c85b0d4", "cost": 55, "claims": ["D"], "dependency_cluster": "O-C"}
{"topic": "W04", "id": "C3", "digest": "f02d91c8", "cost": 40, "dependency_cluster": "O-D"}
{"topic": "T2", "id": "U1", "digest": "u1", "cost": 60, "claims": ["X"], "dependency_cluster": "K"}
{"topic": "T2", "id": "U2", "digest": "u2", "cost": 90, "claims": ["X"], "dependency_cluster": "K", "near_duplicates": [{"of": "U1", "status": "UNRESOLVED"}]}
{"topic": "T2", "id": "U3", "digest": "u3", "cost": 100, "dependency_cluster": "L"}
)";

PoolInputs Inputs() {
  return {{"pool.textproto", kConfig},
          {"base.run", kBaseline},
          {"treat.run", kTreatment},
          {"pool.qrels", kQrels},
          {"ledger.jsonl", kLedger}};
}

absl::StatusOr<PoolResult> Evaluate(const PoolInputs& in) {
  ASSIGN_OR_RETURN(const PoolCases cases, ReadPoolCases(in));
  return EvaluatePool(cases);
}

// `in` with `from` replaced by `to` in one file (which must contain it).
PoolInputs With(PoolFile PoolInputs::*file, const std::string& from, const std::string& to) {
  PoolInputs in = Inputs();
  EXPECT_NE((in.*file).bytes.find(from), std::string::npos) << from;
  absl::StrReplaceAll({{from, to}}, &(in.*file).bytes);
  return in;
}

TEST(PoolTest, TheWorkedCaseIsOneTopic) {
  absl::StatusOr<PoolResult> r = Evaluate(Inputs());
  ASSERT_TRUE(r.ok()) << r.status();
  ASSERT_EQ(r->topics_size(), 2);
  const TopicResult& w04 = r->topics(0);
  EXPECT_NEAR(w04.rerank().baseline().ndcg(), 0.576666646, 1e-9);
  EXPECT_NEAR(w04.rerank().treatment().ndcg(), 1.0, 1e-12);
  EXPECT_NEAR(w04.rerank().idcg(), 9.392789261, 1e-9);
  ASSERT_EQ(w04.packing().baseline().selected_size(), 2);
  EXPECT_EQ(w04.packing().baseline().selected(1), "C4");
  ASSERT_EQ(w04.packing().treatment().selected_size(), 2);
  EXPECT_EQ(w04.packing().treatment().selected(1), "C1");
  EXPECT_EQ(w04.packing().treatment().unused(), 5);
  EXPECT_EQ(w04.packing().treatment().decisions(1).reason(), "R-REDUNDANT-NO-NEW-CLAIM");
}

TEST(PoolTest, AnUnresolvedRelationNeverSkips) {
  absl::StatusOr<PoolResult> r = Evaluate(Inputs());
  ASSERT_TRUE(r.ok()) << r.status();
  const PackingRun& t = r->topics(1).packing().treatment();
  ASSERT_EQ(t.selected_size(), 2);
  EXPECT_EQ(t.selected(0), "U2");
  EXPECT_EQ(t.selected(1), "U1");
  ASSERT_EQ(t.unresolved_pairs_size(), 1);
  EXPECT_EQ(t.unresolved_pairs(0), "(U2, U1)");
}

TEST(PoolTest, MetricsOverTopicsAreMeansWithIntervals) {
  absl::StatusOr<PoolResult> r = Evaluate(Inputs());
  ASSERT_TRUE(r.ok()) << r.status();
  const PoolMetric* delta = nullptr;
  for (const PoolMetric& m : r->metrics()) {
    if (m.name() == "pack.delta.coverage") delta = &m;
  }
  ASSERT_NE(delta, nullptr);
  EXPECT_EQ(delta->topics(), 2);
  EXPECT_NEAR(delta->mean(), 0.125, 1e-12);  // (0.25 + 0) / 2
  EXPECT_LE(delta->lo(), delta->mean());
  EXPECT_GE(delta->hi(), delta->mean());
  absl::StatusOr<RenderedReport> page = RenderPoolReport(*r);
  ASSERT_TRUE(page.ok()) << page.status();
  EXPECT_NE(
      page->markdown.find("| W04 | 5 | 4 | 0.576666646 | 1.000000000 | +0.423333354 | 2/4 | 3/4 |"),
      std::string::npos)
      << page->markdown;
}

void ExpectStop(const PoolInputs& in, const std::string& message) {
  EXPECT_TRUE(IsError(Evaluate(in), StatusCode::kInvalidArgument, message));
}

TEST(PoolTest, BudgetZeroOrBeyondThePoolStops) {
  ExpectStop(With(&PoolInputs::config, "budget: 180", "budget: 0"),
             "pool.textproto, field budget: expected >= 1, found 0");
  ExpectStop(With(&PoolInputs::config, "budget: 180", "budget: 400"),
             "pool.textproto, topic W04, field budget: expected less than the topic's pool cost "
             "345");
}

TEST(PoolTest, AUnitLargerThanTheBudgetStops) {
  ExpectStop(With(&PoolInputs::config, "budget: 180", "budget: 90"),
             "ledger.jsonl:1 (topic W04, unit C2), field cost: expected at most the budget 90");
}

TEST(PoolTest, MissingCostsStop) {
  ExpectStop(With(&PoolInputs::ledger, R"("cost": 55, )", ""),
             "ledger.jsonl:4 (topic W04, unit C5), field cost: expected the unit's cost, found "
             "none (costs missing)");
}

TEST(PoolTest, TwoRulesAsTheSingleFactorStop) {
  ExpectStop(With(&PoolInputs::config, R"(single_factor: "R-REDUNDANT-NO-NEW-CLAIM")",
                  R"(single_factor: [ "R-REDUNDANT-NO-NEW-CLAIM", "R-FILE-QUOTA" ])"),
             "field single_factor: expected exactly one rule");
}

TEST(PoolTest, LedgerIdsThatDifferFromTheRunsStop) {
  ExpectStop(
      With(
          &PoolInputs::ledger,
          R"({"topic": "W04", "id": "C3", "digest": "f02d91c8", "cost": 40, "dependency_cluster": "O-D"}
)",
          ""),
      "ledger.jsonl, topic W04, field id: expected a line for every unit base.run ranks, "
      "found none for 'C3'");
  ExpectStop(With(&PoolInputs::ledger, R"("cost": 40, "dependency_cluster": "O-D"}
)",
                  R"("cost": 40, "dependency_cluster": "O-D"}
{"topic": "W04", "id": "C9", "digest": "c9", "cost": 1, "dependency_cluster": "O-E"}
)"),
             "ledger.jsonl:6 (topic W04, unit C9), field id: expected a unit that base.run ranks");
}

TEST(PoolTest, RunsWithDifferentCandidatesStop) {
  ExpectStop(With(&PoolInputs::treatment_run, "W04 Q0 C3 5", "W04 Q0 C6 5"),
             "treat.run, topic W04, field docno: expected the same candidate ids in both runs");
}

TEST(PoolTest, ARelationToAUnitOutsideThePoolStops) {
  ExpectStop(With(&PoolInputs::ledger, R"("of": "C2")", R"("of": "C9")"),
             "ledger.jsonl:2 (topic W04, unit C4), field near_duplicates.of: expected another "
             "unit of the topic's pool, found 'C9'");
}

TEST(PoolTest, ACycleOfNearDuplicatesStops) {
  ExpectStop(
      With(
          &PoolInputs::ledger, R"("claims": ["A", "B"], "dependency_cluster": "O-A/R1"})",
          R"("claims": ["A", "B"], "dependency_cluster": "O-A/R1", "near_duplicates": [{"of": "C4", "status": "DECLARED"}]})"),
      "field near_duplicates.of: expected no cycle of near duplicates, found the cycle "
      "C2 -> C4 -> C2");
}

TEST(PoolTest, UnjudgedUnitsAndUnknownTopicsStop) {
  ExpectStop(With(&PoolInputs::qrels, "W04 0 C3 0\n", ""),
             "pool.qrels, topic W04, field grade: expected a judgment of ranked unit 'C3'");
  ExpectStop(With(&PoolInputs::qrels, "T2 0 U3 0", "T9 0 U3 0"),
             "pool.qrels, topic T9, field qid: expected a topic of pool.textproto");
}

}  // namespace
}  // namespace repro::w04
