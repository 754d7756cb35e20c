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
