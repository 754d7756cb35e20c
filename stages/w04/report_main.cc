// Stage w04_report: renders w04.md, w04.json and w04.tokens.txt.
// Inputs: "rerank" (outputs of w04_rerank; reads rerank/rerank.json),
// "packing" (packing.json), "text"
// (ReportText text proto).
#include <string>

#include "stages/pipeline/stage.h"
#include "stages/pipeline/stage_proto.h"
#include "stages/pipeline/textproto.h"
#include "stages/w04/report_writer.h"

namespace repro::w04 {
namespace {

absl::Status Run(Stage& stage) {
  W04Result result;
  ReportText text;
  if (absl::Status s = ReadInputProto(stage, "rerank/rerank.json", result.mutable_rerank());
      !s.ok()) {
    return s;
  }
  if (absl::Status s = ReadInputProto(stage, "packing", result.mutable_packing()); !s.ok()) {
    return s;
  }
  if (absl::Status s = ReadInputProto(stage, "text", &text); !s.ok()) return s;

  absl::StatusOr<RenderedReport> report = RenderReport(result.rerank(), result.packing(), text);
  if (!report.ok()) return report.status();
  if (absl::Status s = stage.Write("w04.md", report->markdown); !s.ok()) return s;
  if (absl::Status s = stage.Write("w04.tokens.txt", TokensToText(report->tokens)); !s.ok()) {
    return s;
  }
  return stage.Write("w04.json", ToJson(result));
}

}  // namespace
}  // namespace repro::w04

int main(int argc, char** argv) { return repro::RunStage(argc, argv, repro::w04::Run); }
