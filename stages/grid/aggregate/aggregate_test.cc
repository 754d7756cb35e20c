#include "stages/grid/aggregate/aggregate.h"

#include <utility>

#include "absl/strings/str_cat.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "stages/grid/aggregate/test_outcomes.h"
#include "stages/grid/aggregate/unit_shard.h"
#include "stages/grid/cells/outcomes.h"
#include "stages/grid/conditions/test_conditions.h"
#include "stages/grid/reports/localization.h"
#include "stages/grid/reports/rankings.h"

namespace repro::grid {
namespace {

ConditionOutcome Outcome(const std::string& task, const std::string& harness,
                         const std::string& condition, int dose, double mrr) {
  return TestOutcome(task, harness, condition, dose, mrr);
}

GridInput Grid() {
  GridInput in;
  in.grid = "test";
  in.task_ids = {"T1", "T2"};
  in.harnesses = {"H000", "H008", "H010"};
  in.comparisons = {{"H008", "H000"}, {"H010", "H000"}};
  in.resamples = 200;
  in.seed = 20260704;
  in.doses = {1, 5, 10};
  in.s001_depths = {1};
  in.conditions = TestConditions(in.s001_depths, in.doses);
  in.gold = {{"T1", {{"a.go"}, {}}}, {"T2", {{"a.go"}, {"a.go::F"}}}};
  for (const std::string& t : in.task_ids) {
    for (const std::string& h : in.harnesses) {
      in.outcomes.push_back(Outcome(t, h, "baseline", 0, 1.0));
      in.outcomes.push_back(Outcome(t, h, kTestStale, 0, t == "T1" ? 0.5 : 1.0));
      for (int d : {1, 5, 10})
        in.outcomes.push_back(Outcome(t, h, kTestNoise, d, d == 10 ? 0.25 : 1.0));
    }
  }
  return in;
}

const Summary* Find(const GridReport& r, const std::string& harness, const std::string& condition,
                    int dose, const std::string& metric) {
  for (const Summary& s : r.summaries()) {
    if (s.harness() == harness && s.condition() == condition && s.dose() == dose &&
        s.metric() == metric) {
      return &s;
    }
  }
  return nullptr;
}

TEST(AggregateTest, CellsAndSharedS001) {
  absl::StatusOr<GridReport> r = Aggregate(Grid());
  ASSERT_TRUE(r.ok()) << r.status();
  EXPECT_EQ(r->cells_size(), 2 * 3 * 3);
  EXPECT_EQ(r->s001_units(), 2 * 3);
  EXPECT_EQ(r->cells(0).cell_id(), "T1/H000/0");
  EXPECT_EQ(r->cells(2).dose(), 10);
  EXPECT_EQ(r->cells(1).s001().shared_key(), "T1/H000");
}

TEST(AggregateTest, S001CopiesAreNeverCountedThreeTimes) {
  absl::StatusOr<GridReport> r = Aggregate(Grid());
  ASSERT_TRUE(r.ok());
  const Summary* s = Find(*r, "all", kTestStale, 0, "delta_mrr");
  ASSERT_NE(s, nullptr);
  EXPECT_EQ(s->value().units(), 6);  // 2 tasks x 3 harnesses, not 18 cells
  EXPECT_DOUBLE_EQ(s->value().mean(), (3 * -0.5 + 3 * 0.0) / 6);
  const Summary* b = Find(*r, "H000", "baseline", 0, "mrr");
  ASSERT_NE(b, nullptr);
  EXPECT_EQ(b->value().units(), 2);
  const Summary* d10 = Find(*r, "all", kTestNoise, 10, "delta_mrr");
  ASSERT_NE(d10, nullptr);
  EXPECT_EQ(d10->value().units(), 6);
  EXPECT_DOUBLE_EQ(d10->value().mean(), -0.75);
  const Summary* diff = Find(*r, "H008-H000", "baseline", 0, "mrr");
  ASSERT_NE(diff, nullptr);
  EXPECT_DOUBLE_EQ(diff->value().mean(), 0.0);
}

// Acc@k from each unit's list and the task's gold: the gold file a.go at
// rank 1 / MRR; T2's gold function first in every unit's functions, T1 has
// none (function Acc@k undefined, so over T2 alone).
TEST(AggregateTest, AccuracyAtKOfEveryUnit) {
  GridInput in = Grid();
  for (ConditionOutcome& o : in.outcomes) {
    const int gold_rank = static_cast<int>(1 / o.mrr());
    for (int rank = 1; rank <= gold_rank; ++rank) {
      RankedFile* f = o.add_files();
      f->set_rank(rank);
      f->set_path(rank == gold_rank ? "a.go" : absl::StrCat("other", rank, ".go"));
      f->set_gold(rank == gold_rank);
    }
    o.add_top_functions("a.go::F");
  }
  absl::StatusOr<GridReport> r = Aggregate(in);
  ASSERT_TRUE(r.ok()) << r.status();
  const Summary* base = Find(*r, "all", "baseline", 0, "file_acc_at_1");
  ASSERT_NE(base, nullptr);
  EXPECT_DOUBLE_EQ(base->value().mean(), 1.0);
  EXPECT_EQ(base->value().units(), 6);
  for (auto [metric, mean] : {std::pair{"file_acc_at_3", 0.0}, std::pair{"file_acc_at_5", 1.0}}) {
    const Summary* d10 = Find(*r, "H000", kTestNoise, 10, metric);  // gold at rank 4
    ASSERT_NE(d10, nullptr) << metric;
    EXPECT_DOUBLE_EQ(d10->value().mean(), mean) << metric;
  }
  const Summary* function = Find(*r, "all", "baseline", 0, "function_acc_at_1");
  ASSERT_NE(function, nullptr);
  EXPECT_EQ(function->value().units(), 3);  // T2 x 3 harnesses
  EXPECT_DOUBLE_EQ(function->value().mean(), 1.0);
}

TEST(AggregateTest, AccuracyNeedsEveryTasksGold) {
  GridInput in = Grid();
  in.gold.erase("T2");
  EXPECT_THAT(Aggregate(in).status().message(), ::testing::HasSubstr("task T2 has no gold file"));
}

TEST(AggregateTest, DifferingCopiesAreAnError) {
  absl::StatusOr<GridReport> r = Aggregate(Grid());
  ASSERT_TRUE(r.ok());
  std::vector<Cell> cells(r->cells().begin(), r->cells().end());
  ASSERT_TRUE(UniqueS001(cells).ok());
  EXPECT_EQ(UniqueS001(cells)->size(), 6u);
  cells[1].mutable_s001()->set_mrr(0.9);
  absl::StatusOr<std::vector<ConditionOutcome>> u = UniqueS001(cells);
  ASSERT_FALSE(u.ok());
  EXPECT_NE(u.status().message().find("cell T1/H000/1"), std::string::npos) << u.status();
}

TEST(AggregateTest, MissingAndDuplicateOutcomes) {
  GridInput in = Grid();
  in.outcomes.pop_back();
  absl::StatusOr<GridReport> r = Aggregate(in);
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.status().message().find("missing outcome: task T2, harness H010, label noise.d10"),
            std::string::npos)
      << r.status();
  in = Grid();
  in.outcomes.push_back(in.outcomes.front());
  EXPECT_NE(Aggregate(in).status().message().find("duplicate outcome"), std::string::npos);
}

TEST(AggregateTest, ComparisonsComeFromTheInputInItsOrder) {
  absl::StatusOr<GridReport> r = Aggregate(Grid());
  ASSERT_TRUE(r.ok()) << r.status();
  EXPECT_THAT(r->comparisons(), ::testing::ElementsAre("H008-H000", "H010-H000"));
  EXPECT_NE(Find(*r, "H010-H000", "baseline", 0, "mrr"), nullptr);
  EXPECT_EQ(Find(*r, "H010-H008", "baseline", 0, "mrr"), nullptr);
}

TEST(AggregateTest, EachComparisonHasARandomizationTestHolmAdjusted) {
  GridInput in = Grid();
  // H008 beats H000 on both tasks' MRR by 0.5: the two sign assignments that
  // keep |sum| = 1 of 4, p = 0.5; recall@10 ties (p = 1); H010 ties H000.
  for (ConditionOutcome& o : in.outcomes) {
    if (o.harness() == "H000" && o.condition() == "baseline") o.set_mrr(0.5);
  }
  absl::StatusOr<GridReport> r = Aggregate(in);
  ASSERT_TRUE(r.ok()) << r.status();
  ASSERT_EQ(r->paired_tests_size(), 4);
  const PairedTest& t = r->paired_tests(1);
  EXPECT_EQ(t.comparison(), "H008-H000");
  EXPECT_EQ(t.metric(), "mrr");
  EXPECT_EQ(t.units(), 2);
  EXPECT_DOUBLE_EQ(t.mean_difference(), 0.5);
  EXPECT_TRUE(t.exact());
  EXPECT_EQ(t.assignments(), 4);
  EXPECT_DOUBLE_EQ(t.p_value(), 0.5);
  EXPECT_DOUBLE_EQ(t.p_holm(), 1.0);  // 4 tests: min(1, 4 x 0.5)
  EXPECT_EQ(r->paired_tests(0).metric(), "recall_at_10");
  EXPECT_DOUBLE_EQ(r->paired_tests(0).p_value(), 1.0);
}

TEST(AggregateTest, ComparisonWithAHarnessOutsideTheGridIsNamed) {
  GridInput in = Grid();
  in.comparisons.push_back({"H010", "H999"});
  absl::StatusOr<GridReport> r = Aggregate(in);
  EXPECT_EQ(r.status().code(), absl::StatusCode::kInvalidArgument);
  EXPECT_THAT(r.status().message(),
              ::testing::HasSubstr("comparison H010-H999 (compare_with of H010): harness H999 is "
                                   "not in the grid (harnesses: H000, H008, H010)"));
}

// H010 as a reranker of H000: T1's MRR 1 against 0.5 at baseline and 0.25
// against 0.5 under S002 d10; T2 ties everywhere.
TEST(AggregateTest, RerankerIsPairedWithItsFirstStageUnderEveryCondition) {
  GridInput in = Grid();
  in.rerankers = {{"H010", "H000"}};
  for (ConditionOutcome& o : in.outcomes) {
    if (o.task_id() != "T1") continue;
    if (o.harness() == "H000" && o.condition() != kTestStale) o.set_mrr(0.5);
    if (o.harness() == "H000" && o.condition() == "baseline") o.set_recall_at_1(0);
    if (o.harness() == "H010" && o.condition() == "baseline") o.set_recall_at_1(1);
  }
  absl::StatusOr<GridReport> r = Aggregate(in);
  ASSERT_TRUE(r.ok()) << r.status();
  EXPECT_THAT(r->rerank_comparisons(), ::testing::ElementsAre("H010-H000"));
  const Summary* base = Find(*r, "H010-H000", "baseline", 0, "rerank_mrr");
  ASSERT_NE(base, nullptr);
  EXPECT_DOUBLE_EQ(base->value().mean(), 0.25);  // (0.5 + 0) / 2
  EXPECT_DOUBLE_EQ(base->value().low(), 0.0);
  EXPECT_DOUBLE_EQ(base->value().high(), 0.5);
  EXPECT_EQ(base->value().units(), 2);
  const Summary* r1 = Find(*r, "H010-H000", "baseline", 0, "rerank_recall_at_1");
  ASSERT_NE(r1, nullptr);
  EXPECT_DOUBLE_EQ(r1->value().mean(), 0.5);
  const Summary* d10 = Find(*r, "H010-H000", kTestNoise, 10, "rerank_mrr");
  ASSERT_NE(d10, nullptr);
  EXPECT_DOUBLE_EQ(d10->value().mean(), -0.125);  // T1: 0.25 - 0.5
  const Summary* stale = Find(*r, "H010-H000", kTestStale, 0, "rerank_mrr");
  ASSERT_NE(stale, nullptr);
  EXPECT_DOUBLE_EQ(stale->value().mean(), 0.0);
  for (const char* m : kRerankMetrics) {
    EXPECT_NE(Find(*r, "H010-H000", kTestNoise, 5, absl::StrCat("rerank_", m)), nullptr) << m;
  }
  EXPECT_EQ(Find(*r, "H008-H000", "baseline", 0, "rerank_mrr"), nullptr);
}

// Every outcome packs at budget 100 by greedy: T1 has one gold function,
// packed; T2 has three, one packed; `binds` decides whether a cell skipped a
// unit that did not fit.
void AddPacking(GridInput& in, bool binds) {
  for (ConditionOutcome& o : in.outcomes) {
    PackingResult* p = o.add_packing();
    p->set_budget(100);
    p->set_rule("greedy");
    p->set_condition("baseline");
    const bool t1 = o.task_id() == "T1";
    p->set_gold_functions(t1 ? 1 : 3);
    p->set_gold_functions_covered(1);
    p->set_used(t1 ? 90 : 60);
    p->set_left(100 - p->used());
    p->set_skipped_does_not_fit(binds && t1 ? 2 : 0);
    for (int i = 0; i < p->gold_functions(); ++i) {
      GoldFunctionState* f = o.add_funnel();
      f->set_function(absl::StrCat("a.go::F", i));
      f->set_rank(i + 1);
      f->add_packed(i == 0);
    }
  }
}

TEST(AggregateTest, PackingOutcomesAreTaskMeansAndTheFunnelIsAShareOfGoldFunctions) {
  GridInput in = Grid();
  AddPacking(in, true);
  absl::StatusOr<GridReport> r = Aggregate(in);
  ASSERT_TRUE(r.ok()) << r.status();
  const Summary* coverage = Find(*r, "H000", "baseline", 0, "pack_100_greedy_function_coverage");
  ASSERT_NE(coverage, nullptr);
  EXPECT_DOUBLE_EQ(coverage->value().mean(), (1.0 + 1.0 / 3) / 2);  // a mean over tasks
  EXPECT_EQ(coverage->value().units(), 2);
  const Summary* used = Find(*r, "H000", kTestNoise, 5, "pack_100_greedy_used");
  ASSERT_NE(used, nullptr);
  EXPECT_DOUBLE_EQ(used->value().mean(), 75);
  const Summary* packed = Find(*r, "H000", "baseline", 0, "funnel_packed_100_greedy");
  ASSERT_NE(packed, nullptr);
  EXPECT_DOUBLE_EQ(packed->value().mean(), 2.0 / 4);  // a share of the 4 gold functions
  EXPECT_EQ(packed->value().units(), 4);
  const Summary* in_pool = Find(*r, "H000", "baseline", 0, "funnel_in_pool");
  ASSERT_NE(in_pool, nullptr);
  EXPECT_DOUBLE_EQ(in_pool->value().mean(), 1.0);
  EXPECT_EQ(Find(*r, "H000", "baseline", 0, "funnel_above_cutoff_before_rerank"), nullptr);
}

TEST(AggregateTest, ABudgetThatPacksEveryPoolWholeStopsTheReport) {
  GridInput in = Grid();
  AddPacking(in, false);
  absl::StatusOr<GridReport> r = Aggregate(in);
  EXPECT_EQ(r.status().code(), absl::StatusCode::kInvalidArgument);
  EXPECT_THAT(r.status().message(),
              ::testing::HasSubstr("field packing.budgets: expected each budget below the cost of "
                                   "some cell's packing pool, found budget 100"));
}

TEST(AggregateTest, RerankerOfAHarnessOutsideTheGridIsNamed) {
  GridInput in = Grid();
  in.rerankers = {{"H010", "H999"}};
  absl::StatusOr<GridReport> r = Aggregate(in);
  EXPECT_EQ(r.status().code(), absl::StatusCode::kInvalidArgument);
  EXPECT_THAT(r.status().message(),
              ::testing::HasSubstr("reranker H010: first stage H999 is not a harness of the grid"));
}

TEST(AggregateTest, StalenessSweepSummarisesEveryDepth) {
  GridInput in = Grid();
  in.s001_depths = {1, 10};
  in.conditions = TestConditions(in.s001_depths, in.doses);
  for (const std::string& t : in.task_ids) {
    for (const std::string& h : in.harnesses) {
      ConditionOutcome o = Outcome(t, h, kTestStale, 0, t == "T1" ? 0.25 : 0.5);
      o.set_s001_depth(10);
      o.set_shared_key(S001SharedKey(t, h, 10));
      in.outcomes.push_back(o);
    }
  }
  absl::StatusOr<GridReport> r = Aggregate(in);
  ASSERT_TRUE(r.ok()) << r.status();
  EXPECT_THAT(r->s001_depths(), ::testing::ElementsAre(1, 10));
  // The composite cells keep the first depth.
  EXPECT_EQ(r->cells(0).s001().shared_key(), "T1/H000");
  const Summary* deep = Find(*r, "all", kTestStale, 10, "delta_mrr");
  ASSERT_NE(deep, nullptr);
  EXPECT_DOUBLE_EQ(deep->value().mean(), ((0.25 - 1.0) + (0.5 - 1.0)) / 2);
  EXPECT_EQ(deep->value().units(), 6);
  const Summary* one = Find(*r, "all", kTestStale, 1, "delta_mrr");
  const Summary* composite = Find(*r, "all", kTestStale, 0, "delta_mrr");
  ASSERT_NE(one, nullptr);
  ASSERT_NE(composite, nullptr);
  EXPECT_DOUBLE_EQ(one->value().mean(), composite->value().mean());
}

TEST(AggregateTest, MissingDepthIsNamed) {
  GridInput in = Grid();
  in.s001_depths = {1, 10};
  in.conditions = TestConditions(in.s001_depths, in.doses);
  absl::StatusOr<GridReport> r = Aggregate(in);
  EXPECT_EQ(r.status().code(), absl::StatusCode::kInvalidArgument);
  EXPECT_THAT(r.status().message(),
              ::testing::HasSubstr("missing outcome: task T1, harness H000, label stale.k10"));
  in.s001_depths = {10, 1};
  in.conditions = TestConditions(in.s001_depths, in.doses);
  EXPECT_THAT(Aggregate(in).status().message(),
              ::testing::HasSubstr(
                  "the grid, field s001_depths[1]: expected ascending values, found 1 after 10"));
}

}  // namespace
}  // namespace repro::grid

namespace repro::grid {
namespace {

// Grid() with the TRANSFORMED condition "bare" (S003's shape): MRR 0.5
// for H000, 1 for the others.
GridInput GridWithCommentsRemoved() {
  GridInput in = Grid();
  AddCommentsRemoved(&in.conditions);
  for (const std::string& t : in.task_ids) {
    for (const std::string& h : in.harnesses) {
      in.outcomes.push_back(Outcome(t, h, kTestBare, 0, h == "H000" ? 0.5 : 1.0));
    }
  }
  return in;
}

// A kind outside the composite cells (S003's shape): its condition and
// paired rows per harness and over all, after every other row, and its
// robustness difference per comparison; the cells stay baseline/S001/S002.
TEST(AggregateTest, CommentsRemovedIsSummarisedAgainstTheBaseline) {
  GridInput in = GridWithCommentsRemoved();
  absl::StatusOr<GridReport> r = Aggregate(in);
  ASSERT_TRUE(r.ok()) << r.status();
  EXPECT_EQ(r->cells_size(), 2 * 3 * 3);
  const Summary* h000 = Find(*r, "H000", kTestBare, 0, "delta_mrr");
  ASSERT_NE(h000, nullptr);
  EXPECT_DOUBLE_EQ(h000->value().mean(), -0.5);
  EXPECT_NE(Find(*r, "all", kTestBare, 0, "mrr"), nullptr);
  EXPECT_NE(Find(*r, "H008-H000", kTestBare, 0, "delta_mrr"), nullptr);
  EXPECT_EQ(r->summaries(r->summaries_size() - 1).harness(), "H010-H000");
  in.outcomes.pop_back();
  EXPECT_THAT(Aggregate(in).status().message(),
              ::testing::HasSubstr("missing outcome: task T2, harness H010, label bare"));
}

// One unit per outcome, every kind and parameter, in report order (tasks,
// harnesses, the table's conditions), each perturbation paired.
TEST(AggregateTest, UnitsAreOneRowPerOutcomeOfEveryKind) {
  GridInput in = GridWithCommentsRemoved();
  absl::StatusOr<GridReport> r = Aggregate(in);
  ASSERT_TRUE(r.ok()) << r.status();
  const int per_task_harness = in.conditions.conditions_size();
  ASSERT_EQ(r->units_size(),
            static_cast<int>(in.task_ids.size() * in.harnesses.size()) * per_task_harness);
  const GridUnit& first = r->units(0);
  EXPECT_EQ(first.task_id(), in.task_ids[0]);
  EXPECT_EQ(first.harness(), in.harnesses[0]);
  EXPECT_EQ(first.condition(), in.conditions.conditions(0).id());
  EXPECT_FALSE(first.has_paired());
  const GridUnit& bare = r->units(per_task_harness - 1);
  EXPECT_EQ(bare.label(), kTestBare);
  EXPECT_EQ(bare.unit_id(), in.task_ids[0] + "/" + in.harnesses[0] + "/" + kTestBare);
  ASSERT_TRUE(bare.has_paired());
  EXPECT_DOUBLE_EQ(bare.paired().delta_mrr(), bare.outcome().mrr() - first.outcome().mrr());
}

// The sharded path (one grid_units stage per run of tasks, then the
// aggregate over their units) gives the one-action report, byte for byte.
TEST(AggregateTest, ShardedUnitsGiveTheSameReport) {
  const GridInput in = GridWithCommentsRemoved();
  absl::StatusOr<GridReport> one = Aggregate(in);
  ASSERT_TRUE(one.ok()) << one.status();
  google::protobuf::RepeatedPtrField<GridUnit> units;
  std::vector<Rankings> parts;
  for (const std::string& task : in.task_ids) {
    std::vector<ConditionOutcome> outcomes;
    for (const ConditionOutcome& o : in.outcomes) {
      if (o.task_id() == task) outcomes.push_back(o);
    }
    absl::StatusOr<UnitShard> shard = BuildUnitShard(in.conditions, {task}, in.harnesses, outcomes);
    ASSERT_TRUE(shard.ok()) << shard.status();
    units.MergeFrom(shard->units());
    parts.push_back(shard->rankings());
  }
  absl::StatusOr<std::vector<UnitAccuracy>> accuracy =
      LocalizationAccuracy(units, MergeRankings(parts), in.gold);
  ASSERT_TRUE(accuracy.ok()) << accuracy.status();
  absl::StatusOr<GridReport> sharded = AggregateUnits(in, units, *accuracy);
  ASSERT_TRUE(sharded.ok()) << sharded.status();
  EXPECT_EQ(sharded->SerializeAsString(), one->SerializeAsString());
  EXPECT_THAT(AggregateUnits(in, units, {}).status().message(),
              ::testing::HasSubstr("localization accuracy of 0 units"));
  units.SwapElements(0, 1);
  EXPECT_THAT(AggregateUnits(in, units, *accuracy).status().message(),
              ::testing::HasSubstr("unit 0: expected T1/H000/baseline, found T1/H000/stale"));
}

}  // namespace
}  // namespace repro::grid
