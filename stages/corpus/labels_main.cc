// Stage tool: a task's gold labels, derived from the fix diff (labels.h) and,
// when the task file writes expected labels, checked against them.
//
// Flags: --task (id), --task_where, --history, --remedy (for messages). Inputs (roles):
// tasks (binary TaskSet from validate_tasks), diff_status, name_status, diff
// (diffs/<base>_<fix>/{status,name_status.z,u0.diff}: files elsewhere are
// refused, they are the diff of other commits; for a task given as a
// patch, <fix> is its fix_tree and patch_sha256, the directory's
// patch.sha256, must be the sha256 of the task's patch), base_chunks (ChunkSet
// of base_commit), stale_manifest (manifest of stale_commit). Output: the
// binary Labels. Any difference from written expected labels stops the
// build, listing every difference; so does a fix without a gold file
// ("<task_where>: task T, field fix_commit: the fix changes no indexed source
// line (2 files renamed, 0 indexed source lines changed) ...").
#include <map>
#include <set>
#include <string>
#include <vector>

#include "absl/flags/flag.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "stages/corpus/git_dump.h"
#include "stages/corpus/history_flags.h"
#include "stages/corpus/labels.h"
#include "stages/corpus/stage_io.h"
#include "stages/corpus/stored_corpus.h"
#include "stages/corpus/task_spec.h"
#include "stages/corpus/unified_diff.h"
#include "stages/framework/pipeline/stage.h"
#include "stages/framework/pipeline/stage_proto.h"
#include "stages/framework/pipeline/status_macros.h"

ABSL_FLAG(std::string, task, "", "Task id.");
ABSL_FLAG(std::string, task_where, "the task file",
          "Where the task is written, for messages: <file>:<line> or <file> (tasks[i]).");

namespace repro {
namespace corpus {
namespace {

// The fix diff of task `t`: its status (a diff missing from the clone stops
// here, naming the task), the name-status rows and the zero-context hunks.
struct FixDiff {
  std::vector<NameStatusRow> rows;
  std::map<std::string, std::vector<OldSideChange>> changes;  // by file
};

// The fix of task `t` as the diff directories name it: fix_commit, or, for
// a task given as a patch, its fix_tree.
const std::string& FixOf(const Task& t) {
  return t.patch().empty() ? t.fix_commit() : t.fix_tree();
}

// The history repository writes the diff of base B to fix F (a commit, or
// the tree of a patch on B) under diffs/<B>_<F>/: an input elsewhere is the
// diff of other commits than the task's (a task file read two ways, a stale
// repository), never its labels.
absl::Status CheckDiffOfTask(const Stage::NamedBytes& input, const Task& t) {
  const std::string dir = absl::StrCat("diffs/", t.base_commit(), "_", FixOf(t), "/");
  if (absl::StrContains(input.name, dir)) return absl::OkStatus();
  return absl::FailedPreconditionError(absl::StrCat(
      "task ", t.id(), ": the diff read, ", input.name, ", is not the diff of its base_commit ",
      t.base_commit(), " to ", t.patch().empty() ? "fix_commit " : "the tree of its patch ",
      FixOf(t), " (expected a file under ", dir,
      "): the task file and the history repository disagree; refetch it (bazel sync "
      "--only=<set>_history)"));
}

// A task given as a patch: the diff read is the patch's (labels.h,
// CheckPatchDigest; the history repository's patch.sha256 beside it).
absl::Status CheckDiffIsPatch(const Stage& stage, const Task& t) {
  if (t.patch().empty()) return absl::OkStatus();
  ASSIGN_OR_RETURN(const Stage::NamedBytes file, stage.ReadNamed("patch_sha256"));
  RETURN_IF_ERROR(CheckDiffOfTask(file, t));
  return CheckPatchDigest(absl::GetFlag(FLAGS_task_where), t, file.bytes, file.name);
}

absl::StatusOr<FixDiff> ReadFixDiff(const Stage& stage, const Task& t) {
  ASSIGN_OR_RETURN(const HistoryMessages history, HistoryFromFlags());
  ASSIGN_OR_RETURN(const Stage::NamedBytes status_file, stage.ReadNamed("diff_status"));
  RETURN_IF_ERROR(CheckDiffOfTask(status_file, t));
  const std::string& status = status_file.bytes;
  absl::Status s = CheckHistoryStatus(
      status,
      absl::StrCat("the diff of base_commit ", t.base_commit(), " to ",
                   t.patch().empty() ? "fix_commit " : "the tree of its patch ", FixOf(t)),
      history.description, history.remedy);
  if (!s.ok()) return absl::Status(s.code(), absl::StrCat("task ", t.id(), ": ", s.message()));
  RETURN_IF_ERROR(CheckDiffIsPatch(stage, t));
  FixDiff diff;
  ASSIGN_OR_RETURN(const Stage::NamedBytes ns, stage.ReadNamed("name_status"));
  RETURN_IF_ERROR(CheckDiffOfTask(ns, t));
  ASSIGN_OR_RETURN(diff.rows, ParseNameStatusZ(ns.bytes, ns.name));
  ASSIGN_OR_RETURN(const Stage::NamedBytes u0, stage.ReadNamed("diff"));
  RETURN_IF_ERROR(CheckDiffOfTask(u0, t));
  ASSIGN_OR_RETURN(diff.changes, ParseZeroContextDiff(u0.bytes, u0.name));
  return diff;
}

// Every path of the stale snapshot (present or missing), after checking that
// the manifest is the one of the task's stale_commit.
absl::StatusOr<std::set<std::string>> ReadStalePaths(const Stage& stage, const Task& t) {
  Snapshot stale;
  RETURN_IF_ERROR(ReadInputProto(stage, "stale_manifest", &stale));
  if (stale.commit() != t.stale_commit()) {
    return absl::InvalidArgumentError(
        absl::StrCat("task ", t.id(), ": stale_manifest is of commit ", stale.commit(),
                     ", the task's stale_commit is ", t.stale_commit()));
  }
  std::set<std::string> stale_paths;
  for (const SourceFile& f : stale.files()) stale_paths.insert(f.path());
  for (const MissingBlob& m : stale.missing()) stale_paths.insert(m.path());
  return stale_paths;
}

absl::Status Run(Stage& stage) {
  TaskSet set;
  RETURN_IF_ERROR(ReadInputProto(stage, "tasks", &set));
  ASSIGN_OR_RETURN(const Task* task, FindTask(set, absl::GetFlag(FLAGS_task)));
  const Task& t = *task;
  ASSIGN_OR_RETURN(const FixDiff diff, ReadFixDiff(stage, t));
  const ProtoReader read = StageProtoReader(stage);
  ASSIGN_OR_RETURN(const Snapshot base, ReadSnapshot(read, "base_snapshot"));
  ASSIGN_OR_RETURN(const ChunkSet base_chunks, ReadChunks(read, "base_chunks", base));
  ASSIGN_OR_RETURN(const std::set<std::string> stale_paths, ReadStalePaths(stage, t));
  ASSIGN_OR_RETURN(const LanguageSet languages, LanguageSet::FromStage(stage));
  ASSIGN_OR_RETURN(DerivedLabels derived,
                   DeriveLabels(t, diff.rows, diff.changes, base_chunks, stale_paths, languages));
  RETURN_IF_ERROR(AddNodeTypes(base, diff.changes, languages, &derived.labels));
  if (derived.labels.gold_files().empty()) {
    return NoGoldFileError(absl::GetFlag(FLAGS_task_where), t, diff.rows);
  }
  std::vector<std::string> diffs =
      t.gold_files().empty() ? std::vector<std::string>() : CompareLabels(derived, t);
  if (!diffs.empty()) {
    return absl::FailedPreconditionError(
        absl::StrCat("task ", t.id(), ": the labels derived from git diff ", t.base_commit(), " ",
                     FixOf(t), " differ from the expected labels the task file writes (",
                     diffs.size(), " difference(s)):\n  - ", absl::StrJoin(diffs, "\n  - ")));
  }
  return WriteOnlyOutputProto(stage, derived.labels);
}

}  // namespace
}  // namespace corpus
}  // namespace repro

int main(int argc, char** argv) { return repro::RunStage(argc, argv, repro::corpus::Run); }
