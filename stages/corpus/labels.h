// Gold labels of a task, derived from the fix diff (schema: Labels in
// corpus.proto). Source of the definitions: docs/tasks.md, "How the
// labels are defined".
//
//  - Gold files: rows of `git diff-tree -r --name-status -M base fix` with
//    status exactly "M" whose path passes LanguageSet::IsGoldCandidatePath (language_set.h)
//    (corpus_path.h). Added, deleted, renamed, copied and type-changed files
//    are never gold, nor is a file whose path is not valid UTF-8 (the
//    snapshot skipped it, snapshot.h). Sorted by path. Every other row is
//    listed in Labels.not_gold with its reason, its path escaped (Utf8Safe).
//  - Changed lines of a gold file: OldSideChanges of `git diff -U0 base fix
//    -- file` (unified_diff.h).
//  - Functions at base: the function chunks of the base ChunkSet for that
//    file (chunker.h; Chunk.function != "").
//  - A function [start, end] is gold iff some change with count > 0 has
//    [a, a+count-1] overlapping [start, end], or some change with count == 0
//    (pure insertion after old line a) has start <= a < end. Sorted by
//    (file, start line); every overlapping function counts, even for an
//    incidental edit.
//
// DeriveLabels errors (InvalidArgument/FailedPrecondition, naming the task
// and the file) when a gold file has no section in the diff or no chunks at
// base (e.g. its blob is missing from the clone).
//
// Labels.gold_in_stale holds the same entries as DerivedLabels.gold_in_stale.
// Labels.functionless_gold_files lists each gold file without a gold
// function with its changed lines ("120-124, after 130"), so the lock's
// review can say why; AddNodeTypes names the construct that holds them.
//
// A fix without a gold file cannot be scored (every outcome of its task is
// undefined): the labels stage stops on it (NoGoldFileError), naming the
// task file, the task and fix_commit (or patch), with NoGoldFileSummary and
// what to do. A task given as a patch is labelled from the diff of its base
// to its fix_tree, which CheckPatchDigest ties to the task's patch.
//
// CompareLabels lists every difference between derived labels and the
// expected ones a task file may write (gold files, gold functions with their
// line ranges, gold_in_stale); empty means equal. The labels stage calls it
// only for a task that writes them (task_spec.h); the task lock is the check
// every task gets (task_lock.h).
#ifndef REPRO_STAGES_CORPUS_LABELS_H_
#define REPRO_STAGES_CORPUS_LABELS_H_

#include <map>
#include <set>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "stages/corpus/corpus.pb.h"
#include "stages/corpus/git_dump.h"
#include "stages/corpus/language_set.h"
#include "stages/corpus/task.pb.h"
#include "stages/corpus/unified_diff.h"

namespace repro {
namespace corpus {

struct DerivedLabels {
  Labels labels;
  std::vector<GoldInStale> gold_in_stale;  // one per gold file, path order
};

// `stale_paths`: every corpus path at stale_commit (present or missing blob).
absl::StatusOr<DerivedLabels> DeriveLabels(
    const Task& task, const std::vector<NameStatusRow>& name_status,
    const std::map<std::string, std::vector<OldSideChange>>& changes, const ChunkSet& base_chunks,
    const std::set<std::string>& stale_paths, const LanguageSet& languages);

std::vector<std::string> CompareLabels(const DerivedLabels& derived, const Task& expected);

// The base lines that hold every change of a file: from the first changed
// line to the last; a pure insertion after line a spans a and a + 1 (line 1
// for an insertion at the top); insertion_first and insertion_last say
// whether the first and the last line are an insertion's.
struct ChangedSpan {
  uint32_t first = 0;
  uint32_t last = 0;
  bool insertion_first = false;
  bool insertion_last = false;
};
ChangedSpan SpanOf(const std::vector<OldSideChange>& changes);

// Fills the node_type of each of labels->functionless_gold_files (DeriveLabels
// gives its file and changed_lines): the smallest named node of the base
// file's tree holding the file's ChangedSpan (FunctionParser::NodeHolding
// with the file's language's rules; a span that starts or ends with an
// insertion runs back to the previous and on to the next non-blank line:
// the node around the insertion point), e.g.
// "field_declaration", and top_level. A file the snapshot lacks keeps "".
// Errors are the parser's.
absl::Status AddNodeTypes(const Snapshot& base,
                          const std::map<std::string, std::vector<OldSideChange>>& changes,
                          const LanguageSet& languages, Labels* labels);

// What a fix without a gold file changes, from its name-status rows, for the
// message that stops such a task: the counts of renamed, copied, added,
// deleted and type-changed files and of modified files that are not gold
// candidates (tests, vendored, generated, other languages), the non-zero
// ones in that order, then "0 indexed source lines changed"; e.g. "2 files
// renamed, 0 indexed source lines changed". No rows: "no file changed".
std::string NoGoldFileSummary(const std::vector<NameStatusRow>& rows);

// The error that stops a task without a gold file: "<where>: task T, field
// fix_commit: the fix changes no indexed source line (<NoGoldFileSummary>)
// ..." and what to do; a task given as a patch names the field patch (a
// patch touching only test files: "1 modified file not a gold candidate").
absl::Status NoGoldFileError(absl::string_view where, const Task& task,
                             const std::vector<NameStatusRow>& rows);

// A task given as a patch: OK when `digest` (the history repository's
// patch.sha256, at `file`; trailing whitespace ignored) is the sha256 of the
// task's patch, else FailedPrecondition naming where, the task, the field
// patch and both digests (the task file and the repository disagree).
absl::Status CheckPatchDigest(absl::string_view where, const Task& task, absl::string_view digest,
                              absl::string_view file);

}  // namespace corpus
}  // namespace repro

#endif  // REPRO_STAGES_CORPUS_LABELS_H_
