// Stage tool: the token costs of one snapshot (token_costs.proto, TokenCosts;
// docs/packing.md, "Costs"), for the grid's packing to read.
//
// Inputs (roles): pin (the TokenizerPin text proto), vocabulary (the pinned
// vocabulary file), program (the cost program, token_costs.py's py_binary),
// snapshot and chunks (a commit's stored snapshot and chunk set, with their
// chains: stored_corpus.h). Output: <name>.token_costs.json, TokenCosts as
// canonical JSON (textproto.h, ToJson).
//
// The pin's rules are checked, then the vocabulary's sha256 and size against
// the pin (from the digest the provenance record also uses), before anything
// is counted; then every distinct text is counted in one run of the program
// (snapshot_costs.h, cost_program.h), with the grid's lexical count beside.
#include "stages/corpus/stage_io.h"
#include "stages/corpus/stored_corpus.h"
#include "stages/corpus/token_costs/cost_program.h"
#include "stages/corpus/token_costs/snapshot_costs.h"
#include "stages/corpus/token_costs/stage_cost_program.h"
#include "stages/framework/pipeline/stage.h"
#include "stages/framework/pipeline/status_macros.h"
#include "stages/framework/pipeline/textproto.h"
#include "stages/grid/cells/token_count.h"

namespace repro::corpus {
namespace {

absl::Status Run(Stage& stage) {
  TokenizerPin pin;
  ASSIGN_OR_RETURN(const CostProgram program, PinnedCostProgram(stage, {}, &pin));
  const ProtoReader read = StageProtoReader(stage);
  ASSIGN_OR_RETURN(const Snapshot snapshot, ReadSnapshot(read, "snapshot"));
  ASSIGN_OR_RETURN(const ChunkSet chunks, ReadChunks(read, "chunks", snapshot));
  auto count = [&program](const std::vector<CostUnit>& units) {
    return CountTokensWithProgram(program, units);
  };
  ASSIGN_OR_RETURN(const TokenCosts costs,
                   SnapshotCosts(snapshot, chunks, pin, count, grid::CountTokens));
  return WriteOnlyOutput(stage, ToJson(costs));
}

}  // namespace
}  // namespace repro::corpus

int main(int argc, char** argv) { return repro::RunStage(argc, argv, repro::corpus::Run); }
