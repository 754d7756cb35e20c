#include "stages/grid/cells/cell_packing.h"

#include <string>
#include <vector>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "stages/framework/pipeline/textproto.h"
#include "stages/grid/cells/packing_pool.h"
#include "stages/grid/cells/unit_costs.h"

namespace repro::grid {
namespace {

using ::testing::ElementsAre;
using ::testing::HasSubstr;

experiments::Packing Packing() {
  experiments::Packing p;
  EXPECT_TRUE(ParseTextProto(
                  R"pb(
                    unit: PACKING_UNIT_FUNCTION
                    cost: PACKING_COST_LINES
                    budgets: [ 6, 11 ]
                    depth: 10
                    treatments {
                      redundancy { shingle_size: 2 threshold_numerator: 1 threshold_denominator: 2 }
                    }
                    treatments { diversity { per_file: 1 } }
                  )pb",
                  "packing", &p)
                  .ok());
  return p;
}

PoolEntry Entry(int rank, const std::string& id, const std::string& file, int64_t cost,
                const std::string& text, std::vector<std::string> claims = {}) {
  PoolEntry e;
  e.rank = rank;
  e.unit.id = id;
  e.unit.file = file;
  e.unit.cost = cost;
  e.unit.claims = std::move(claims);
  e.text = text;
  e.sha256 = id;
  return e;
}

// a.go: A (4 lines, gold), B (3); b.go: copy of A (4, re-indented), C (2, gold).
std::vector<PoolEntry> Pool() {
  return {Entry(1, "a.go::A@1", "a.go", 4, "func A() {\n x := 1\n return x\n}\n", {"a.go::A"}),
          Entry(2, "a.go::B@6", "a.go", 3, "func B() {\n y()\n}\n"),
          Entry(3, "b.go::A@1", "b.go", 4, "func A() {\n   x := 1\n   return x\n}\n"),
          Entry(4, "b.go::C@6", "b.go", 2, "func C() {\n}\n", {"b.go::C"})};
}

retrieval::HarnessResult Ranked() {
  retrieval::HarnessResult r;
  for (const auto& [path, fn] : std::vector<std::pair<std::string, std::string>>{
           {"a.go", "A"}, {"a.go", "B"}, {"b.go", "A"}, {"b.go", "C"}}) {
    auto* f = r.add_functions();
    f->set_path(path);
    f->set_function(fn);
  }
  return r;
}

GoldLabels Gold() {
  GoldLabels g;
  g.files = {"a.go", "b.go", "c.go"};
  g.functions = {{"a.go", "A"}, {"b.go", "C"}, {"c.go", "D"}};
  return g;
}

TEST(CellPackingTest, PacksEveryBudgetByEveryRuleAndRecordsTheFunnel) {
  ConditionOutcome o;
  const retrieval::HarnessResult ranked = Ranked();
  ASSERT_TRUE(PackCell(Packing(), Pool(), Gold(), ranked, nullptr, "cell", &o).ok());
  ASSERT_EQ(o.packing_pool_size(), 4);
  EXPECT_THAT(o.packing_pool(2).near_duplicate_of(), ElementsAre("a.go::A@1"));
  EXPECT_THAT(o.packing_pool(2).similarity(), ElementsAre("equal"));
  ASSERT_EQ(o.packing_size(), 6);  // 2 budgets x (baseline, redundancy, diversity)
  // Budget 6, greedy: A (4) packed, B (3) does not fit, copy (4) does not fit, C (2) packed.
  const PackingResult& g6 = o.packing(0);
  EXPECT_EQ(g6.rule(), "greedy");
  EXPECT_EQ(g6.condition(), "baseline");
  EXPECT_THAT(g6.packed(), ElementsAre("a.go::A@1", "b.go::C@6"));
  EXPECT_EQ(g6.used(), 6);
  EXPECT_EQ(g6.left(), 0);
  EXPECT_EQ(g6.gold_functions(), 3);
  EXPECT_EQ(g6.gold_functions_covered(), 2);
  EXPECT_EQ(g6.gold_files_covered(), 2);
  EXPECT_EQ(g6.skipped_does_not_fit(), 2);
  EXPECT_THAT(g6.skipped(), ElementsAre("a.go::B@6\tdoes not fit", "b.go::A@1\tdoes not fit"));
  // Budget 11, greedy admits the copy (a redundant pair) and has no room for C.
  const PackingResult& g11 = o.packing(3);
  EXPECT_THAT(g11.packed(), ElementsAre("a.go::A@1", "a.go::B@6", "b.go::A@1"));
  EXPECT_EQ(g11.redundant_pairs(), 1);
  EXPECT_EQ(g11.skipped_does_not_fit(), 1);
  EXPECT_THAT(g11.skipped(), ElementsAre("b.go::C@6\tdoes not fit"));
  // The redundancy rule skips the copy, and C fits.
  const PackingResult& r11 = o.packing(4);
  EXPECT_EQ(r11.rule(), "redundancy");
  EXPECT_EQ(r11.condition(), "treatment");
  EXPECT_THAT(r11.packed(), ElementsAre("a.go::A@1", "a.go::B@6", "b.go::C@6"));
  EXPECT_THAT(r11.skipped(), ElementsAre("b.go::A@1\tredundant with a.go::A@1"));
  EXPECT_EQ(r11.gold_functions_covered(), 2);
  EXPECT_EQ(r11.redundant_pairs(), 0);
  // Diversity: one unit a file first; B then fits the budget left, C does not.
  const PackingResult& d11 = o.packing(5);
  EXPECT_EQ(d11.rule(), "diversity");
  EXPECT_THAT(d11.packed(), ElementsAre("a.go::A@1", "b.go::A@1", "a.go::B@6"));
  EXPECT_EQ(d11.redundant_pairs(), 1);
  EXPECT_EQ(d11.distinct_files(), 2);
  EXPECT_EQ(d11.skipped_file_quota(), 1);
  // Funnel: sorted gold functions; c.go::D was never ranked.
  ASSERT_EQ(o.funnel_size(), 3);
  EXPECT_EQ(o.funnel(0).function(), "a.go::A");
  EXPECT_EQ(o.funnel(0).rank(), 1);
  EXPECT_TRUE(o.funnel(0).above_cutoff());
  EXPECT_THAT(o.funnel(0).packed(), ElementsAre(true, true, true, true, true, true));
  EXPECT_EQ(o.funnel(1).function(), "b.go::C");
  EXPECT_EQ(o.funnel(1).rank(), 4);  // fourth distinct function id
  EXPECT_THAT(o.funnel(1).packed(), ElementsAre(true, true, true, false, true, false));
  EXPECT_EQ(o.funnel(2).rank(), 0);
  EXPECT_FALSE(o.funnel(2).in_packing_pool());
  EXPECT_EQ(o.funnel(2).used_in_answer(), "not evaluated");
}

TEST(CellPackingTest, AUnitAboveEveryBudgetStopsTheCell) {
  std::vector<PoolEntry> pool = Pool();
  pool[1].unit.cost = 12;
  ConditionOutcome o;
  const absl::Status s = PackCell(Packing(), pool, Gold(), Ranked(), nullptr, "task T", &o);
  EXPECT_THAT(s.message(), HasSubstr("task T, unit a.go::B@6 (rank 2), field cost: expected at "
                                     "most the largest budget 11"));
  experiments::Packing keep = Packing();
  keep.set_keep_units_above_every_budget(true);
  ConditionOutcome kept;
  ASSERT_TRUE(PackCell(keep, pool, Gold(), Ranked(), nullptr, "task T", &kept).ok());
  EXPECT_EQ(kept.units_above_every_budget(), 1);
  EXPECT_EQ(kept.packing(3).skipped(0), "a.go::B@6\tdoes not fit");
}

TEST(CellPackingTest, CountsLines) {
  EXPECT_EQ(CountLines(""), 0);
  EXPECT_EQ(CountLines("a"), 1);
  EXPECT_EQ(CountLines("a\n"), 1);
  EXPECT_EQ(CountLines("a\nb"), 2);
}

}  // namespace
}  // namespace repro::grid
