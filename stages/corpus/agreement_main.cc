// Stage tool: agreement of the chunker with go/parser on one snapshot
// (agreement.h). Inputs (roles): manifest (snapshot manifest JSON), chunks
// (ChunkSet), gofuncs (gocheck's TSV). Output: ChunkerAgreement as JSON.
// Differences are data here; the report and its test judge them.
#include "absl/strings/str_cat.h"
#include "stages/corpus/agreement.h"
#include "stages/corpus/stage_io.h"
#include "stages/pipeline/stage.h"
#include "stages/pipeline/textproto.h"

namespace repro {
namespace corpus {
namespace {

absl::Status Run(Stage& stage) {
  Snapshot manifest;
  absl::Status s = ReadProto(stage, "manifest", &manifest);
  if (!s.ok()) return s;
  ChunkSet chunks;
  s = ReadProto(stage, "chunks", &chunks);
  if (!s.ok()) return s;
  absl::StatusOr<const Stage::Input*> in = stage.Find("gofuncs");
  if (!in.ok()) return in.status();
  absl::StatusOr<std::string> tsv = stage.Read("gofuncs");
  if (!tsv.ok()) return tsv.status();
  absl::StatusOr<GoCheckOutput> go = ParseGoCheck(*tsv, (*in)->short_path);
  if (!go.ok()) return go.status();
  absl::StatusOr<ChunkerAgreement> agreement = CompareWithGoParser(manifest, chunks, *go);
  if (!agreement.ok()) return agreement.status();
  absl::StatusOr<std::string> out = OnlyOutput(stage);
  if (!out.ok()) return out.status();
  return stage.Write(*out, ToJson(*agreement));
}

}  // namespace
}  // namespace corpus
}  // namespace repro

int main(int argc, char** argv) { return repro::RunStage(argc, argv, repro::corpus::Run); }
