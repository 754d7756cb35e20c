// Stage tool: the Snapshot of one commit (snapshot.h).
//
// Inputs (roles): status, tree, blobs — commits/<id>/{status,tree.z,blobs.batch}
// written by extract_history.sh. Flags: --repository (logical name),
// --commit, --history (where commits come from), --remedy (what to do when
// one is missing). Output: the binary Snapshot, content included. A commit
// absent from the clone stops the stage, naming the tasks and fields that use
// it; blobs absent from the clone are recorded in Snapshot.missing.
#include <iostream>

#include "absl/flags/flag.h"
#include "absl/strings/str_cat.h"
#include "stages/corpus/git_dump.h"
#include "stages/corpus/snapshot.h"
#include "stages/corpus/stage_io.h"
#include "stages/pipeline/stage.h"

ABSL_FLAG(std::string, repository, "", "Logical repository name.");
ABSL_FLAG(std::string, commit, "", "Commit id of the snapshot.");
ABSL_FLAG(std::string, history, "", "Where the commits come from (for messages).");
ABSL_FLAG(std::string, remedy, "", "What to do when a commit is missing.");

namespace repro {
namespace corpus {
namespace {

absl::Status Run(Stage& stage) {
  const std::string commit = absl::GetFlag(FLAGS_commit);
  absl::StatusOr<std::string> status = stage.Read("status");
  if (!status.ok()) return status.status();
  absl::Status present =
      CheckHistoryStatus(*status, absl::StrCat("commit ", commit), absl::GetFlag(FLAGS_history),
                         absl::GetFlag(FLAGS_remedy));
  if (!present.ok()) return present;

  absl::StatusOr<const Stage::Input*> tree_in = stage.Find("tree");
  absl::StatusOr<const Stage::Input*> blobs_in = stage.Find("blobs");
  if (!tree_in.ok()) return tree_in.status();
  if (!blobs_in.ok()) return blobs_in.status();
  absl::StatusOr<std::string> tree_bytes = stage.Read("tree");
  if (!tree_bytes.ok()) return tree_bytes.status();
  absl::StatusOr<std::vector<TreeEntry>> tree = ParseLsTree(*tree_bytes, (*tree_in)->short_path);
  if (!tree.ok()) return tree.status();
  absl::StatusOr<std::string> blob_bytes = stage.Read("blobs");
  if (!blob_bytes.ok()) return blob_bytes.status();
  absl::StatusOr<std::map<std::string, BatchObject>> blobs =
      ParseCatFileBatch(*blob_bytes, (*blobs_in)->short_path);
  if (!blobs.ok()) return blobs.status();

  absl::StatusOr<Snapshot> snapshot =
      BuildSnapshot(absl::GetFlag(FLAGS_repository), commit, *tree, *blobs);
  if (!snapshot.ok()) return snapshot.status();
  absl::StatusOr<std::string> out = OnlyOutput(stage);
  if (!out.ok()) return out.status();
  if (snapshot->missing_size() > 0) {
    std::cerr << stage.label() << ": " << snapshot->missing_size()
              << " blob(s) missing from the clone, skipped and recorded\n";
  }
  return WriteProto(stage, *out, *snapshot);
}

}  // namespace
}  // namespace corpus
}  // namespace repro

int main(int argc, char** argv) { return repro::RunStage(argc, argv, repro::corpus::Run); }
