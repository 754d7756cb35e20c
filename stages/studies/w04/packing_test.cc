#include "stages/studies/w04/packing.h"

#include <string>
#include <vector>

#include "gtest/gtest.h"
#include "stages/framework/pipeline/file_io.h"
#include "stages/framework/pipeline/textproto.h"

namespace repro::w04 {
namespace {

constexpr char kFile[] = "data/w04/packing.textproto";
const std::vector<std::string> kOrder = {"C2", "C4", "C1", "C5", "C3"};

PackingCase Fixture() {
  PackingCase pc;
  absl::StatusOr<std::string> text = ReadFile(kFile);
  EXPECT_TRUE(text.ok()) << text.status();
  EXPECT_TRUE(ParseTextProto(*text, kFile, &pc).ok());
  return pc;
}

std::string ErrorOf(const PackingCase& pc, const std::vector<std::string>& order = kOrder) {
  absl::StatusOr<PackingResult> r = EvaluatePacking(pc, order, kFile);
  EXPECT_FALSE(r.ok());
  return r.ok() ? "" : std::string(r.status().message());
}

std::vector<std::string> V(const google::protobuf::RepeatedPtrField<std::string>& f) {
  return {f.begin(), f.end()};
}

TEST(PackingTest, SeedOutcomes) {
  absl::StatusOr<PackingResult> r = EvaluatePacking(Fixture(), kOrder, kFile);
  ASSERT_TRUE(r.ok()) << r.status();
  const PackingRun& b = r->baseline();
  const PackingRun& t = r->treatment();
  EXPECT_EQ(V(b.selected()), (std::vector<std::string>{"C2", "C4"}));
  EXPECT_EQ(b.cost(), 170);
  EXPECT_EQ(b.unused(), 10);
  EXPECT_EQ(V(b.claims_covered()), (std::vector<std::string>{"A", "B"}));
  EXPECT_DOUBLE_EQ(b.coverage(), 0.5);
  EXPECT_EQ(b.clusters_size(), 1);
  EXPECT_EQ(V(b.redundant_pairs()), (std::vector<std::string>{"(C2, C4)"}));
  EXPECT_EQ(V(t.selected()), (std::vector<std::string>{"C2", "C1"}));
  EXPECT_EQ(t.cost(), 175);
  EXPECT_EQ(t.unused(), 5);
  EXPECT_DOUBLE_EQ(t.coverage(), 0.75);
  EXPECT_EQ(t.clusters_size(), 2);
  EXPECT_EQ(t.redundant_pairs_size(), 0);
  EXPECT_EQ(t.decisions(1).candidate_id(), "C4");
  EXPECT_EQ(t.decisions(1).reason(), kRuleRedundant);
  EXPECT_EQ(t.decisions(3).reason(), kReasonDoesNotFit);  // C5: 55 > 5
  EXPECT_DOUBLE_EQ(r->delta_coverage(), 0.25);
  EXPECT_EQ(r->delta_clusters(), 1);
  EXPECT_EQ(r->delta_redundant_pairs(), -1);
}

TEST(PackingTest, UnresolvedRedundancyNeverSkips) {
  PackingCase pc = Fixture();
  pc.mutable_baseline()->mutable_passages(1)->set_redundancy_status(UNRESOLVED);
  pc.mutable_treatment()->mutable_passages(1)->set_redundancy_status(UNRESOLVED);
  absl::StatusOr<PackingResult> r = EvaluatePacking(pc, kOrder, kFile);
  ASSERT_TRUE(r.ok()) << r.status();
  EXPECT_EQ(V(r->treatment().selected()), (std::vector<std::string>{"C2", "C4"}));
  EXPECT_EQ(V(r->treatment().unresolved_pairs()), (std::vector<std::string>{"(C2, C4)"}));
}

// A relation listed in unresolved_duplicate_of (the pool reader's form of an
// UNRESOLVED relation) never skips either, and must name an earlier passage.
TEST(PackingTest, UnresolvedRelationsNeverSkip) {
  PackingCase pc = Fixture();
  for (PackingCondition* c : {pc.mutable_baseline(), pc.mutable_treatment()}) {
    c->mutable_passages(1)->clear_near_duplicate_of();
    c->mutable_passages(1)->add_unresolved_duplicate_of("C2");
  }
  absl::StatusOr<PackingResult> r = EvaluatePacking(pc, kOrder, kFile);
  ASSERT_TRUE(r.ok()) << r.status();
  EXPECT_EQ(V(r->treatment().selected()), (std::vector<std::string>{"C2", "C4"}));
  EXPECT_EQ(V(r->treatment().unresolved_pairs()), (std::vector<std::string>{"(C2, C4)"}));
  EXPECT_EQ(r->treatment().redundant_pairs_size(), 0);

  pc.mutable_treatment()->mutable_passages(1)->clear_unresolved_duplicate_of();
  EXPECT_NE(ErrorOf(pc).find("field unresolved_duplicate_of: expected [C2], found []"),
            std::string::npos)
      << ErrorOf(pc);
  for (PackingCondition* c : {pc.mutable_baseline(), pc.mutable_treatment()}) {
    c->mutable_passages(0)->add_unresolved_duplicate_of("C4");
  }
  EXPECT_NE(ErrorOf(pc).find("field unresolved_duplicate_of: expected an earlier passage"),
            std::string::npos)
      << ErrorOf(pc);
}

TEST(PackingStopTest, ChangedOrder) {
  PackingCase pc = Fixture();
  pc.mutable_treatment()->mutable_passages()->SwapElements(2, 3);
  EXPECT_NE(ErrorOf(pc).find("condition 'treatment', field passages (order): expected the "
                             "reranked order [C2, C4, C1, C5, C3], found [C2, C4, C5, C1, C3]"),
            std::string::npos)
      << ErrorOf(pc);
}

TEST(PackingStopTest, ChangedCostClaimsBudget) {
  PackingCase pc = Fixture();
  pc.mutable_treatment()->mutable_passages(2)->set_cost(70);
  EXPECT_NE(ErrorOf(pc).find("passage 3 (candidate C1), field cost: expected 80"),
            std::string::npos);
  pc = Fixture();
  pc.mutable_treatment()->mutable_passages(3)->add_claims("A");
  EXPECT_NE(ErrorOf(pc).find("(candidate C5), field claims: expected [D], found [D, A]"),
            std::string::npos);
  pc = Fixture();
  pc.mutable_treatment()->set_budget(240);
  EXPECT_NE(ErrorOf(pc).find("field budget: expected 180"), std::string::npos);
  pc = Fixture();
  pc.mutable_treatment()->mutable_passages(1)->set_dependency_cluster("O-E");
  EXPECT_NE(ErrorOf(pc).find("field dependency_cluster"), std::string::npos);
}

TEST(PackingStopTest, RulesMustDifferByTheDeclaredRuleOnly) {
  PackingCase pc = Fixture();
  pc.mutable_treatment()->clear_rules();
  EXPECT_NE(ErrorOf(pc).find("field rules"), std::string::npos);
  pc = Fixture();
  pc.mutable_baseline()->add_rules("R-REDUNDANT-NO-NEW-CLAIM");
  EXPECT_NE(ErrorOf(pc).find("field rules"), std::string::npos);
  // Baseline [R], treatment [R, R]: "adds R" on paper, changes nothing.
  pc = Fixture();
  pc.mutable_baseline()->clear_rules();
  pc.mutable_baseline()->add_rules("R-REDUNDANT-NO-NEW-CLAIM");
  pc.mutable_treatment()->clear_rules();
  pc.mutable_treatment()->add_rules("R-REDUNDANT-NO-NEW-CLAIM");
  pc.mutable_treatment()->add_rules("R-REDUNDANT-NO-NEW-CLAIM");
  EXPECT_NE(
      ErrorOf(pc).find("field rules: expected each rule once, found [R-REDUNDANT-NO-NEW-CLAIM, "
                       "R-REDUNDANT-NO-NEW-CLAIM] (R-REDUNDANT-NO-NEW-CLAIM twice)"),
      std::string::npos)
      << ErrorOf(pc);
  pc.mutable_treatment()->clear_rules();
  pc.mutable_treatment()->add_rules("R-REDUNDANT-NO-NEW-CLAIM");
  EXPECT_NE(ErrorOf(pc).find("field rules: expected the baseline without the declared rule"),
            std::string::npos)
      << ErrorOf(pc);
}

TEST(PackingStopTest, ConditionsMustBeTwoDistinctBlocks) {
  PackingCase pc = Fixture();
  pc.mutable_treatment()->set_name(pc.baseline().name());
  EXPECT_NE(ErrorOf(pc).find("expected two different names"), std::string::npos) << ErrorOf(pc);
  pc = Fixture();
  pc.clear_treatment();
  EXPECT_NE(ErrorOf(pc).find("field treatment: expected a condition block, found none"),
            std::string::npos)
      << ErrorOf(pc);
}

TEST(PackingStopTest, BadLedgerValues) {
  PackingCase pc = Fixture();
  pc.mutable_baseline()->mutable_passages(0)->set_candidate_id("C9");
  EXPECT_NE(ErrorOf(pc).find("field candidate_id: expected a member of the candidate pool, "
                             "found unknown id 'C9'"),
            std::string::npos);
  pc = Fixture();
  pc.mutable_baseline()->mutable_passages(4)->set_cost(-1);
  EXPECT_NE(ErrorOf(pc).find("(candidate C3), field cost: expected >= 0, found -1"),
            std::string::npos);
  pc = Fixture();
  pc.mutable_baseline()->set_budget(-5);
  EXPECT_NE(ErrorOf(pc).find("field budget: expected >= 0, found -5"), std::string::npos);
  pc = Fixture();
  pc.mutable_baseline()->mutable_passages(0)->add_claims("Z");
  EXPECT_NE(ErrorOf(pc).find("field claims: expected a declared claim id, found 'Z'"),
            std::string::npos);
  pc = Fixture();
  pc.mutable_baseline()->mutable_passages(0)->add_near_duplicate_of("C4");
  EXPECT_NE(ErrorOf(pc).find("field near_duplicate_of"), std::string::npos);
}

}  // namespace
}  // namespace repro::w04
