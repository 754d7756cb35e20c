// Stage tool: the Snapshot of one commit (snapshot.h), in its stored form
// (stored_corpus.h).
//
// Inputs (roles): status, tree, blobs — commits/<id>/{status,tree.z,blobs.batch}
// written by extract_history.sh — and, with --reference, snapshot@<commit>
// for the reference and every commit down its chain: the reference's whole
// snapshot gives the content of the blobs the dump leaves out. Flags:
// --repository (logical name), --commit, --reference, --require_languages
// (false for a commit only stored as a reference), --history (where commits
// come from), --remedy (what to do when one is missing). Output: the binary
// stored Snapshot, its content compressed. A commit absent from the clone stops the stage, naming
// the tasks and fields that use it; blobs absent from the clone are recorded in Snapshot.missing,
// files whose path is not valid UTF-8 in Snapshot.skipped (escaped), and both are counted in the
// stage log.
#include <iostream>
#include <map>
#include <optional>
#include <string>

#include "absl/flags/flag.h"
#include "absl/strings/str_cat.h"
#include "stages/corpus/git_dump.h"
#include "stages/corpus/history_flags.h"
#include "stages/corpus/snapshot.h"
#include "stages/corpus/stage_io.h"
#include "stages/corpus/stored_corpus.h"
#include "stages/framework/pipeline/stage.h"
#include "stages/framework/pipeline/status_macros.h"

ABSL_FLAG(std::string, repository, "", "Logical repository name.");
ABSL_FLAG(std::string, commit, "", "Commit id of the snapshot.");
ABSL_FLAG(std::string, reference, "", "The commit it is stored against (none: stored whole).");
ABSL_FLAG(bool, require_languages, true, "Every language of the set must have a file.");

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
  ASSIGN_OR_RETURN(BlobMap blobs, ParseCatFileBatch(blobs_in.bytes, blobs_in.name));
  const std::string reference_id = absl::GetFlag(FLAGS_reference);
  std::optional<Snapshot> reference;
  if (!reference_id.empty()) {
    ASSIGN_OR_RETURN(reference, ReadSnapshot(StageProtoReader(stage), SnapshotRole(reference_id)));
    for (const SourceFile& f : reference->files())
      blobs.try_emplace(f.blob_id(), BatchObject{false, "blob", f.content()});
    for (const MissingBlob& m : reference->missing())
      blobs.try_emplace(m.blob_id(), BatchObject{true, "", ""});
  }
  ASSIGN_OR_RETURN(const Snapshot snapshot,
                   BuildSnapshot(absl::GetFlag(FLAGS_repository), commit, tree, blobs, languages));
  if (absl::GetFlag(FLAGS_require_languages)) {
    RETURN_IF_ERROR(CheckLanguagesPresent(snapshot, languages));
  }
  if (snapshot.missing_size() > 0) {
    std::cerr << stage.label() << ": " << snapshot.missing_size()
              << " blob(s) missing from the clone, skipped and recorded\n";
  }
  if (const std::string note = NonUtf8PathsNote(snapshot); !note.empty()) {
    std::cerr << stage.label() << ": " << note << "\n";
  }
  ASSIGN_OR_RETURN(const Snapshot stored,
                   StoredSnapshot(snapshot, reference ? &*reference : nullptr));
  return WriteOnlyOutputProto(stage, stored);
}

}  // namespace
}  // namespace corpus
}  // namespace repro

int main(int argc, char** argv) { return repro::RunStage(argc, argv, repro::corpus::Run); }
