// Stage tool: one line per snapshot of a task set, for reproducibility
// checks (two output bases, two machines) and for humans.
//
// Inputs (roles): tasks (binary TaskSet), manifest/<commit> (manifest JSON
// of every snapshot commit). Output: TSV with a header line,
//   task  role  commit  files  missing_blobs  bytes  snapshot_sha256
// rows in task order (base then stale), then "lsa_training". The commit
// recorded in each manifest must be the one the role names.
#include "absl/strings/str_cat.h"
#include "stages/corpus/snapshot.h"
#include "stages/corpus/stage_io.h"
#include "stages/corpus/task.pb.h"
#include "stages/pipeline/stage.h"

namespace repro {
namespace corpus {
namespace {

absl::Status Run(Stage& stage) {
  TaskSet set;
  absl::Status s = ReadProto(stage, "tasks", &set);
  if (!s.ok()) return s;
  std::string tsv = "task\trole\tcommit\tfiles\tmissing_blobs\tbytes\tsnapshot_sha256\n";
  auto row = [&](const std::string& task, const std::string& role,
                 const std::string& commit) -> absl::Status {
    Snapshot m;
    absl::Status st = ReadProto(stage, "manifest/" + commit, &m);
    if (!st.ok()) return st;
    if (m.commit() != commit) {
      return absl::InvalidArgumentError(
          absl::StrCat("manifest/", commit, " is the manifest of commit ", m.commit()));
    }
    st = VerifySnapshot(m, /*require_content=*/false);
    if (!st.ok()) return st;
    absl::StrAppend(&tsv, task, "\t", role, "\t", commit, "\t", m.files_size(), "\t",
                    m.missing_size(), "\t", SnapshotBytes(m), "\t", m.snapshot_sha256(), "\n");
    return absl::OkStatus();
  };
  for (const Task& t : set.tasks()) {
    s = row(t.id(), "base", t.base_commit());
    if (!s.ok()) return s;
    s = row(t.id(), "stale", t.stale_commit());
    if (!s.ok()) return s;
  }
  s = row("lsa_training", "lsa", set.lsa_training_commit());
  if (!s.ok()) return s;
  absl::StatusOr<std::string> out = OnlyOutput(stage);
  if (!out.ok()) return out.status();
  return stage.Write(*out, std::move(tsv));
}

}  // namespace
}  // namespace corpus
}  // namespace repro

int main(int argc, char** argv) { return repro::RunStage(argc, argv, repro::corpus::Run); }
