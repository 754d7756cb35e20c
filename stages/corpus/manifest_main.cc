// Stage tool: the manifest of a snapshot — the Snapshot without file contents,
// as canonical JSON (path, blob id, sha256, bytes per file; missing blobs;
// files skipped for their path, when there are any;
// snapshot_sha256). Input roles: snapshot
// and its references (stored_corpus.h); the whole snapshot is verified first.
#include "stages/corpus/snapshot.h"
#include "stages/corpus/stage_io.h"
#include "stages/corpus/stored_corpus.h"
#include "stages/framework/pipeline/stage.h"
#include "stages/framework/pipeline/status_macros.h"
#include "stages/framework/pipeline/textproto.h"

namespace repro {
namespace corpus {
namespace {

absl::Status Run(Stage& stage) {
  ASSIGN_OR_RETURN(const Snapshot snapshot, ReadSnapshot(StageProtoReader(stage), "snapshot"));
  return WriteOnlyOutput(stage, ToJson(StripContent(snapshot)));
}

}  // namespace
}  // namespace corpus
}  // namespace repro

int main(int argc, char** argv) { return repro::RunStage(argc, argv, repro::corpus::Run); }
