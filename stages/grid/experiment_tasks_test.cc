#include "stages/grid/experiment_tasks.h"

#include "gtest/gtest.h"
#include "stages/framework/pipeline/status_testing.h"

namespace repro::grid {
namespace {

corpus::TaskSet Set() {
  corpus::TaskSet set;
  set.set_repository("r");
  for (const char* id : {"F01", "F02", "F03"}) set.add_tasks()->set_id(id);
  return set;
}

experiments::Experiment Excluding(const std::string& task, const std::string& reason) {
  experiments::Experiment e;
  experiments::ExcludedTask* x = e.add_exclude_tasks();
  x->set_task(task);
  x->set_reason(reason);
  return e;
}

TEST(ExperimentTasksTest, NoExclusionIsTheSet) {
  absl::StatusOr<corpus::TaskSet> t = ExperimentTasks(Set(), {}, "e.textproto");
  ASSERT_TRUE(t.ok()) << t.status();
  EXPECT_EQ(t->SerializeAsString(), Set().SerializeAsString());
}

TEST(ExperimentTasksTest, ExcludedTasksAreLeftOutInOrder) {
  absl::StatusOr<corpus::TaskSet> t =
      ExperimentTasks(Set(), Excluding("F02", "a rename-only fix"), "e.textproto");
  ASSERT_TRUE(t.ok()) << t.status();
  ASSERT_EQ(t->tasks_size(), 2);
  EXPECT_EQ(t->tasks(0).id(), "F01");
  EXPECT_EQ(t->tasks(1).id(), "F03");
  EXPECT_EQ(t->repository(), "r");
}

TEST(ExperimentTasksTest, ErrorsNameTheFileAndTheField) {
  EXPECT_TRUE(IsError(ExperimentTasks(Set(), Excluding("F09", "x"), "e.textproto"),
                      absl::StatusCode::kInvalidArgument,
                      "e.textproto, field exclude_tasks[0].task: expected a task of the set "
                      "(F01, F02, F03), found \"F09\""));
  EXPECT_TRUE(IsError(ExperimentTasks(Set(), Excluding("F01", " "), "e.textproto"),
                      absl::StatusCode::kInvalidArgument,
                      "e.textproto, field exclude_tasks[0].reason: expected why task F01 is left "
                      "out, found none"));
  experiments::Experiment twice = Excluding("F01", "x");
  *twice.add_exclude_tasks() = twice.exclude_tasks(0);
  EXPECT_TRUE(IsError(ExperimentTasks(Set(), twice, "e.textproto"),
                      absl::StatusCode::kInvalidArgument,
                      "e.textproto, field exclude_tasks[1].task: task F01 is excluded twice"));
  experiments::Experiment all = Excluding("F01", "x");
  for (const char* id : {"F02", "F03"}) {
    experiments::ExcludedTask* x = all.add_exclude_tasks();
    x->set_task(id);
    x->set_reason("y");
  }
  EXPECT_TRUE(IsError(ExperimentTasks(Set(), all, "e.textproto"),
                      absl::StatusCode::kInvalidArgument,
                      "expected at least one task left, found all 3 excluded"));
}

TEST(ExperimentTasksTest, AShortQueryStopsAnS002ExperimentUnlessExcluded) {
  corpus::TaskSet set = Set();
  set.mutable_tasks(0)->set_query("runner cache key");
  set.mutable_tasks(1)->set_query("WIP");
  set.mutable_tasks(2)->set_query("fix races");
  experiments::Experiment e;
  EXPECT_TRUE(ExperimentTasks(set, e, "e.textproto").ok());  // no S002: any query
  e.add_s002_doses(0);
  EXPECT_TRUE(ExperimentTasks(set, e, "e.textproto").ok());  // dose 0 makes no distractor
  e.add_s002_doses(5);
  EXPECT_TRUE(IsError(ExperimentTasks(set, e, "e.textproto"), absl::StatusCode::kInvalidArgument,
                      "e.textproto, field s002_doses: S002 distractors need a query of at least 2 "
                      "usable words (letters and digits, distractors.h); 1 task(s) have fewer: "
                      "F02 (\"WIP\": 1)"));
  experiments::ExcludedTask* x = e.add_exclude_tasks();
  x->set_task("F02");
  x->set_reason("a work-in-progress commit: its subject is no query");
  EXPECT_TRUE(ExperimentTasks(set, e, "e.textproto").ok());
}

experiments::Experiment TwoSets() {
  experiments::Experiment e;
  e.set_name("many");
  experiments::TaskSetRef* a = e.add_task_set();
  a->set_name("set_a");
  a->set_repo("org/a");
  e.add_task_set()->set_name("set_b");  // no repo: the task file's repository
  return e;
}

corpus::TaskSet SetOf(const std::string& repository, std::initializer_list<const char*> ids) {
  corpus::TaskSet set;
  set.set_repository(repository);
  set.set_lsa_training_commit("c");
  for (const char* id : ids) set.add_tasks()->set_id(id);
  return set;
}

TEST(MergeTaskSetsTest, SetAfterSetEachTaskNamingItsSet) {
  absl::StatusOr<corpus::TaskSet> t =
      MergeTaskSets({SetOf("a", {"A1", "A2"}), SetOf("b-logical", {"B1"})}, TwoSets());
  ASSERT_TRUE(t.ok()) << t.status();
  ASSERT_EQ(t->tasks_size(), 3);
  EXPECT_EQ(t->tasks(0).id(), "A1");
  EXPECT_EQ(t->tasks(0).task_set(), "set_a");
  EXPECT_EQ(t->tasks(1).task_set(), "set_a");
  EXPECT_EQ(t->tasks(2).id(), "B1");
  EXPECT_EQ(t->tasks(2).task_set(), "set_b");
  EXPECT_EQ(t->repository(), "org/a, b-logical");
  EXPECT_TRUE(t->lsa_training_commit().empty());
}

TEST(MergeTaskSetsTest, ASharedIdOrAMissingSetIsAnError) {
  EXPECT_TRUE(IsError(MergeTaskSets({SetOf("a", {"A1"}), SetOf("b", {"A1"})}, TwoSets()),
                      absl::StatusCode::kInvalidArgument,
                      "task set set_b, task A1: field id: expected an id unique across the "
                      "experiment's task sets, found the id of a task of set set_a"));
  EXPECT_TRUE(IsError(MergeTaskSets({SetOf("a", {"A1"})}, TwoSets()),
                      absl::StatusCode::kInvalidArgument,
                      "expected the task sets of experiment many (2), found 1"));
}

}  // namespace
}  // namespace repro::grid
