// Stage w04_report: renders w04.md, w04.json and w04.tokens.txt.
// Inputs: "rerank" (outputs of w04_rerank; reads rerank/rerank.json),
// "packing" (packing.json), "text"
// (ReportText text proto).
#include <string>

#include "stages/framework/pipeline/stage.h"
#include "stages/framework/pipeline/stage_proto.h"
#include "stages/framework/pipeline/status_macros.h"
#include "stages/framework/pipeline/textproto.h"
#include "stages/framework/tokens/tokens.h"
#include "stages/studies/w04/report_writer.h"

namespace repro::w04 {
namespace {

absl::Status Run(Stage& stage) {
  W04Result result;
  ReportText text;
  RETURN_IF_ERROR(ReadInputProto(stage, "rerank/rerank.json", result.mutable_rerank()));
  RETURN_IF_ERROR(ReadInputProto(stage, "packing", result.mutable_packing()));
  RETURN_IF_ERROR(ReadInputProto(stage, "text", &text));

  ASSIGN_OR_RETURN(const RenderedReport rendered,
                   RenderReport(result.rerank(), result.packing(), text));
  RETURN_IF_ERROR(stage.Write("w04.md", rendered.markdown));
  RETURN_IF_ERROR(stage.Write("w04.tokens.txt", tokens::TokensToText(rendered.tokens)));
  return stage.Write("w04.json", ToJson(result));
}

}  // namespace
}  // namespace repro::w04

int main(int argc, char** argv) { return repro::RunStage(argc, argv, repro::w04::Run); }
