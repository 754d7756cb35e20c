// What `bazel run //stages/grid:search -- --experiment=<name> --harness=<H>
// --task=<T>` runs (search_main.cc parses the flags into a SearchRequest).
//
// Runs harness H (one of the experiment's, or "all") on task T ("all" = every
// task of its task set) at its base commit and prints the ranked files with scores and
// gold marks, the first functions, and the task's recall@1/5/10, MRR,
// nDCG@10, first-gold rank (censored at candidate_limit + 1) and function
// recall@10 (task_metrics.h). With several runs it ends with a table of means
// over tasks per harness. --json prints each HarnessResult as JSON instead of
// the ranked lists. Query and build times are printed as volatile.
//
// Experiments: every data/experiments/<name>.textproto; one whose clone is not
// configured says how to configure it. Dense models are checked against the
// experiment's pins (stages/experiments/model_pins.h).
#ifndef REPRO_STAGES_GRID_COMMANDS_SEARCH_COMMAND_H_
#define REPRO_STAGES_GRID_COMMANDS_SEARCH_COMMAND_H_

#include <string>
#include <vector>

#include "absl/status/status.h"

namespace repro::grid {

// The command's flags.
struct SearchRequest {
  std::vector<std::string> indexes;  // --indexes: search_index.textproto files
  std::string experiment;            // --experiment
  std::string harness = "all";       // --harness: a harness of the experiment, or all
  std::string task = "all";          // --task: a task id, or all
  int top = 20;                      // --top: ranked files (and functions) printed per run
  bool json = false;                 // --json: each HarnessResult as JSON
};

// Runs and prints (stdout) what `request` selects; an experiment no index
// names, a harness or task it lacks is NotFound naming what it has.
absl::Status RunSearch(const SearchRequest& request);

}  // namespace repro::grid

#endif  // REPRO_STAGES_GRID_COMMANDS_SEARCH_COMMAND_H_
