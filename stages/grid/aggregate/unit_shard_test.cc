#include "stages/grid/aggregate/unit_shard.h"

#include <string>
#include <vector>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "stages/grid/conditions/test_conditions.h"

namespace repro::grid {
namespace {

using ::testing::HasSubstr;

// Gold a.go at rank `gold_rank` of three files.
ConditionOutcome Outcome(const std::string& task, const std::string& condition, int dose,
                         int gold_rank) {
  ConditionOutcome o;
  o.set_task_id(task);
  o.set_harness("H1");
  o.set_condition(condition);
  o.set_dose(dose);
  o.set_mrr(1.0 / gold_rank);
  for (int rank = 1; rank <= 3; ++rank) {
    RankedFile* f = o.add_files();
    f->set_rank(rank);
    f->set_path(rank == gold_rank ? "a.go" : "x" + std::to_string(rank) + ".go");
    f->set_gold(rank == gold_rank);
  }
  o.add_top_functions("a.go::F");
  if (condition == kTestStale) o.set_shared_key(task + "/H1");
  return o;
}

std::vector<ConditionOutcome> Outcomes(const std::string& task) {
  return {Outcome(task, kTestBaseline, 0, 1), Outcome(task, kTestStale, 0, 2),
          Outcome(task, kTestNoise, 1, 3)};
}

TEST(UnitShardTest, OneUnitPerConditionPairedWithoutLists) {
  const absl::StatusOr<UnitShard> s =
      BuildUnitShard(TestConditions({1}, {1}), {"T1"}, {"H1"}, Outcomes("T1"));
  ASSERT_TRUE(s.ok()) << s.status();
  ASSERT_EQ(s->units_size(), 3);
  EXPECT_EQ(s->units(0).unit_id(), "T1/H1/baseline");
  EXPECT_FALSE(s->units(0).has_paired());
  EXPECT_EQ(s->units(2).unit_id(), "T1/H1/noise.d1");
  EXPECT_EQ(s->units(2).gold_returned(), 1);
  EXPECT_DOUBLE_EQ(s->units(2).paired().delta_mrr(), 1.0 / 3 - 1.0);
  for (const GridUnit& u : s->units()) {
    EXPECT_EQ(u.outcome().files_size(), 0);
    EXPECT_EQ(u.outcome().top_functions_size(), 0);
  }
  ASSERT_EQ(s->rankings().units_size(), 3);
  EXPECT_THAT(s->rankings().units(1).gold(), testing::ElementsAre(1));
}

TEST(UnitShardTest, BadOutcomesAreNamed) {
  std::vector<ConditionOutcome> o = Outcomes("T1");
  o.pop_back();
  EXPECT_THAT(BuildUnitShard(TestConditions({1}, {1}), {"T1"}, {"H1"}, o).status().message(),
              HasSubstr("missing outcome: task T1, harness H1, label noise.d1"));
  o = Outcomes("T1");
  o.push_back(o.front());
  EXPECT_THAT(BuildUnitShard(TestConditions({1}, {1}), {"T1"}, {"H1"}, o).status().message(),
              HasSubstr("duplicate outcome: task T1, harness H1, label baseline"));
  o = Outcomes("T1");
  o.push_back(Outcome("T2", kTestBaseline, 0, 1));
  EXPECT_THAT(BuildUnitShard(TestConditions({1}, {1}), {"T1"}, {"H1"}, o).status().message(),
              HasSubstr("outcome of task T2, harness H1, label baseline: not a task and harness "
                        "of this shard"));
  o = Outcomes("T1");
  o.back().set_dose(7);
  EXPECT_THAT(BuildUnitShard(TestConditions({1}, {1}), {"T1"}, {"H1"}, o).status().message(),
              HasSubstr("condition 'noise' at parameter 7 is not one of the experiment's"));
}

}  // namespace
}  // namespace repro::grid
