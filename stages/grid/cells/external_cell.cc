#include "stages/grid/cells/external_cell.h"

#include "absl/strings/str_cat.h"
#include "stages/corpus/language_set.h"
#include "stages/framework/pipeline/status_macros.h"
#include "stages/retrieval/external_harness.h"

namespace repro::grid {

absl::StatusOr<retrieval::HarnessRun> RunExternalCell(
    const Stage& stage, const retrieval::HarnessConfig& config, const retrieval::Corpus& corpus,
    const std::string& context, const std::string& task_id, const std::string& query) {
  absl::StatusOr<const Stage::Input*> program = stage.Find("program");
  if (!program.ok()) {
    return absl::FailedPreconditionError(
        absl::StrCat(context, ": external program ", config.external().program(),
                     ": expected the cell's input program (the executable target), found none"));
  }
  ASSIGN_OR_RETURN(const corpus::LanguageSet languages, corpus::LanguageSet::FromStage(stage));
  return retrieval::RunExternalHarness(config, corpus, languages,
                                       {context, task_id, query, (*program)->path});
}

}  // namespace repro::grid
