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
#include "stages/framework/pipeline/stage.h"
#include "stages/framework/pipeline/stage_proto.h"
#include "stages/framework/pipeline/status_macros.h"

namespace repro {
namespace corpus {
namespace {

// The TSV row of the snapshot of `commit`, read from manifest/<commit>.
absl::StatusOr<std::string> Row(const Stage& stage, const std::string& task,
                                const std::string& role, const std::string& commit) {
  Snapshot m;
  RETURN_IF_ERROR(ReadInputProto(stage, "manifest/" + commit, &m));
  if (m.commit() != commit) {
    return absl::InvalidArgumentError(
        absl::StrCat("manifest/", commit, " is the manifest of commit ", m.commit()));
  }
  RETURN_IF_ERROR(VerifySnapshot(m, /*require_content=*/false));
  return absl::StrCat(task, "\t", role, "\t", commit, "\t", m.files_size(), "\t", m.missing_size(),
                      "\t", SnapshotBytes(m), "\t", m.snapshot_sha256(), "\n");
}

absl::Status Run(Stage& stage) {
  TaskSet set;
  RETURN_IF_ERROR(ReadInputProto(stage, "tasks", &set));
  std::string tsv = "task\trole\tcommit\tfiles\tmissing_blobs\tbytes\tsnapshot_sha256\n";
  for (const Task& t : set.tasks()) {
    ASSIGN_OR_RETURN(const std::string base, Row(stage, t.id(), "base", t.base_commit()));
    ASSIGN_OR_RETURN(const std::string stale, Row(stage, t.id(), "stale", t.stale_commit()));
    absl::StrAppend(&tsv, base, stale);
  }
  ASSIGN_OR_RETURN(const std::string lsa,
                   Row(stage, "lsa_training", "lsa", set.lsa_training_commit()));
  absl::StrAppend(&tsv, lsa);
  return WriteOnlyOutput(stage, std::move(tsv));
}

}  // namespace
}  // namespace corpus
}  // namespace repro

int main(int argc, char** argv) { return repro::RunStage(argc, argv, repro::corpus::Run); }
