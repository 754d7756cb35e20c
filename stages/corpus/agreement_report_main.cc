// Stage tool: the chunker/go-parser agreement over all snapshots of a task
// set. Inputs (roles): agreement/<commit> (ChunkerAgreement JSON, one per
// snapshot) and, optionally, explanations (DifferenceExplanations text
// proto). Output: ChunkerAgreementReport as JSON, with totals and every
// difference marked explained or not. Never fails on differences: the
// chunker_agreement test requires `unexplained` to be 0.
#include <iostream>

#include "absl/strings/str_cat.h"
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
  DifferenceExplanations explained;
  if (stage.Find("explanations").ok()) {
    ASSIGN_OR_RETURN(const Stage::NamedBytes text, stage.ReadNamed("explanations"));
    RETURN_IF_ERROR(ParseTextProto(text.bytes, text.name, &explained));
  }
  ChunkerAgreementReport report;
  for (const std::string& role : stage.Roles("agreement/")) {
    ChunkerAgreement a;
    RETURN_IF_ERROR(ReadInputProto(stage, role, &a));
    const int unexplained = Explain(explained, &a);
    if (report.chunker().empty()) {
      report.set_chunker(a.chunker());
      report.set_go_parser(a.go_parser());
    } else if (report.chunker() != a.chunker() || report.go_parser() != a.go_parser()) {
      return absl::InvalidArgumentError(absl::StrCat(role, ": made with ", a.chunker(), " / ",
                                                     a.go_parser(), ", others with ",
                                                     report.chunker(), " / ", report.go_parser()));
    }
    report.set_snapshots(report.snapshots() + 1);
    report.set_files(report.files() + a.files());
    report.set_files_agreeing(report.files_agreeing() + a.files_agreeing());
    report.set_functions_tree_sitter(report.functions_tree_sitter() + a.functions_tree_sitter());
    report.set_functions_go_parser(report.functions_go_parser() + a.functions_go_parser());
    report.set_functions_agreeing(report.functions_agreeing() + a.functions_agreeing());
    report.set_suspect_files(report.suspect_files() + a.suspect_files_size());
    report.set_go_parse_errors(report.go_parse_errors() + a.go_parse_errors_size());
    report.set_differences(report.differences() + a.differences_size());
    report.set_unexplained(report.unexplained() + unexplained);
    *report.add_per_snapshot() = std::move(a);
  }
  std::cerr << stage.label() << ": " << report.snapshots() << " snapshots, "
            << report.files_agreeing() << "/" << report.files() << " files and "
            << report.functions_agreeing() << "/" << report.functions_go_parser()
            << " go/parser functions agree; " << report.differences() << " difference(s), "
            << report.unexplained() << " unexplained\n";
  return WriteOnlyOutput(stage, ToJson(report));
}

}  // namespace
}  // namespace corpus
}  // namespace repro

int main(int argc, char** argv) { return repro::RunStage(argc, argv, repro::corpus::Run); }
