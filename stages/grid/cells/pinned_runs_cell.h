// The ranking of a cell whose harness has pinned runs
// (HarnessConfig.pinned_runs; docs/run_cache.md): its run is read from the
// experiment's run cache (input "run_cache", pinned in input "pins") under
// the cell's key, (harness, sha256 of corpus.jsonl, sha256 of
// queries.jsonl), the files an external program would get
// (external_protocol.h; the languages of their paths come from inputs
// "rules/<language>").
//
//   PinnedRunInputs(stage, config, corpus, task_id, query)  those two files
//       and the key.
//   RunPinnedRunsCell(stage, config, corpus, cell)  opens the cache
//       read-only, checks its sha256 against the pin, looks the key up and
//       parses the stored run as an external run (ParseRun, RankedResult).
//   ExportPinnedRunInputs(stage, config, corpus, task_id, query)  writes the
//       two files as the stage's outputs "*.corpus.jsonl" and
//       "*.queries.jsonl" (the export stages of `bazel run
//       //stages/grid:export_runs`).
//
// Every error of RunPinnedRunsCell starts "<cell.context>: pinned runs: "
// and says what was found: no input run_cache (FailedPrecondition), no pin
// of the cache or a cache whose sha256 is not its pin (FailedPrecondition,
// naming the refreeze command), a file that is not a run cache or a
// truncated one (InvalidArgument), a changed row (DataLoss), a missing key
// (FailedPrecondition naming the harness, task, condition and the commands
// that list, export and fill what is missing), a stored run that is not a
// run of this cell's documents or query (InvalidArgument: a foreign key,
// with ParseRun's line and what it holds).
#ifndef REPRO_STAGES_GRID_CELLS_PINNED_RUNS_CELL_H_
#define REPRO_STAGES_GRID_CELLS_PINNED_RUNS_CELL_H_

#include <string>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "stages/framework/pipeline/stage.h"
#include "stages/retrieval/harness.h"
#include "stages/retrieval/retrieval.pb.h"
#include "stages/retrieval/retrieval_corpus.h"
#include "stages/retrieval/run_cache.h"

namespace repro::grid {

struct PinnedRunCell {
  std::string context;  // "harness H, task T, condition C", for messages
  std::string task_id;
  std::string query;       // the text the config's query_field selects
  std::string experiment;  // for the commands a missing key names
};

struct PinnedRunInputFiles {
  std::string corpus, queries;
  retrieval::RunKey key;
};

absl::StatusOr<PinnedRunInputFiles> PinnedRunInputs(const Stage& stage,
                                                    const retrieval::HarnessConfig& config,
                                                    const retrieval::Corpus& corpus,
                                                    const std::string& task_id,
                                                    const std::string& query);

absl::StatusOr<retrieval::HarnessRun> RunPinnedRunsCell(const Stage& stage,
                                                        const retrieval::HarnessConfig& config,
                                                        const retrieval::Corpus& corpus,
                                                        const PinnedRunCell& cell);

absl::Status ExportPinnedRunInputs(Stage& stage, const retrieval::HarnessConfig& config,
                                   const retrieval::Corpus& corpus, const std::string& task_id,
                                   const std::string& query);

}  // namespace repro::grid

#endif  // REPRO_STAGES_GRID_CELLS_PINNED_RUNS_CELL_H_
