// Stage tool: agreement of the chunker with one language's independent
// checker on one snapshot (agreement.h). Flag --language: the language
// folder compared. Inputs (roles): snapshot (with content: the suspect files
// are parsed again to name their construct, NameSuspects), chunks
// (ChunkSet), check (the checker's TSV), rules/<language> for every language
// of the task set (which files are of --language: LanguageSet::LanguageOf).
// Output: ChunkerAgreement as JSON. Differences are data here; the report
// and its test judge them.
#include <memory>
#include <string>

#include "absl/flags/flag.h"
#include "absl/strings/str_cat.h"
#include "stages/corpus/agreement.h"
#include "stages/corpus/functions.h"
#include "stages/corpus/language_set.h"
#include "stages/corpus/stage_io.h"
#include "stages/corpus/stored_corpus.h"
#include "stages/framework/pipeline/stage.h"
#include "stages/framework/pipeline/stage_proto.h"
#include "stages/framework/pipeline/status_macros.h"
#include "stages/framework/pipeline/textproto.h"

ABSL_FLAG(std::string, language, "", "The language folder whose files are compared.");

namespace repro {
namespace corpus {
namespace {

absl::Status Run(Stage& stage) {
  const std::string language = absl::GetFlag(FLAGS_language);
  ASSIGN_OR_RETURN(const LanguageSet languages, LanguageSet::FromStage(stage));
  const languages::Rules* rules = nullptr;
  for (const languages::Rules& r : languages.rules()) {
    if (r.language() == language) rules = &r;
  }
  if (rules == nullptr) {
    return absl::InvalidArgumentError(
        absl::StrCat("--language=", language, ": expected one of the inputs rules/<language>"));
  }
  const ProtoReader read = StageProtoReader(stage);
  ASSIGN_OR_RETURN(const Snapshot snapshot, ReadSnapshot(read, "snapshot"));
  ASSIGN_OR_RETURN(const ChunkSet chunks, ReadChunks(read, "chunks", snapshot));
  ASSIGN_OR_RETURN(const Stage::NamedBytes tsv, stage.ReadNamed("check"));
  ASSIGN_OR_RETURN(const CheckOutput check, ParseCheck(tsv.bytes, tsv.name));
  auto in_language = [&](absl::string_view path) {
    const languages::Rules* r = languages.LanguageOf(path);
    return r != nullptr && r->language() == language;
  };
  ASSIGN_OR_RETURN(ChunkerAgreement agreement,
                   CompareWithChecker(snapshot, chunks, check, language, in_language));
  ASSIGN_OR_RETURN(const std::unique_ptr<FunctionParser> parser, FunctionParser::Create(*rules));
  RETURN_IF_ERROR(NameSuspects(snapshot, *parser, *rules, &agreement));
  return WriteOnlyOutput(stage, ToJson(agreement));
}

}  // namespace
}  // namespace corpus
}  // namespace repro

int main(int argc, char** argv) { return repro::RunStage(argc, argv, repro::corpus::Run); }
