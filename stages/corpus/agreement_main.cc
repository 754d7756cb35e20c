// Stage tool: agreement of the chunker with go/parser on one snapshot
// (agreement.h). Inputs (roles): manifest (snapshot manifest JSON), chunks
// (ChunkSet), gofuncs (gocheck's TSV). Output: ChunkerAgreement as JSON.
// Differences are data here; the report and its test judge them.
#include "stages/corpus/agreement.h"
#include "stages/corpus/stage_io.h"
#include "stages/framework/pipeline/stage.h"
#include "stages/framework/pipeline/stage_proto.h"
#include "stages/framework/pipeline/status_macros.h"
#include "stages/framework/pipeline/textproto.h"

namespace repro {
namespace corpus {
namespace {

absl::Status Run(Stage& stage) {
  Snapshot manifest;
  RETURN_IF_ERROR(ReadInputProto(stage, "manifest", &manifest));
  ChunkSet chunks;
  RETURN_IF_ERROR(ReadInputProto(stage, "chunks", &chunks));
  ASSIGN_OR_RETURN(const Stage::NamedBytes tsv, stage.ReadNamed("gofuncs"));
  ASSIGN_OR_RETURN(const GoCheckOutput go, ParseGoCheck(tsv.bytes, tsv.name));
  ASSIGN_OR_RETURN(const ChunkerAgreement agreement, CompareWithGoParser(manifest, chunks, go));
  return WriteOnlyOutput(stage, ToJson(agreement));
}

}  // namespace
}  // namespace corpus
}  // namespace repro

int main(int argc, char** argv) { return repro::RunStage(argc, argv, repro::corpus::Run); }
