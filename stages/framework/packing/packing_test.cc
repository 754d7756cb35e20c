#include "stages/framework/packing/packing.h"

#include <string>
#include <vector>

#include "gtest/gtest.h"

namespace repro::packing {
namespace {

using Strings = std::vector<std::string>;

Unit U(const std::string& id, int64_t cost, const std::string& file, Strings claims = {},
       Strings dup_of = {}) {
  Unit u;
  u.id = id;
  u.cost = cost;
  u.file = file;
  u.claims = std::move(claims);
  u.cluster = file;
  u.near_duplicate_of = std::move(dup_of);
  return u;
}

Strings Reasons(const PackResult& r) {
  Strings out;
  for (const Decision& d : r.decisions) out.push_back(d.id + ": " + ReasonText(d));
  return out;
}

std::string ErrorOf(const std::vector<Unit>& units, int64_t budget, const RuleSet& rules) {
  absl::StatusOr<PackResult> r = Pack(units, budget, rules, "pool.jsonl");
  EXPECT_FALSE(r.ok());
  return r.ok() ? "" : std::string(r.status().message());
}

TEST(PackTest, GreedySkipsAndContinues) {
  const std::vector<Unit> units = {U("a", 60, "x.go", {"F1"}), U("b", 50, "y.go", {"F2"}),
                                   U("c", 30, "z.go", {"F3"})};
  absl::StatusOr<PackResult> r = Pack(units, 100, RuleSet{}, "pool");
  ASSERT_TRUE(r.ok()) << r.status();
  EXPECT_EQ(r->packed, (Strings{"a", "c"}));
  EXPECT_EQ(Reasons(*r), (Strings{"a: packed", "b: does not fit", "c: packed"}));
  EXPECT_EQ(r->used, 90);
  EXPECT_EQ(r->left, 10);
  EXPECT_EQ(r->decisions[1].remaining_before, 40);
  EXPECT_EQ(r->claims_covered, (Strings{"F1", "F3"}));
  EXPECT_EQ(r->files, (Strings{"x.go", "z.go"}));
}

TEST(PackTest, GreedyAdmitsDeclaredPairsTheRedundancyRuleSkips) {
  const std::vector<Unit> units = {U("a", 10, "x.go", {"F1"}),
                                   U("a_copy", 10, "vendor/x.go", {"F1"}, {"a"}),
                                   U("b", 10, "y.go", {"F2"})};
  absl::StatusOr<PackResult> greedy = Pack(units, 20, RuleSet{}, "pool");
  ASSERT_TRUE(greedy.ok());
  EXPECT_EQ(greedy->packed, (Strings{"a", "a_copy"}));
  EXPECT_EQ(greedy->redundant_pairs, (Strings{"(a, a_copy)"}));

  absl::StatusOr<PackResult> rule = Pack(units, 20, RuleSet{Rule::kRedundancy}, "pool");
  ASSERT_TRUE(rule.ok());
  EXPECT_EQ(rule->packed, (Strings{"a", "b"}));
  EXPECT_EQ(Reasons(*rule), (Strings{"a: packed", "a_copy: redundant with a", "b: packed"}));
  EXPECT_TRUE(rule->redundant_pairs.empty());
}

TEST(PackTest, RedundancyOptionsNarrowTheRule) {
  std::vector<Unit> units = {U("a", 10, "x.go", {"F1"}),
                             U("a2", 10, "vendor/x.go", {"F1", "F9"}, {"a"})};
  RuleSet no_new_claim{Rule::kRedundancy, false, true, 0};
  absl::StatusOr<PackResult> r = Pack(units, 50, no_new_claim, "pool");
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(r->packed, (Strings{"a", "a2"}));  // a2 adds F9

  RuleSet same_cluster{Rule::kRedundancy, true, false, 0};
  r = Pack(units, 50, same_cluster, "pool");
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(r->packed, (Strings{"a", "a2"}));  // clusters x.go and vendor/x.go differ
  units[1].cluster = "x.go";
  r = Pack(units, 50, same_cluster, "pool");
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(r->packed, (Strings{"a"}));
}

TEST(PackTest, UnresolvedRelationsNeverSkip) {
  std::vector<Unit> units = {U("a", 10, "x.go"), U("b", 10, "y.go")};
  units[1].unresolved_duplicate_of = {"a"};
  absl::StatusOr<PackResult> r = Pack(units, 50, RuleSet{Rule::kRedundancy}, "pool");
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(r->packed, (Strings{"a", "b"}));
  EXPECT_EQ(r->unresolved_pairs, (Strings{"(a, b)"}));
}

TEST(PackTest, DiversityFillsEveryFileToNBeforeAnyFilesNextUnit) {
  const std::vector<Unit> units = {U("x1", 10, "x.go"), U("x2", 10, "x.go"), U("x3", 10, "x.go"),
                                   U("y1", 10, "y.go"), U("z1", 25, "z.go")};
  RuleSet two_per_file{Rule::kDiversity, false, false, 2};
  absl::StatusOr<PackResult> r = Pack(units, 60, two_per_file, "pool");
  ASSERT_TRUE(r.ok()) << r.status();
  // Pass 1: x1 x2 y1 z1 (55), x3 deferred; pass 2: x3 does not fit in 5.
  EXPECT_EQ(r->packed, (Strings{"x1", "x2", "y1", "z1"}));
  EXPECT_EQ(Reasons(*r),
            (Strings{"x1: packed", "x2: packed", "x3: file quota", "y1: packed", "z1: packed"}));
  EXPECT_EQ(r->decisions[2].pass, 2);
  EXPECT_EQ(r->decisions[2].remaining_before, 5);

  r = Pack(units, 100, two_per_file, "pool");
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(r->packed, (Strings{"x1", "x2", "y1", "z1", "x3"}));  // pass 2 admits x3
  EXPECT_EQ(r->decisions[2].reason, Reason::kPacked);
}

TEST(PackTest, CountCoveredCountsDistinctGold) {
  EXPECT_EQ(CountCovered({"a", "b", "c"}, {"b", "b", "d"}), 1);
  EXPECT_EQ(CountCovered({}, {"a"}), 0);
}

TEST(PackTest, BadInputNamesTheUnitAndField) {
  EXPECT_EQ(ErrorOf({U("a", -1, "x.go")}, 10, RuleSet{}),
            "pool.jsonl, unit 1 (a), field cost: expected >= 0, found -1");
  EXPECT_EQ(ErrorOf({U("a", 1, "x.go"), U("a", 1, "y.go")}, 10, RuleSet{}),
            "pool.jsonl, unit 2 (a), field id: expected a unique id, found a repeat");
  EXPECT_EQ(ErrorOf({U("a", 1, "x.go", {}, {"zz"})}, 10, RuleSet{}),
            "pool.jsonl, unit 1 (a), field near_duplicate_of: expected a unit of the ranked "
            "list, found unknown unit 'zz'");
  EXPECT_EQ(ErrorOf({U("a", 1, "x.go", {}, {"a"})}, 10, RuleSet{}),
            "pool.jsonl, unit 1 (a), field near_duplicate_of: expected another unit, found the "
            "unit itself");
  EXPECT_EQ(ErrorOf({U("a", 1, "x.go")}, -3, RuleSet{}),
            "pool.jsonl, field budget: expected >= 0, found -3");
  EXPECT_EQ(ErrorOf({U("a", 1, "x.go")}, 10, RuleSet{Rule::kDiversity}),
            "pool.jsonl, rule diversity, field per_file: expected >= 1, found 0");
  EXPECT_EQ(ErrorOf({U("a", 1, "")}, 10, RuleSet{Rule::kDiversity, false, false, 1}),
            "pool.jsonl, unit 1 (a), field file: expected a file (the diversity rule counts "
            "units per file), found empty");
  EXPECT_NE(ErrorOf({U("a", 1, "x.go")}, 10, RuleSet{Rule::kGreedy, true, false, 0})
                .find("redundancy options"),
            std::string::npos);
}

}  // namespace
}  // namespace repro::packing
