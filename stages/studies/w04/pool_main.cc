// Stage w04_pool: W04's two comparisons over a pool of many topics (pool.h).
// Inputs: "config" (PoolConfig text proto), "baseline" and "treatment" (TREC
// runs), "qrels" (TREC qrels), "ledger" (JSON Lines of PoolPassage).
// Outputs: pool.json (PoolResult), pool.md, pool.tokens.txt.
#include <string>

#include "stages/framework/pipeline/stage.h"
#include "stages/framework/pipeline/status_macros.h"
#include "stages/framework/pipeline/textproto.h"
#include "stages/framework/tokens/tokens.h"
#include "stages/studies/w04/pool.h"
#include "stages/studies/w04/pool_cases.h"
#include "stages/studies/w04/pool_report.h"
#include "stages/studies/w04/pool_stage_io.h"

namespace repro::w04 {
namespace {

absl::Status Run(Stage& stage) {
  PoolInputs in;
  ASSIGN_OR_RETURN(in.config, ReadPoolFile(stage, "config"));
  ASSIGN_OR_RETURN(in.baseline_run, ReadPoolFile(stage, "baseline"));
  ASSIGN_OR_RETURN(in.treatment_run, ReadPoolFile(stage, "treatment"));
  ASSIGN_OR_RETURN(in.qrels, ReadPoolFile(stage, "qrels"));
  ASSIGN_OR_RETURN(in.ledger, ReadPoolFile(stage, "ledger"));
  ASSIGN_OR_RETURN(const PoolCases cases, ReadPoolCases(in));
  ASSIGN_OR_RETURN(const PoolResult result, EvaluatePool(cases));
  ASSIGN_OR_RETURN(const RenderedReport rendered, RenderPoolReport(result));
  RETURN_IF_ERROR(stage.Write("pool.md", rendered.markdown));
  RETURN_IF_ERROR(stage.Write("pool.tokens.txt", tokens::TokensToText(rendered.tokens)));
  return stage.Write("pool.json", ToJson(result));
}

}  // namespace
}  // namespace repro::w04

int main(int argc, char** argv) { return repro::RunStage(argc, argv, repro::w04::Run); }
