#include "stages/grid/packing_config.h"

#include <string>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "stages/framework/pipeline/textproto.h"

namespace repro::grid {
namespace {

using ::testing::HasSubstr;

constexpr char kGood[] = R"pb(
  unit: PACKING_UNIT_FUNCTION
  cost: PACKING_COST_TOKENS
  budgets: [ 500, 2000 ]
  depth: 50
  treatments { redundancy { shingle_size: 5 threshold_numerator: 8 threshold_denominator: 10 } }
  treatments { diversity { per_file: 1 } }
)pb";

experiments::Packing Parse(const std::string& text) {
  experiments::Packing p;
  EXPECT_TRUE(ParseTextProto(text, "packing.textproto", &p).ok());
  return p;
}

std::string Error(const std::string& text) {
  return std::string(CheckPacking(Parse(text), "e.textproto").message());
}

TEST(PackingConfigTest, AcceptsTheDeclaredBlockAndListsTheBaselineFirst) {
  const experiments::Packing p = Parse(kGood);
  ASSERT_TRUE(CheckPacking(p, "e.textproto").ok());
  const auto rules = PackingRules(p);
  ASSERT_EQ(rules.size(), 3u);
  EXPECT_EQ(rules[0].rule, packing::Rule::kGreedy);
  EXPECT_EQ(rules[1].rule, packing::Rule::kRedundancy);
  EXPECT_EQ(rules[2].rule, packing::Rule::kDiversity);
  EXPECT_EQ(rules[2].per_file, 1);
  EXPECT_EQ(NearDuplicateOptionsOf(p).threshold_numerator, 8);
  EXPECT_THAT(PackingRuleNames(p), ::testing::ElementsAre("greedy", "redundancy", "diversity"));
  EXPECT_EQ(PackingRowName(500, "greedy"), "pack_500_greedy");
  EXPECT_EQ(FunnelPackedName(2000, "diversity"), "funnel_packed_2000_diversity");
}

TEST(PackingConfigTest, StopsOnEachBadValueNamingTheField) {
  const std::string base = "unit: PACKING_UNIT_FILE cost: PACKING_COST_LINES depth: 10 ";
  const std::string rule =
      " treatments { redundancy { shingle_size: 3 threshold_numerator: 1 "
      "threshold_denominator: 2 } }";
  EXPECT_THAT(Error("cost: PACKING_COST_LINES budgets: 5 depth: 1" + rule),
              HasSubstr("field packing.unit"));
  EXPECT_THAT(Error(base + "budgets: 0" + rule),
              HasSubstr("packing.budgets[0]: expected a budget > 0"));
  EXPECT_THAT(Error(base + "budgets: [ 9, 9 ]" + rule), HasSubstr("budgets[1]: expected strictly"));
  EXPECT_THAT(Error(base + rule), HasSubstr("packing.budgets: expected one or more"));
  EXPECT_THAT(Error(base + "budgets: 5"), HasSubstr("packing.treatments: expected one or more"));
  EXPECT_THAT(Error(base + "budgets: 5 treatments { diversity { per_file: 1 } redundancy { "
                           "shingle_size: 3 threshold_denominator: 2 } }"),
              HasSubstr("treatments[0]: expected exactly one rule (redundancy or diversity) as "
                        "the single factor, found two rules"));
  EXPECT_THAT(Error(base + "budgets: 5" + rule + rule),
              HasSubstr("treatments[1]: expected each rule at most once"));
  EXPECT_THAT(Error(base + "budgets: 5 treatments { diversity { per_file: 1 } }"),
              HasSubstr("treatments[0].diversity: expected no diversity rule over whole files"));
  EXPECT_THAT(Error("unit: PACKING_UNIT_FUNCTION cost: PACKING_COST_LINES depth: 10 budgets: 5 "
                    "treatments { diversity { per_file: 0 } }"),
              HasSubstr("diversity.per_file: expected >= 1, found 0"));
  EXPECT_THAT(Error(base + "budgets: 5 treatments { redundancy { shingle_size: 3 "
                           "threshold_numerator: 2 threshold_denominator: 2 } }"),
              HasSubstr("in [0, 1), found 2 / 2"));
  EXPECT_THAT(Error("unit: PACKING_UNIT_FILE cost: PACKING_COST_LINES depth: 0 budgets: 5" + rule),
              HasSubstr("packing.depth: expected 1..1000, found 0"));
}

}  // namespace
}  // namespace repro::grid
