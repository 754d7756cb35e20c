#include "stages/framework/packing/single_factor.h"

#include <string>
#include <vector>

#include "gtest/gtest.h"

namespace repro::packing {
namespace {

Condition Make(const std::string& name, Rule rule) {
  Condition c;
  c.name = name;
  c.budget = 20;
  c.rules.rule = rule;
  Unit a{"a", 10, "x.go", {"F1"}, "x", {}, {}};
  Unit copy{"a_copy", 10, "vendor/x.go", {"F1"}, "x", {"a"}, {}};
  Unit b{"b", 10, "y.go", {"F2"}, "y", {}, {}};
  c.units = {a, copy, b};
  return c;
}

std::string ErrorOf(const Condition& b, const Condition& t, const std::vector<Rule>& declared) {
  absl::StatusOr<Comparison> r = CompareSingleFactor(b, t, declared, "exp.textproto");
  EXPECT_FALSE(r.ok());
  return r.ok() ? "" : std::string(r.status().message());
}

TEST(SingleFactorTest, PacksBothConditions) {
  absl::StatusOr<Comparison> r =
      CompareSingleFactor(Make("baseline", Rule::kGreedy), Make("treatment", Rule::kRedundancy),
                          {Rule::kRedundancy}, "exp.textproto");
  ASSERT_TRUE(r.ok()) << r.status();
  EXPECT_EQ(r->baseline.packed, (std::vector<std::string>{"a", "a_copy"}));
  EXPECT_EQ(r->treatment.packed, (std::vector<std::string>{"a", "b"}));
}

// The W04 seed's worked case (sections 6 to 8): order C2 C4 C1 C5 C3, B = 180.
TEST(SingleFactorTest, SeedWorkedCase) {
  Condition b;
  b.name = "baseline";
  b.budget = 180;
  b.units = {Unit{"C2", 95, "O-A", {"A", "B"}, "R1", {}, {}},
             Unit{"C4", 75, "O-A mirror", {"A"}, "R1", {"C2"}, {}},
             Unit{"C1", 80, "O-B", {"C"}, "O-B", {}, {}},
             Unit{"C5", 55, "O-C", {"D"}, "O-C", {}, {}}, Unit{"C3", 40, "O-D", {}, "O-D", {}, {}}};
  Condition t = b;
  t.name = "treatment";
  t.rules = RuleSet{Rule::kRedundancy, true, true, 0};
  absl::StatusOr<Comparison> r = CompareSingleFactor(b, t, {Rule::kRedundancy}, "seed");
  ASSERT_TRUE(r.ok()) << r.status();
  EXPECT_EQ(r->baseline.packed, (std::vector<std::string>{"C2", "C4"}));
  EXPECT_EQ(r->baseline.used, 170);
  EXPECT_EQ(r->baseline.left, 10);
  EXPECT_EQ(r->baseline.claims_covered, (std::vector<std::string>{"A", "B"}));
  EXPECT_EQ(r->baseline.redundant_pairs, std::vector<std::string>{"(C2, C4)"});
  EXPECT_EQ(r->treatment.packed, (std::vector<std::string>{"C2", "C1"}));
  EXPECT_EQ(r->treatment.used, 175);
  EXPECT_EQ(r->treatment.left, 5);
  EXPECT_EQ(r->treatment.claims_covered, (std::vector<std::string>{"A", "B", "C"}));
  EXPECT_EQ(r->treatment.clusters, (std::vector<std::string>{"O-B", "R1"}));
  EXPECT_TRUE(r->treatment.redundant_pairs.empty());
  EXPECT_EQ(ReasonText(r->treatment.decisions[1]), "redundant with C2");
  EXPECT_EQ(ReasonText(r->treatment.decisions[3]), "does not fit");
}

TEST(SingleFactorTest, TwoRulesDeclaredStop) {
  EXPECT_EQ(ErrorOf(Make("baseline", Rule::kGreedy), Make("treatment", Rule::kRedundancy),
                    {Rule::kRedundancy, Rule::kDiversity}),
            "exp.textproto: declared factor, field rules: expected exactly one rule as the "
            "single factor, found [redundancy, diversity]");
  EXPECT_NE(
      ErrorOf(Make("baseline", Rule::kGreedy), Make("treatment", Rule::kGreedy), {Rule::kGreedy})
          .find("expected a treatment rule"),
      std::string::npos);
}

TEST(SingleFactorTest, RulesMustMatchTheDeclaration) {
  EXPECT_NE(ErrorOf(Make("baseline", Rule::kRedundancy), Make("treatment", Rule::kRedundancy),
                    {Rule::kRedundancy})
                .find("condition 'baseline', field rule: expected greedy"),
            std::string::npos);
  Condition t = Make("treatment", Rule::kDiversity);
  t.rules.per_file = 1;
  EXPECT_NE(ErrorOf(Make("baseline", Rule::kGreedy), t, {Rule::kRedundancy})
                .find("field rule: expected the declared redundancy, found diversity"),
            std::string::npos);
}

TEST(SingleFactorTest, AnyOtherDifferenceStops) {
  const Condition b = Make("baseline", Rule::kGreedy);
  Condition t = Make("treatment", Rule::kRedundancy);
  t.budget = 30;
  EXPECT_EQ(ErrorOf(b, t, {Rule::kRedundancy}),
            "exp.textproto: condition 'treatment', field budget: expected 20 (as in 'baseline'), "
            "found 30");
  t = Make("treatment", Rule::kRedundancy);
  std::swap(t.units[0], t.units[2]);
  EXPECT_NE(ErrorOf(b, t, {Rule::kRedundancy}).find("unit 1 (b), field id (order)"),
            std::string::npos);
  t = Make("treatment", Rule::kRedundancy);
  t.units[2].cost = 5;
  EXPECT_EQ(ErrorOf(b, t, {Rule::kRedundancy}),
            "exp.textproto: condition 'treatment', unit 3 (b), field cost: expected 10 (as in "
            "'baseline'), found 5");
  t = Make("treatment", Rule::kRedundancy);
  t.units[1].near_duplicate_of.clear();
  EXPECT_NE(ErrorOf(b, t, {Rule::kRedundancy}).find("field near_duplicate_of: expected [a]"),
            std::string::npos);
  t = Make("treatment", Rule::kRedundancy);
  t.units[0].claims = {"F1", "F2"};
  EXPECT_NE(ErrorOf(b, t, {Rule::kRedundancy}).find("field claims"), std::string::npos);
  t = Make("treatment", Rule::kRedundancy);
  t.units.pop_back();
  EXPECT_NE(ErrorOf(b, t, {Rule::kRedundancy}).find("field units (count)"), std::string::npos);
  EXPECT_NE(ErrorOf(b, Make("baseline", Rule::kRedundancy), {Rule::kRedundancy})
                .find("two different non-empty names"),
            std::string::npos);
}

}  // namespace
}  // namespace repro::packing
