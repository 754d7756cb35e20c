// Test: a committed task lock equals the expected labels of a JSON Lines file
// (the shared task set's labels), field by field and two-sided: for every
// task base_commit, stale_commit, gold_files, gold_functions (with line
// ranges) and gold_in_stale; no task missing on either side, same order.
//
//   lock_matches_labels_test <lock.textproto> <expected.jsonl>
//
// The labels file holds no set-level values; those are taken from the lock
// (they are pinned by the lock alone). Prints every difference
// (CompareTaskLock, stages/corpus/task_lock.h) and exits 1, or prints the
// number of equal tasks and exits 0.
#include <iostream>
#include <string>
#include <vector>

#include "stages/corpus/task_lock.h"
#include "stages/corpus/task_spec.h"
#include "stages/framework/pipeline/file_io.h"

namespace repro::corpus {
namespace {

// The lock the labels file states: set-level fields from `lock`.
TaskLock ExpectedLock(const TaskLock& lock, const TaskSet& expected) {
  TaskLock out;
  out.set_task_set(lock.task_set());
  out.set_repository(lock.repository());
  out.set_lsa_training_commit(lock.lsa_training_commit());
  for (const Task& t : expected.tasks()) {
    LockedTask* l = out.add_tasks();
    l->set_id(t.id());
    l->set_fix_commit(t.fix_commit());
    l->set_base_commit(t.base_commit());
    l->set_stale_commit(t.stale_commit());
    *l->mutable_gold_files() = t.gold_files();
    *l->mutable_gold_functions() = t.gold_functions();
    *l->mutable_gold_in_stale() = t.gold_in_stale();
  }
  return out;
}

int Run(const std::string& lock_path, const std::string& labels_path) {
  absl::StatusOr<std::string> lock_text = ReadFile(lock_path);
  absl::StatusOr<std::string> labels_text = ReadFile(labels_path);
  if (!lock_text.ok() || !labels_text.ok()) {
    std::cerr << (lock_text.ok() ? labels_text.status() : lock_text.status()) << "\n";
    return 2;
  }
  absl::StatusOr<TaskLock> lock = ParseTaskLock(*lock_text, lock_path);
  absl::StatusOr<TaskSet> expected = ParseTaskLines(*labels_text, labels_path);
  if (!lock.ok() || !expected.ok()) {
    std::cerr << (lock.ok() ? expected.status() : lock.status()) << "\n";
    return 2;
  }
  const std::vector<std::string> diffs = CompareTaskLock(*lock, ExpectedLock(*lock, *expected));
  for (const std::string& d : diffs) std::cerr << "FAIL: " << d << "\n";
  if (!diffs.empty()) return 1;
  std::cout << lock_path << ": " << lock->tasks_size() << " task(s), every derived field equal to "
            << labels_path << "\n";
  return 0;
}

}  // namespace
}  // namespace repro::corpus

int main(int argc, char** argv) {
  if (argc != 3) {
    std::cerr << "usage: lock_matches_labels_test <lock.textproto> <expected.jsonl>\n";
    return 2;
  }
  return repro::corpus::Run(argv[1], argv[2]);
}
