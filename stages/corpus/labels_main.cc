// Stage tool: a task's gold labels, derived from the fix diff (labels.h) and
// checked against the expected labels of the task spec.
//
// Flags: --task (id), --history, --remedy (for messages). Inputs (roles):
// tasks (binary TaskSet from validate_tasks), diff_status, name_status, diff
// (diffs/<base>_<fix>/{status,name_status.z,u0.diff}), base_chunks (ChunkSet
// of base_commit), stale_manifest (manifest of stale_commit). Output: the
// binary Labels. Any difference from the expected labels stops the build,
// listing every difference.
#include "absl/flags/flag.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "stages/corpus/git_dump.h"
#include "stages/corpus/labels.h"
#include "stages/corpus/stage_io.h"
#include "stages/corpus/task_spec.h"
#include "stages/corpus/unified_diff.h"
#include "stages/pipeline/stage.h"

ABSL_FLAG(std::string, task, "", "Task id.");
ABSL_FLAG(std::string, history, "", "Where the commits come from (for messages).");
ABSL_FLAG(std::string, remedy, "", "What to do when a commit is missing.");

namespace repro {
namespace corpus {
namespace {

absl::StatusOr<std::string> ReadNamed(const Stage& stage, const std::string& role,
                                      std::string* name) {
  absl::StatusOr<const Stage::Input*> in = stage.Find(role);
  if (!in.ok()) return in.status();
  *name = (*in)->short_path;
  return stage.Read(role);
}

absl::Status Run(Stage& stage) {
  TaskSet set;
  absl::Status s = ReadProto(stage, "tasks", &set);
  if (!s.ok()) return s;
  absl::StatusOr<const Task*> task = FindTask(set, absl::GetFlag(FLAGS_task));
  if (!task.ok()) return task.status();
  const Task& t = **task;

  std::string name;
  absl::StatusOr<std::string> status = ReadNamed(stage, "diff_status", &name);
  if (!status.ok()) return status.status();
  s = CheckHistoryStatus(
      *status,
      absl::StrCat("the diff of base_commit ", t.base_commit(), " to fix_commit ", t.fix_commit()),
      absl::GetFlag(FLAGS_history), absl::GetFlag(FLAGS_remedy));
  if (!s.ok()) {
    return absl::Status(s.code(), absl::StrCat("task ", t.id(), ": ", s.message()));
  }
  absl::StatusOr<std::string> ns_bytes = ReadNamed(stage, "name_status", &name);
  if (!ns_bytes.ok()) return ns_bytes.status();
  absl::StatusOr<std::vector<NameStatusRow>> rows = ParseNameStatusZ(*ns_bytes, name);
  if (!rows.ok()) return rows.status();
  absl::StatusOr<std::string> diff_bytes = ReadNamed(stage, "diff", &name);
  if (!diff_bytes.ok()) return diff_bytes.status();
  auto changes = ParseZeroContextDiff(*diff_bytes, name);
  if (!changes.ok()) return changes.status();

  ChunkSet base_chunks;
  s = ReadProto(stage, "base_chunks", &base_chunks);
  if (!s.ok()) return s;
  Snapshot stale;
  s = ReadProto(stage, "stale_manifest", &stale);
  if (!s.ok()) return s;
  if (stale.commit() != t.stale_commit()) {
    return absl::InvalidArgumentError(
        absl::StrCat("task ", t.id(), ": stale_manifest is of commit ", stale.commit(),
                     ", the task's stale_commit is ", t.stale_commit()));
  }
  std::set<std::string> stale_paths;
  for (const SourceFile& f : stale.files()) stale_paths.insert(f.path());
  for (const MissingBlob& m : stale.missing()) stale_paths.insert(m.path());

  absl::StatusOr<DerivedLabels> derived =
      DeriveLabels(t, *rows, *changes, base_chunks, stale_paths);
  if (!derived.ok()) return derived.status();
  std::vector<std::string> diffs = CompareLabels(*derived, t);
  if (!diffs.empty()) {
    return absl::FailedPreconditionError(
        absl::StrCat("task ", t.id(), ": the labels derived from git diff ", t.base_commit(), " ",
                     t.fix_commit(), " differ from the expected labels of the task spec (",
                     diffs.size(), " difference(s)):\n  - ", absl::StrJoin(diffs, "\n  - ")));
  }
  absl::StatusOr<std::string> out = OnlyOutput(stage);
  if (!out.ok()) return out.status();
  return WriteProto(stage, *out, derived->labels);
}

}  // namespace
}  // namespace corpus
}  // namespace repro

int main(int argc, char** argv) { return repro::RunStage(argc, argv, repro::corpus::Run); }
