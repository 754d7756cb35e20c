// Task specs (task.proto): parsing and validation against the git history.
//
// ParseTaskSet parses the text proto; syntax errors and unknown fields are
// InvalidArgument "<file>:<line>:<col>: ..." (stages/framework/pipeline/textproto.h).
//
// ValidateTaskSet checks the set against the history that the repository
// rule extracted (index.tsv and the trees of the base commits) and returns
// InvalidArgument listing EVERY problem, one per line, each naming the file,
// the task (id and position) and the field, expected versus found:
//   - repository, lsa_training_commit set; at least one task;
//   - id non-empty and unique (a duplicate names the first occurrence);
//   - query, reformulation, reformulation_provenance, fix_date, subsystem
//     non-empty;
//   - no string field of the set or of a task (nested ones included) holds a
//     control character other than tab and newline (C0, DEL, C1): "control
//     character U+0000 at byte 3 ..." (an id holding one is printed escaped);
//   - fix_commit, base_commit, stale_commit: 40 lowercase hex; present in
//     the clone; fix has exactly one parent, base == fix^1, stale == base^1;
//   - gold_files: non-empty, sorted, unique, each present at base_commit;
//   - gold_functions: file among gold_files, function non-empty,
//     1 <= base_start_line <= base_end_line;
//   - gold_in_stale: exactly one entry per gold file.
// The history's `description` names where commits come from (e.g. "the
// GitLab Runner clone (GITLAB_RUNNER_GIT)") and `remedy` says what to do when
// one is missing; both go into the messages.
#ifndef REPRO_STAGES_CORPUS_TASK_SPEC_H_
#define REPRO_STAGES_CORPUS_TASK_SPEC_H_

#include <map>
#include <set>
#include <string>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "stages/corpus/git_dump.h"
#include "stages/corpus/task.pb.h"

namespace repro {
namespace corpus {

struct HistoryView {
  std::string description;
  std::string remedy;
  std::map<std::string, CommitIndexEntry> index;
  // Every blob path of the tree of each extracted base commit.
  std::map<std::string, std::set<std::string>> tree_paths;
};

absl::StatusOr<TaskSet> ParseTaskSet(absl::string_view text, absl::string_view file_name);

absl::Status ValidateTaskSet(const TaskSet& set, absl::string_view file_name,
                             const HistoryView& history);

// The task with this id, or NotFound listing the ids.
absl::StatusOr<const Task*> FindTask(const TaskSet& set, absl::string_view id);

}  // namespace corpus
}  // namespace repro

#endif  // REPRO_STAGES_CORPUS_TASK_SPEC_H_
