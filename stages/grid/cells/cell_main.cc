// Stage grid_cell: one harness on one task under one condition
// (cell_stage.h: inputs, outputs and conditions).
//
// Flags: --task=<id> --harness=<name> --condition=<cell suffix> (a
// condition of input "conditions": its kind, id and parameter)
// --expected_commit=<id> (STALE_INDEX only: the snapshot must be of
// base~depth, which the repository rule resolved) --task_set=<name> (an
// experiment over several task sets only: the set whose model pins the
// cell looks up; else the spec's). --export_inputs (a pinned-runs harness:
// write the cell's corpus.jsonl and queries.jsonl instead; pinned_runs_cell.h).
#include <string>

#include "absl/flags/flag.h"
#include "stages/framework/pipeline/stage.h"
#include "stages/grid/cells/cell_stage.h"

ABSL_FLAG(std::string, task, "", "Task id.");
ABSL_FLAG(std::string, harness, "", "Harness name (must match the config).");
ABSL_FLAG(std::string, condition, "", "The cell suffix of a condition of input 'conditions'.");
ABSL_FLAG(std::string, expected_commit, "",
          "STALE_INDEX: the commit of base~depth (history.bzl resolved it).");
ABSL_FLAG(std::string, task_set, "",
          "Several task sets: the set of the task, whose model pins the cell reads.");
ABSL_FLAG(bool, export_inputs, false,
          "A pinned-runs harness: write the cell's corpus.jsonl and queries.jsonl instead.");

int main(int argc, char** argv) {
  return repro::RunStage(argc, argv, [](repro::Stage& stage) {
    return repro::grid::RunCell(
        stage, {absl::GetFlag(FLAGS_task), absl::GetFlag(FLAGS_harness),
                absl::GetFlag(FLAGS_condition), absl::GetFlag(FLAGS_expected_commit),
                absl::GetFlag(FLAGS_task_set), absl::GetFlag(FLAGS_export_inputs)});
  });
}
