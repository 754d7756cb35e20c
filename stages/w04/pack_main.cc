// Stage w04_pack: both packing runs over the reranked order.
// Inputs: "case" (PackingCase text proto), "rerank" (the outputs of stage
// w04_rerank; reads rerank/rerank.json).
// Output: packing.json (PackingResult).
#include <string>
#include <vector>

#include "stages/pipeline/stage.h"
#include "stages/pipeline/stage_proto.h"
#include "stages/pipeline/textproto.h"
#include "stages/w04/packing.h"

namespace repro::w04 {
namespace {

absl::Status Run(Stage& stage) {
  absl::StatusOr<const Stage::Input*> in = stage.Find("case");
  if (!in.ok()) return in.status();
  PackingCase pc;
  if (absl::Status s = ReadInputProto(stage, "case", &pc); !s.ok()) return s;
  RerankResult rerank;
  if (absl::Status s = ReadInputProto(stage, "rerank/rerank.json", &rerank); !s.ok()) return s;
  std::vector<std::string> order;
  for (const RankedEntry& e : rerank.treatment().order()) order.push_back(e.candidate_id());
  absl::StatusOr<PackingResult> result = EvaluatePacking(pc, order, (*in)->short_path);
  if (!result.ok()) return result.status();
  return stage.Write("packing.json", ToJson(*result));
}

}  // namespace
}  // namespace repro::w04

int main(int argc, char** argv) { return repro::RunStage(argc, argv, repro::w04::Run); }
