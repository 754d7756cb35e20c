// Task files (task.proto): parsing, derivation and validation against the
// git history.
//
// ParseTaskSet parses a task file: a text proto (TaskSet), or, when the file
// name ends in ".jsonl", JSON Lines (ParseTaskLines). Text-proto syntax
// errors and unknown fields are InvalidArgument "<file>:<line>:<col>: ..."
// (stages/framework/pipeline/textproto.h).
//
// ParseTaskLines: one TaskLine a line (a repeated key is an error,
// strict_json.h; a key spelled as a field's lowerCamelCase JSON name, such
// as "fixCommit", is an unknown field: the proto names (snake_case,
// docs/tasks.md) are the only spelling; then protobuf's JSON parser: unknown
// fields and wrong types are errors; blank lines are skipped). Every line that does not parse is
// listed as
// "<file>:<line>: <parser message>", e.g. "(fix_commit): invalid value 3 for
// type TYPE_STRING". The tasks keep the file order; gold_in_stale becomes one
// entry per file, by file. A set parsed from JSON Lines has no set-level
// fields: the repository rule resolves them (SetDefaults).
//
// ValidateTaskSet derives what the pipeline derives from the authored
// fields, checks the set against the history that the repository rule
// extracted (index.tsv and the trees of the base commits), and returns the
// set with base_commit and stale_commit filled in, or InvalidArgument
// listing EVERY problem, one per line, each naming the file, the task (id
// and position) and the field, expected versus found:
//   - repository, lsa_training_commit: the file's value or, when empty, the
//     one the repository rule resolved (`defaults`: history.bzl derives the
//     LSA commit); a file value other than the resolved one is an error (a
//     stale repository); the LSA commit present in the clone; a task at least;
//   - id non-empty and unique (a duplicate names the first occurrence);
//     query non-empty (reformulation, provenance, fix_date, subsystem and
//     notes are optional; a harness that searches with the reformulation
//     checks it is there, stages/retrieval/harness_config.h); query and
//     reformulation each at most kMaxQueryBytes (64 KiB), so that a query
//     may be a whole issue (title, body, code blocks, tracebacks):
//     "field query: 70000 bytes, expected at most 65536 (...)";
//   - no string field of the set or of a task (nested ones included) holds a
//     control character other than tab and newline (C0, DEL, C1) or an
//     explicit directional formatting character (U+202A..U+202E,
//     U+2066..U+2069), authored_text.h: "control character U+0000 at byte 3
//     ..." (an id holding one is printed escaped);
//   - exactly one of fix_commit and patch. A task given as a patch names
//     base_commit; its fix_tree is the tree the repository rule derived
//     for (base_commit, sha256 of patch) (HistoryView.patch_trees; an
//     authored fix_tree must equal it); test_patch is kept, never read;
//   - fix_commit: 40 lowercase hex, present in the clone; base_commit: the
//     authored one (explicit: a fix that spans several commits; the
//     repository rule checks it is an ancestor of the fix, by any path), or
//     fix^1 when none is written, and then the fix must have exactly one
//     parent; stale_commit := base^1 (first parent); both present; an
//     authored stale_commit must equal it;
//   - expected labels, optional (all given, or none): gold_files sorted,
//     unique, each present at base_commit; gold_functions in a gold file,
//     named, 1 <= base_start_line <= base_end_line; gold_in_stale exactly
//     one entry per gold file. The labels stage compares them with the
//     derived labels (labels.h); the task lock freezes the derived ones
//     (task_lock.h).
// The history's `description` names where commits come from (e.g. "the
// GitLab Runner clone (GITLAB_RUNNER_GIT)") and `remedy` says what to do when
// one is missing; both go into the messages.
#ifndef REPRO_STAGES_CORPUS_TASK_SPEC_H_
#define REPRO_STAGES_CORPUS_TASK_SPEC_H_

#include <cstddef>
#include <map>
#include <set>
#include <string>
#include <utility>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "stages/corpus/git_dump.h"
#include "stages/corpus/task.pb.h"

namespace repro {
namespace corpus {

// The bound of a task's search texts, query and reformulation, in bytes:
// 64 KiB, room for an issue's title and body (SWE-bench's problem
// statements are a few KiB, rarely over 20 KiB). The texts follow the rules
// of every authored string besides (valid UTF-8, protobuf's parsers; no
// control character other than tab and newline, so no NUL and no CR, and no
// directional formatting character, authored_text.h).
inline constexpr size_t kMaxQueryBytes = 64 * 1024;

struct HistoryView {
  std::string description;
  std::string remedy;
  std::map<std::string, CommitIndexEntry> index;
  // Every blob path of the tree of each extracted base commit.
  std::map<std::string, std::set<std::string>> tree_paths;
  // The tree of each patch the repository rule applied: (base_commit,
  // sha256 of the patch) -> tree id (patches.tsv, ParsePatchTrees).
  std::map<std::pair<std::string, std::string>, std::string> patch_trees;
};

// patches.tsv of the history repository: one "<base>\t<patch sha256>\t<tree>"
// line a patch applied. Errors name `file_name`, the line and the field.
absl::StatusOr<std::map<std::pair<std::string, std::string>, std::string>> ParsePatchTrees(
    absl::string_view text, absl::string_view file_name);

// The set-level values the repository rule resolved for the set
// (history.bzl): stage flags --repository and --lsa_training_commit.
struct SetDefaults {
  std::string repository;
  std::string lsa_training_commit;
};

absl::StatusOr<TaskSet> ParseTaskSet(absl::string_view text, absl::string_view file_name);

absl::StatusOr<TaskSet> ParseTaskLines(absl::string_view text, absl::string_view file_name);

absl::StatusOr<TaskSet> ValidateTaskSet(TaskSet set, absl::string_view file_name,
                                        const HistoryView& history, const SetDefaults& defaults);

// The task with this id, or NotFound listing the ids.
absl::StatusOr<const Task*> FindTask(const TaskSet& set, absl::string_view id);

}  // namespace corpus
}  // namespace repro

#endif  // REPRO_STAGES_CORPUS_TASK_SPEC_H_
