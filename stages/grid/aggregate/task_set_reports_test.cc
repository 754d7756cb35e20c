#include "stages/grid/aggregate/task_set_reports.h"

#include <string>
#include <vector>

#include "gtest/gtest.h"
#include "stages/framework/pipeline/status_testing.h"
#include "stages/grid/aggregate/test_outcomes.h"
#include "stages/grid/aggregate/unit_shard.h"
#include "stages/grid/conditions/test_conditions.h"

namespace repro::grid {
namespace {

ConditionOutcome Outcome(const std::string& task, const std::string& harness,
                         const std::string& condition, int dose, double mrr) {
  return TestOutcome(task, harness, condition, dose, mrr);
}

// A grid of `tasks`, each with its own outcomes (the task's index sets them apart).
GridInput Grid(const std::vector<std::string>& tasks) {
  GridInput in;
  in.grid = "test";
  in.task_ids = tasks;
  in.harnesses = {"H000", "H008"};
  in.comparisons = {{"H008", "H000"}};
  in.resamples = 200;
  in.seed = 20260704;
  in.doses = {1, 5};
  in.s001_depths = {1};
  in.conditions = TestConditions(in.s001_depths, in.doses);
  for (const std::string& t : tasks) {
    const double k = 1.0 / (t.back() - '0');  // T1: 1, T2: 0.5, ...
    in.gold[t] = {{"a.go"}, {}};
    S001Dose dose;
    dose.set_task_id(t);
    in.s001_doses.push_back(dose);
    for (const std::string& h : in.harnesses) {
      in.outcomes.push_back(Outcome(t, h, "baseline", 0, h == "H000" ? k : 1.0));
      in.outcomes.push_back(Outcome(t, h, kTestStale, 0, k / 2));
      for (int d : in.doses) in.outcomes.push_back(Outcome(t, h, kTestNoise, d, k / (d + 1)));
    }
  }
  return in;
}

struct Units {
  google::protobuf::RepeatedPtrField<GridUnit> units;
  std::vector<UnitAccuracy> accuracy;
};

Units UnitsOf(const GridInput& in) {
  absl::StatusOr<UnitShard> shard =
      BuildUnitShard(in.conditions, in.task_ids, in.harnesses, in.outcomes);
  EXPECT_TRUE(shard.ok()) << shard.status();
  absl::StatusOr<std::vector<UnitAccuracy>> accuracy =
      LocalizationAccuracy(shard->units(), shard->rankings(), in.gold);
  EXPECT_TRUE(accuracy.ok()) << accuracy.status();
  return {shard->units(), *accuracy};
}

experiments::Experiment TwoSets() {
  experiments::Experiment e;
  experiments::TaskSetRef* a = e.add_task_set();
  a->set_name("set_a");
  a->set_repo("org/a");
  e.add_task_set()->set_name("set_b");
  return e;
}

corpus::TaskSet Tasks(const std::vector<std::pair<std::string, std::string>>& task_sets) {
  corpus::TaskSet out;
  for (const auto& [id, set] : task_sets) {
    corpus::Task* t = out.add_tasks();
    t->set_id(id);
    t->set_task_set(set);
  }
  return out;
}

TEST(TaskSetReportsTest, EachSetIsTheAnalysisOfItsTasksAlone) {
  const GridInput all = Grid({"T1", "T2", "T3", "T4"});
  const Units u = UnitsOf(all);
  absl::StatusOr<std::vector<TaskSetReport>> sets = TaskSetReports(
      all, Tasks({{"T1", "set_a"}, {"T2", "set_a"}, {"T3", "set_b"}, {"T4", "set_b"}}), TwoSets(),
      u.units, u.accuracy);
  ASSERT_TRUE(sets.ok()) << sets.status();
  ASSERT_EQ(sets->size(), 2u);
  const std::vector<std::vector<std::string>> members = {{"T1", "T2"}, {"T3", "T4"}};
  for (size_t k = 0; k < 2; ++k) {
    const GridInput alone = Grid(members[k]);
    const Units own = UnitsOf(alone);
    absl::StatusOr<GridReport> want = AggregateUnits(alone, own.units, own.accuracy);
    ASSERT_TRUE(want.ok()) << want.status();
    const TaskSetReport& got = (*sets)[k];
    EXPECT_EQ(std::vector<std::string>(got.task_ids().begin(), got.task_ids().end()), members[k]);
    ASSERT_GT(got.summaries_size(), 0);
    ASSERT_EQ(got.summaries_size(), want->summaries_size());
    for (int i = 0; i < got.summaries_size(); ++i) {
      EXPECT_EQ(got.summaries(i).SerializeAsString(), want->summaries(i).SerializeAsString())
          << got.summaries(i).ShortDebugString();
    }
    ASSERT_EQ(got.paired_tests_size(), 2);
    EXPECT_EQ(got.paired_tests(1).SerializeAsString(), want->paired_tests(1).SerializeAsString());
  }
  EXPECT_EQ((*sets)[0].name(), "set_a");
  EXPECT_EQ((*sets)[0].repository(), "org/a");
  EXPECT_EQ((*sets)[1].repository(), "set_b");  // no repo: the set's name
}

TEST(TaskSetReportsTest, ASetWithoutATaskOrAccuracyOfAnotherShapeIsAnError) {
  const GridInput all = Grid({"T1", "T2"});
  const Units u = UnitsOf(all);
  EXPECT_TRUE(IsError(
      TaskSetReports(all, Tasks({{"T1", "set_a"}, {"T2", "set_a"}}), TwoSets(), u.units,
                     u.accuracy),
      absl::StatusCode::kInvalidArgument,
      "task set set_b: expected a task the experiment runs, found none (every task of the set "
      "is excluded"));
  EXPECT_TRUE(IsError(
      TaskSetReports(all, Tasks({{"T1", "set_a"}, {"T2", "set_b"}}), TwoSets(), u.units, {}),
      absl::StatusCode::kInvalidArgument, "expected one Acc@k row per unit"));
}

}  // namespace
}  // namespace repro::grid
