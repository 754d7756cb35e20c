// Stage w04_rerank: the fixed-pool proof and the reranking metrics.
// Inputs: "case" (RerankCase text proto).
// Outputs: rerank.json (RerankResult), w04.<condition>.run for both
// conditions, w04.qrels (grades 2^gain - 1, see trec_export.h).
#include <string>
#include <utility>
#include <vector>

#include "stages/framework/metrics/trec_export.h"
#include "stages/framework/pipeline/stage.h"
#include "stages/framework/pipeline/stage_proto.h"
#include "stages/framework/pipeline/status_macros.h"
#include "stages/framework/pipeline/textproto.h"
#include "stages/studies/w04/rerank.h"

namespace repro::w04 {
namespace {

absl::Status Run(Stage& stage) {
  ASSIGN_OR_RETURN(const Stage::Input* in, stage.Find("case"));
  RerankCase rc;
  RETURN_IF_ERROR(ReadInputProto(stage, "case", &rc));
  ASSIGN_OR_RETURN(const RerankResult result, EvaluateRerank(rc, in->short_path));

  for (const ConditionMetrics* c : {&result.baseline(), &result.treatment()}) {
    metrics::Run run;
    for (const RankedEntry& e : c->order()) run.push_back(e.candidate_id());
    ASSIGN_OR_RETURN(std::string trec, metrics::TrecRun(result.pool_id(), run, c->condition()));
    RETURN_IF_ERROR(stage.Write("w04." + c->condition() + ".run", trec));
  }
  std::vector<std::pair<std::string, int>> judgments;
  for (const CandidateRecord& r : rc.baseline().records()) {
    judgments.emplace_back(r.candidate_id(), r.gain());
  }
  ASSIGN_OR_RETURN(std::string qrels,
                   metrics::TrecQrels(result.pool_id(), metrics::ExponentialGrades(judgments)));
  RETURN_IF_ERROR(stage.Write("w04.qrels", qrels));
  return stage.Write("rerank.json", ToJson(result));
}

}  // namespace
}  // namespace repro::w04

int main(int argc, char** argv) { return repro::RunStage(argc, argv, repro::w04::Run); }
