// Stage tool: the chunker agreement of a task set over all its snapshots
// and checked languages. Inputs (roles): agreement/<language>/<commit>
// (ChunkerAgreement JSON, one per snapshot and language that has a checker),
// rules/<language> for every language of the set (those without an
// agreement input are listed as unchecked) and, optionally, explanations
// (DifferenceExplanations text proto). Output: ChunkerAgreementReport as
// JSON, with totals, totals per language and every difference marked
// explained or not. Never fails on differences: the chunker_agreement test
// requires `unexplained` to be 0.
#include <iostream>
#include <map>
#include <string>

#include "absl/strings/str_cat.h"
#include "stages/corpus/agreement.h"
#include "stages/corpus/language_set.h"
#include "stages/corpus/stage_io.h"
#include "stages/framework/pipeline/stage.h"
#include "stages/framework/pipeline/stage_proto.h"
#include "stages/framework/pipeline/status_macros.h"
#include "stages/framework/pipeline/textproto.h"

namespace repro {
namespace corpus {
namespace {

// Adds one snapshot's agreement (with `unexplained` of its differences).
void Add(const ChunkerAgreement& a, int unexplained, AgreementTotals* t) {
  t->set_snapshots(t->snapshots() + 1);
  t->set_files(t->files() + a.files());
  t->set_files_agreeing(t->files_agreeing() + a.files_agreeing());
  t->set_functions_tree_sitter(t->functions_tree_sitter() + a.functions_tree_sitter());
  t->set_functions_checker(t->functions_checker() + a.functions_checker());
  t->set_functions_agreeing(t->functions_agreeing() + a.functions_agreeing());
  t->set_suspect_files(t->suspect_files() + a.suspect_files_size());
  t->set_checker_parse_errors(t->checker_parse_errors() + a.checker_parse_errors_size());
  t->set_differences(t->differences() + a.differences_size());
  t->set_unexplained(t->unexplained() + unexplained);
  for (const SuspectFile& s : a.suspects()) {
    if (s.construct() == "unknown") t->set_unknown_constructs(t->unknown_constructs() + 1);
  }
}

absl::StatusOr<DifferenceExplanations> Explanations(const Stage& stage) {
  DifferenceExplanations explained;
  if (stage.Find("explanations").ok()) {
    ASSIGN_OR_RETURN(const Stage::NamedBytes text, stage.ReadNamed("explanations"));
    RETURN_IF_ERROR(ParseTextProto(text.bytes, text.name, &explained));
  }
  return explained;
}

absl::Status Run(Stage& stage) {
  ASSIGN_OR_RETURN(const DifferenceExplanations explained, Explanations(stage));
  ASSIGN_OR_RETURN(const LanguageSet languages, LanguageSet::FromStage(stage));
  ChunkerAgreementReport report;
  for (const languages::Rules& r : languages.rules()) {
    const std::vector<std::string> roles =
        stage.Roles(absl::StrCat("agreement/", r.language(), "/"));
    if (roles.empty()) {
      report.add_unchecked_languages(r.language());
      continue;
    }
    AgreementTotals* per = report.add_per_language();
    per->set_language(r.language());
    for (const std::string& role : roles) {
      ChunkerAgreement a;
      RETURN_IF_ERROR(ReadInputProto(stage, role, &a));
      const int unexplained = Explain(explained, &a);
      if (report.chunker().empty()) report.set_chunker(a.chunker());
      if (per->checker().empty()) per->set_checker(a.checker());
      if (report.chunker() != a.chunker() || per->checker() != a.checker()) {
        return absl::InvalidArgumentError(absl::StrCat(role, ": made with ", a.chunker(), " / ",
                                                       a.checker(), ", others with ",
                                                       report.chunker(), " / ", per->checker()));
      }
      Add(a, unexplained, per);
      Add(a, unexplained, report.mutable_total());
      *report.add_per_snapshot() = std::move(a);
    }
  }
  for (const AgreementTotals& t : report.per_language()) {
    std::cerr << stage.label() << ": " << t.language() << " (" << t.checker()
              << "): " << t.snapshots() << " snapshots, " << t.files_agreeing() << "/" << t.files()
              << " files and " << t.functions_agreeing() << "/" << t.functions_checker()
              << " checker functions agree; " << t.differences() << " difference(s), "
              << t.unexplained() << " unexplained; " << t.suspect_files() << " suspect file(s), "
              << t.unknown_constructs() << " of an unknown construct\n";
  }
  return WriteOnlyOutput(stage, ToJson(report));
}

}  // namespace
}  // namespace corpus
}  // namespace repro

int main(int argc, char** argv) { return repro::RunStage(argc, argv, repro::corpus::Run); }
