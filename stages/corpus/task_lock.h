// The task lock of a task set (schema: TaskLock in task.proto): every value
// the pipeline derives from the task file (base_commit, stale_commit, the gold
// labels, the LSA training commit), frozen in a committed text proto
// (`<tasks stem>.lock.textproto` beside the task file) and compared,
// two-sided, with the derivation on every build.
//
// DeriveTaskLock(set, set_name, labels) is the lock of `set`, the validated
// TaskSet (tasks with base_commit and stale_commit derived; repository and
// lsa_training_commit set), named `set_name`. `labels` holds the Labels of
// the tasks, one per task, in the set's task order. Result: task_set =
// set_name, the set's repository and lsa_training_commit, and per task, in
// order, its id, fix_commit, base_commit and stale_commit and the gold_files,
// gold_functions and gold_in_stale of its Labels. Errors (InvalidArgument):
// the sizes differ (naming the first position without a counterpart);
// labels[i] is of another task than tasks[i] (naming the position and both
// ids); labels[i] has another fix_commit or base_commit than tasks[i] (naming
// the task, the field and both values).
//
// CompareTaskLock(locked, derived) lists every difference between the
// committed lock and the derived one; empty means equal. Order, one line
// each:
//   1. set fields, in schema order:
//        "field lsa_training_commit: locked X, derived Y";
//   2. tasks derived but not locked, in derived order:
//        "task T05: derived, not in the lock";
//   3. tasks locked but not derived, in locked order:
//        "task T07: in the lock, not in the task file";
//      and ids the lock holds more than once: "task T01: N times in the lock";
//   4. when both hold the same ids in another order:
//        "task order: locked T01, T03, derived T03, T01";
//   5. for every task in both, in derived order, each differing field in
//      schema order: "task T01, field base_commit: locked <a>, derived <b>".
//      Repeated fields print their whole value on each side: gold_files
//      "[a.go, b.go]", gold_functions "[a.go F 54-63, b.go T.M 1-9]",
//      gold_in_stale "[a.go: true, b.go: false]"; an empty list is "[]", an
//      empty string '""'.
// Should the two differ in a way none of these lines names (a field added
// to the schema and not yet compared here), one last line says so.
//
// TaskLockText(lock) is the file's bytes: a fixed comment header (the
// proto-file and proto-message lines, and two lines saying that `bazel run
// //reports:<task_set>_tasks_refreeze` writes it, that it holds what the
// pipeline derived from the task file and that it is to be reviewed before
// committing), then protobuf's TextFormat::Printer output with default
// settings. Deterministic; no date, path or host name. ParseTaskLock reads it
// back to an equal message.
//
// ParseTaskLock(text, file_name) parses a lock's text; errors (InvalidArgument)
// are those of ParseTextProto (textproto.h): "<file_name>:<line>:<col>: ...".
//
// TaskLockReview(lock, labels) is the Markdown a person reads before
// committing the lock: the line "Task lock of task set <set>: <n> task(s),
// repository <r>, LSA training commit <12 hex>.", a blank line, then a table
// with one row per task, in lock order:
//   | task | fix | base | gold files | gold functions | in stale | not gold (why) |
// Commits are shortened to 12 characters; gold files are joined by "<br>";
// gold functions are "file:Function L54-63" joined by "<br>"; "in stale" is
// "yes" or "no" per gold file (from gold_in_stale; "?" for a gold file it does
// not list), joined by "<br>"; "not gold (why)" lists every other changed
// file of the task's Labels (labels[i] for lock.tasks(i); none when labels
// is shorter) as "path (status: reason)" joined by "<br>". An empty list is
// "(none)". Each value is one line of text in its cell: '\', '|' and '<' are
// written "\\", "\|" and "\<" (so no "<br>" or HTML comes from a value),
// and a control character as "\x0a" (C0, DEL) or "\u0085" (C1): a newline in
// a path never splits its row, an ESC never reaches the terminal the table
// is printed to. Deterministic bytes, ending with a newline.
#ifndef REPRO_STAGES_CORPUS_TASK_LOCK_H_
#define REPRO_STAGES_CORPUS_TASK_LOCK_H_

#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "stages/corpus/corpus.pb.h"
#include "stages/corpus/task.pb.h"

namespace repro {
namespace corpus {

absl::StatusOr<TaskLock> DeriveTaskLock(const TaskSet& set, absl::string_view set_name,
                                        const std::vector<Labels>& labels);

std::vector<std::string> CompareTaskLock(const TaskLock& locked, const TaskLock& derived);

std::string TaskLockText(const TaskLock& lock);

absl::StatusOr<TaskLock> ParseTaskLock(absl::string_view text, absl::string_view file_name);

std::string TaskLockReview(const TaskLock& lock, const std::vector<Labels>& labels);

}  // namespace corpus
}  // namespace repro

#endif  // REPRO_STAGES_CORPUS_TASK_LOCK_H_
