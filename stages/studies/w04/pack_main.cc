// Stage w04_pack: both packing runs over the reranked order.
// Inputs: "case" (PackingCase text proto), "rerank" (the outputs of stage
// w04_rerank; reads rerank/rerank.json).
// Output: packing.json (PackingResult).
#include <string>
#include <vector>

#include "stages/framework/pipeline/stage.h"
#include "stages/framework/pipeline/stage_proto.h"
#include "stages/framework/pipeline/status_macros.h"
#include "stages/framework/pipeline/textproto.h"
#include "stages/studies/w04/packing.h"

namespace repro::w04 {
namespace {

absl::Status Run(Stage& stage) {
  ASSIGN_OR_RETURN(const Stage::Input* in, stage.Find("case"));
  PackingCase pc;
  RETURN_IF_ERROR(ReadInputProto(stage, "case", &pc));
  RerankResult rerank;
  RETURN_IF_ERROR(ReadInputProto(stage, "rerank/rerank.json", &rerank));
  std::vector<std::string> order;
  for (const RankedEntry& e : rerank.treatment().order()) order.push_back(e.candidate_id());
  ASSIGN_OR_RETURN(const PackingResult result, EvaluatePacking(pc, order, in->short_path));
  return stage.Write("packing.json", ToJson(result));
}

}  // namespace
}  // namespace repro::w04

int main(int argc, char** argv) { return repro::RunStage(argc, argv, repro::w04::Run); }
