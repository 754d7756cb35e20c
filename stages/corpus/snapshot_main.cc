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
#include "stages/corpus/history_flags.h"
#include "stages/corpus/snapshot.h"
#include "stages/corpus/stage_io.h"
#include "stages/framework/pipeline/stage.h"
#include "stages/framework/pipeline/status_macros.h"

ABSL_FLAG(std::string, repository, "", "Logical repository name.");
ABSL_FLAG(std::string, commit, "", "Commit id of the snapshot.");

namespace repro {
namespace corpus {
namespace {

absl::Status Run(Stage& stage) {
  const std::string commit = absl::GetFlag(FLAGS_commit);
  ASSIGN_OR_RETURN(const HistoryMessages history, HistoryFromFlags());
  ASSIGN_OR_RETURN(const std::string status, stage.Read("status"));
  RETURN_IF_ERROR(CheckHistoryStatus(status, absl::StrCat("commit ", commit), history.description,
                                     history.remedy));
  ASSIGN_OR_RETURN(const LanguageSet languages, LanguageSet::FromStage(stage));
  ASSIGN_OR_RETURN(const Stage::NamedBytes tree_in, stage.ReadNamed("tree"));
  ASSIGN_OR_RETURN(const std::vector<TreeEntry> tree, ParseLsTree(tree_in.bytes, tree_in.name));
  ASSIGN_OR_RETURN(const Stage::NamedBytes blobs_in, stage.ReadNamed("blobs"));
  using BlobMap = std::map<std::string, BatchObject>;
  ASSIGN_OR_RETURN(const BlobMap blobs, ParseCatFileBatch(blobs_in.bytes, blobs_in.name));
  ASSIGN_OR_RETURN(const Snapshot snapshot,
                   BuildSnapshot(absl::GetFlag(FLAGS_repository), commit, tree, blobs, languages));
  RETURN_IF_ERROR(CheckLanguagesPresent(snapshot, languages));
  if (snapshot.missing_size() > 0) {
    std::cerr << stage.label() << ": " << snapshot.missing_size()
              << " blob(s) missing from the clone, skipped and recorded\n";
  }
  return WriteOnlyOutputProto(stage, snapshot);
}

}  // namespace
}  // namespace corpus
}  // namespace repro

int main(int argc, char** argv) { return repro::RunStage(argc, argv, repro::corpus::Run); }
