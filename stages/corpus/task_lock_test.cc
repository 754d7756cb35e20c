#include "stages/corpus/task_lock.h"

#include <algorithm>

#include "absl/strings/match.h"
#include "gmock/gmock.h"
#include "google/protobuf/util/message_differencer.h"
#include "gtest/gtest.h"
#include "stages/framework/pipeline/sha256.h"
#include "stages/framework/pipeline/status_testing.h"

namespace repro {
namespace corpus {
namespace {

using ::google::protobuf::util::MessageDifferencer;
using ::testing::ElementsAre;
using ::testing::HasSubstr;
using ::testing::IsEmpty;

constexpr char kFix1[] = "f1f1f1f1f1f1f1f1f1f1f1f1f1f1f1f1f1f1f1f1";
constexpr char kBase1[] = "b1b1b1b1b1b1b1b1b1b1b1b1b1b1b1b1b1b1b1b1";
constexpr char kStale1[] = "c1c1c1c1c1c1c1c1c1c1c1c1c1c1c1c1c1c1c1c1";
constexpr char kFix2[] = "f2f2f2f2f2f2f2f2f2f2f2f2f2f2f2f2f2f2f2f2";
constexpr char kBase2[] = "b2b2b2b2b2b2b2b2b2b2b2b2b2b2b2b2b2b2b2b2";
constexpr char kStale2[] = "c2c2c2c2c2c2c2c2c2c2c2c2c2c2c2c2c2c2c2c2";
constexpr char kLsa[] = "0123456789abcdef0123456789abcdef01234567";

Task MakeTask(const std::string& id, const std::string& fix, const std::string& base,
              const std::string& stale) {
  Task t;
  t.set_id(id);
  t.set_query("something breaks");
  t.set_fix_commit(fix);
  t.set_base_commit(base);
  t.set_stale_commit(stale);
  return t;
}

TaskSet MakeSet() {
  TaskSet set;
  set.set_repository("gitlab-runner");
  set.set_lsa_training_commit(kLsa);
  *set.add_tasks() = MakeTask("T01", kFix1, kBase1, kStale1);
  *set.add_tasks() = MakeTask("T02", kFix2, kBase2, kStale2);
  return set;
}

GoldFunction Fn(const std::string& file, const std::string& name, uint32_t s, uint32_t e) {
  GoldFunction g;
  g.set_file(file);
  g.set_function(name);
  g.set_base_start_line(s);
  g.set_base_end_line(e);
  return g;
}

GoldInStale InStale(const std::string& file, bool exists) {
  GoldInStale s;
  s.set_file(file);
  s.set_exists(exists);
  return s;
}

std::vector<Labels> MakeLabels() {
  Labels one;
  one.set_task_id("T01");
  one.set_base_commit(kBase1);
  one.set_fix_commit(kFix1);
  one.add_gold_files("shells/cache.go");
  *one.add_gold_functions() = Fn("shells/cache.go", "getCacheStorageClient", 54, 63);
  *one.add_gold_in_stale() = InStale("shells/cache.go", true);
  Labels two;
  two.set_task_id("T02");
  two.set_base_commit(kBase2);
  two.set_fix_commit(kFix2);
  two.add_gold_files("a/a.go");
  two.add_gold_files("b/b.go");
  *two.add_gold_functions() = Fn("a/a.go", "A", 10, 20);
  *two.add_gold_functions() = Fn("b/b.go", "T.M", 1, 9);
  *two.add_gold_in_stale() = InStale("a/a.go", true);
  *two.add_gold_in_stale() = InStale("b/b.go", false);
  return {one, two};
}

TaskLock MakeLock() {
  absl::StatusOr<TaskLock> lock = DeriveTaskLock(MakeSet(), "gitlab_runner", MakeLabels());
  EXPECT_TRUE(lock.ok()) << lock.status();
  return lock.ok() ? *lock : TaskLock();
}

TEST(DeriveTaskLockTest, CopiesTheSetTheTasksAndTheirLabels) {
  const TaskLock lock = MakeLock();
  EXPECT_EQ(lock.task_set(), "gitlab_runner");
  EXPECT_EQ(lock.repository(), "gitlab-runner");
  EXPECT_EQ(lock.lsa_training_commit(), kLsa);
  ASSERT_EQ(lock.tasks_size(), 2);
  const LockedTask& t = lock.tasks(1);
  EXPECT_EQ(t.id(), "T02");
  EXPECT_EQ(t.fix_commit(), kFix2);
  EXPECT_EQ(t.base_commit(), kBase2);
  EXPECT_EQ(t.stale_commit(), kStale2);
  EXPECT_THAT(t.gold_files(), ElementsAre("a/a.go", "b/b.go"));
  ASSERT_EQ(t.gold_functions_size(), 2);
  EXPECT_TRUE(MessageDifferencer::Equals(t.gold_functions(1), Fn("b/b.go", "T.M", 1, 9)));
  ASSERT_EQ(t.gold_in_stale_size(), 2);
  EXPECT_TRUE(MessageDifferencer::Equals(t.gold_in_stale(1), InStale("b/b.go", false)));
  EXPECT_EQ(lock.tasks(0).id(), "T01");
  EXPECT_EQ(lock.tasks(0).stale_commit(), kStale1);
}

TEST(DeriveTaskLockTest, LabelsOfAnotherTaskNameThePositionAndBothIds) {
  std::vector<Labels> labels = MakeLabels();
  std::swap(labels[0], labels[1]);
  EXPECT_TRUE(IsError(DeriveTaskLock(MakeSet(), "s", labels), absl::StatusCode::kInvalidArgument,
                      "position 0: the Labels are of task T02, the task is T01"));
}

TEST(DeriveTaskLockTest, CountsThatDifferNameTheFirstPositionWithoutACounterpart) {
  std::vector<Labels> labels = MakeLabels();
  labels.pop_back();
  EXPECT_TRUE(IsError(DeriveTaskLock(MakeSet(), "s", labels), absl::StatusCode::kInvalidArgument,
                      "the task set has 2 task(s), 1 Labels were given: task 1 (T02) has no "
                      "Labels"));
  labels = MakeLabels();
  labels.push_back(labels[0]);
  labels.back().set_task_id("T09");
  EXPECT_TRUE(IsError(DeriveTaskLock(MakeSet(), "s", labels), absl::StatusCode::kInvalidArgument,
                      "Labels 2 (of task T09) have no task"));
}

TEST(DeriveTaskLockTest, LabelsOfAnotherCommitAreAnError) {
  std::vector<Labels> labels = MakeLabels();
  labels[1].set_base_commit(kBase1);
  EXPECT_TRUE(IsError(DeriveTaskLock(MakeSet(), "s", labels), absl::StatusCode::kInvalidArgument,
                      std::string("task T02 (position 1): Labels base_commit ") + kBase1 +
                          ", task base_commit " + kBase2));
  labels = MakeLabels();
  labels[0].set_fix_commit(kFix2);
  EXPECT_TRUE(IsError(DeriveTaskLock(MakeSet(), "s", labels), absl::StatusCode::kInvalidArgument,
                      "task T01 (position 0): Labels fix_commit"));
}

TEST(CompareTaskLockTest, EqualLocksHaveNoDifference) {
  EXPECT_THAT(CompareTaskLock(MakeLock(), MakeLock()), IsEmpty());
}

TEST(CompareTaskLockTest, SetFields) {
  TaskLock locked = MakeLock();
  locked.set_lsa_training_commit(kBase1);
  locked.clear_repository();
  EXPECT_THAT(CompareTaskLock(locked, MakeLock()),
              ElementsAre("field repository: locked \"\", derived gitlab-runner",
                          std::string("field lsa_training_commit: locked ") + kBase1 +
                              ", derived " + kLsa));
}

TEST(CompareTaskLockTest, TasksOnOneSideOnly) {
  TaskLock locked = MakeLock();
  TaskLock derived = MakeLock();
  locked.mutable_tasks(0)->set_id("T07");
  *derived.add_tasks() = derived.tasks(0);
  derived.mutable_tasks(2)->set_id("T05");
  EXPECT_THAT(
      CompareTaskLock(locked, derived),
      ElementsAre("task T01: derived, not in the lock", "task T05: derived, not in the lock",
                  "task T07: in the lock, not in the task file"));
}

TEST(CompareTaskLockTest, ARepeatedIdInTheLock) {
  TaskLock locked = MakeLock();
  *locked.add_tasks() = locked.tasks(0);
  EXPECT_THAT(CompareTaskLock(locked, MakeLock()), ElementsAre("task T01: 2 times in the lock"));
}

TEST(CompareTaskLockTest, TaskOrder) {
  TaskLock derived = MakeLock();
  derived.mutable_tasks()->SwapElements(0, 1);
  EXPECT_THAT(CompareTaskLock(MakeLock(), derived),
              ElementsAre("task order: locked T01, T02, derived T02, T01"));
}

TEST(DeriveTaskLockTest, ATaskGivenAsAPatchLocksItsTreeAndTheDigests) {
  TaskSet set = MakeSet();
  Task& task = *set.mutable_tasks(0);
  task.clear_fix_commit();
  task.set_patch("diff --git a/x b/x\n");
  task.set_test_patch("diff --git a/x_test b/x_test\n");
  task.set_fix_tree(kFix1);  // a tree id: 40 hex as well
  std::vector<Labels> labels = MakeLabels();
  labels[0].clear_fix_commit();
  absl::StatusOr<TaskLock> lock = DeriveTaskLock(set, "s", labels);
  ASSERT_TRUE(lock.ok()) << lock.status();
  const LockedTask& t = lock->tasks(0);
  EXPECT_EQ(t.fix_commit(), "");
  EXPECT_EQ(t.fix_tree(), kFix1);
  EXPECT_EQ(t.patch_sha256(), Sha256Hex("diff --git a/x b/x\n"));
  EXPECT_EQ(t.test_patch_sha256(), Sha256Hex("diff --git a/x_test b/x_test\n"));
  EXPECT_EQ(lock->tasks(1).patch_sha256(), "");  // a fix commit: none
  TaskLock edited = *lock;
  edited.mutable_tasks(0)->set_patch_sha256(std::string(64, '0'));
  EXPECT_THAT(CompareTaskLock(edited, *lock),
              ElementsAre("task T01, field patch_sha256: locked " + std::string(64, '0') +
                          ", derived " + t.patch_sha256()));
}

TEST(CompareTaskLockTest, EveryTaskField) {
  TaskLock locked = MakeLock();
  LockedTask& t = *locked.mutable_tasks(0);
  t.set_fix_commit(kFix2);
  t.set_base_commit(kBase2);
  t.set_stale_commit(kStale2);
  t.add_gold_files("z.go");
  t.mutable_gold_functions(0)->set_base_end_line(64);
  t.mutable_gold_in_stale(0)->set_exists(false);
  locked.mutable_tasks(1)->clear_gold_functions();
  const std::string c = "task T01, field ";
  EXPECT_THAT(
      CompareTaskLock(locked, MakeLock()),
      ElementsAre(c + "fix_commit: locked " + kFix2 + ", derived " + kFix1,
                  c + "base_commit: locked " + kBase2 + ", derived " + kBase1,
                  c + "stale_commit: locked " + kStale2 + ", derived " + kStale1,
                  c + "gold_files: locked [shells/cache.go, z.go], derived [shells/cache.go]",
                  c + "gold_functions: locked [shells/cache.go getCacheStorageClient 54-64], "
                      "derived [shells/cache.go getCacheStorageClient 54-63]",
                  c + "gold_in_stale: locked [shells/cache.go: false], derived "
                      "[shells/cache.go: true]",
                  "task T02, field gold_functions: locked [], derived [a/a.go A 10-20, b/b.go "
                  "T.M 1-9]"));
}

TEST(CompareTaskLockTest, MembershipThenOrderThenFields) {
  TaskLock locked = MakeLock();
  TaskLock derived = MakeLock();
  derived.set_task_set("other");
  derived.mutable_tasks(0)->set_id("T05");
  derived.mutable_tasks(1)->set_stale_commit(kStale1);
  EXPECT_THAT(
      CompareTaskLock(locked, derived),
      ElementsAre(
          "field task_set: locked gitlab_runner, derived other",
          "task T05: derived, not in the lock", "task T01: in the lock, not in the task file",
          std::string("task T02, field stale_commit: locked ") + kStale2 + ", derived " + kStale1));
}

TEST(TaskLockTextTest, HeaderThenTextFormatAndItRoundTrips) {
  const TaskLock lock = MakeLock();
  const std::string text = TaskLockText(lock);
  EXPECT_TRUE(absl::StartsWith(text,
                               "# proto-file: stages/corpus/task.proto\n"
                               "# proto-message: repro.corpus.TaskLock\n"
                               "# Written by `bazel run //reports:gitlab_runner_tasks_refreeze`: "
                               "what the pipeline derived from the task file.\n"
                               "# Review it (and its diff) before committing it.\n"
                               "task_set: \"gitlab_runner\"\n"))
      << text;
  EXPECT_EQ(text, TaskLockText(lock));
  absl::StatusOr<TaskLock> parsed = ParseTaskLock(text, "tasks.lock.textproto");
  ASSERT_TRUE(parsed.ok()) << parsed.status();
  EXPECT_TRUE(MessageDifferencer::Equals(*parsed, lock));
  EXPECT_THAT(CompareTaskLock(*parsed, lock), IsEmpty());
}

TEST(ParseTaskLockTest, ErrorsNameFileLineAndColumn) {
  EXPECT_TRUE(
      IsError(ParseTaskLock("task_set: \"x\"\nno_such_field: 1\n", "d/tasks.lock.textproto"),
              absl::StatusCode::kInvalidArgument, "d/tasks.lock.textproto:2:14: "));
}

TEST(TaskLockReviewTest, ExactBytesForTwoTasks) {
  TaskLock lock = MakeLock();
  lock.mutable_tasks(1)->add_gold_files("c|d.go");  // not in gold_in_stale
  std::vector<Labels> labels(1);
  NotGold* n = labels[0].add_not_gold();
  n->set_path("shells/cache_test.go");
  n->set_status("M");
  n->set_reason("go non_gold_basename_globs \"*_test.go\"");
  n = labels[0].add_not_gold();
  n->set_path("docs/a.md -> docs/b.md");
  n->set_status("R090");
  n->set_reason("renamed");
  EXPECT_EQ(TaskLockReview(lock, labels),
            "Task lock of task set gitlab_runner: 2 task(s), repository gitlab-runner, LSA "
            "training commit 0123456789ab.\n"
            "\n"
            "| task | fix | base | gold files | gold functions | in stale | not gold (why) |\n"
            "|---|---|---|---|---|---|---|\n"
            "| T01 | f1f1f1f1f1f1 | b1b1b1b1b1b1 | shells/cache.go | "
            "shells/cache.go:getCacheStorageClient L54-63 | yes | shells/cache_test.go (M: go "
            "non_gold_basename_globs \"*_test.go\")<br>docs/a.md -> docs/b.md (R090: renamed) |\n"
            "| T02 | f2f2f2f2f2f2 | b2b2b2b2b2b2 | a/a.go<br>b/b.go<br>c\\|d.go | "
            "a/a.go:A L10-20<br>b/b.go:T.M L1-9 | yes<br>no<br>? | (none) |\n");
  lock.mutable_tasks(0)->clear_gold_functions();
  EXPECT_TRUE(absl::StrContains(
      TaskLockReview(lock, {}),
      "| shells/cache.go | (none: the fix changes no function of its gold files; the task is "
      "left out of function recall) |"));
  // The labels say why: where the changed lines lie, in which construct.
  labels[0].clear_not_gold();
  FunctionlessGoldFile* why = labels[0].add_functionless_gold_files();
  why->set_file("shells/cache.go");
  why->set_changed_lines("120-124");
  why->set_node_type("field_declaration");
  EXPECT_THAT(TaskLockReview(lock, labels),
              HasSubstr("| shells/cache.go | (none: shells/cache.go: the changed lines 120-124 "
                        "lie outside every chunk: a field declaration; the task is left out of "
                        "function recall) |"));
  why->set_changed_lines("after 532");
  why->set_node_type("module");
  why->set_top_level(true);
  EXPECT_THAT(TaskLockReview(lock, labels),
              HasSubstr("the lines inserted after line 532 lie outside every chunk: the file's "
                        "top level, a module; the task"));
  why->set_changed_lines("21");
  why->set_node_type("expression_statement");
  why->set_top_level(false);
  EXPECT_THAT(TaskLockReview(lock, labels),
              HasSubstr("the changed line 21 lies outside every chunk: an expression statement; "
                        "the task"));
  lock.mutable_tasks(0)->clear_gold_files();
  EXPECT_TRUE(absl::StrContains(
      TaskLockReview(lock, {}),
      "| T01 | f1f1f1f1f1f1 | b1b1b1b1b1b1 | (none) | (none) | (none) | (none) |\n"));
}

TEST(TaskLockReviewTest, CellsAreEscapedToOneLineOfText) {
  // A path may hold any byte but NUL and '/': a newline would end the row,
  // "<br>" would split the cell, ESC would drive the terminal the table is
  // printed to, a backslash would escape what follows it.
  TaskLock lock = MakeLock();
  lock.mutable_tasks(0)->set_gold_files(0, "a\nb|c<br>d\\e\x1b[2J\rf\x7f.go");
  lock.mutable_tasks(0)->clear_gold_functions();
  lock.mutable_tasks(0)->clear_gold_in_stale();
  std::vector<Labels> labels(1);
  NotGold* n = labels[0].add_not_gold();
  n->set_path("x\ny.go");
  n->set_status("M");
  n->set_reason("r\xc2\x85s");
  const std::string review = TaskLockReview(lock, labels);
  EXPECT_THAT(review,
              HasSubstr("\n| T01 | f1f1f1f1f1f1 | b1b1b1b1b1b1 | "
                        "a\\x0ab\\|c\\<br>d\\\\e\\x1b[2J\\x0df\\x7f.go | (none: the fix "
                        "changes no function of its gold files; the task is left out of function "
                        "recall) | ? | x\\x0ay.go (M: r\\u0085s) |\n"));
  // Six lines: the title, a blank line, the header, the rule and the two rows.
  EXPECT_EQ(std::count(review.begin(), review.end(), '\n'), 6);
}

}  // namespace
}  // namespace corpus
}  // namespace repro
