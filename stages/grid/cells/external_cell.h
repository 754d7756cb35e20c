// The ranking of a cell whose harness is external (HarnessConfig.external;
// docs/external_harness.md): the config's program, input "program" (an
// executable with its runfiles, a tool of the cell's action), ranks the
// cell's corpus; the languages of its paths come from inputs
// "rules/<language>" (corpus/language_set.h).
//
//   RunExternalCell(stage, config, corpus, context, task_id, query)
//   runs retrieval::RunExternalHarness on them; `context` ("harness H, task
//   T, condition C") starts every error message. A missing input "program"
//   is FailedPrecondition naming the harness's program label.
#ifndef REPRO_STAGES_GRID_CELLS_EXTERNAL_CELL_H_
#define REPRO_STAGES_GRID_CELLS_EXTERNAL_CELL_H_

#include <string>

#include "absl/status/statusor.h"
#include "stages/framework/pipeline/stage.h"
#include "stages/retrieval/harness.h"
#include "stages/retrieval/retrieval.pb.h"
#include "stages/retrieval/retrieval_corpus.h"

namespace repro::grid {

absl::StatusOr<retrieval::HarnessRun> RunExternalCell(
    const Stage& stage, const retrieval::HarnessConfig& config, const retrieval::Corpus& corpus,
    const std::string& context, const std::string& task_id, const std::string& query);

}  // namespace repro::grid

#endif  // REPRO_STAGES_GRID_CELLS_EXTERNAL_CELL_H_
