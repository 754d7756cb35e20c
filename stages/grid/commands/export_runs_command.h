// What `bazel run //stages/grid:export_runs -- --experiment=<name>
// --harness=<name> --out=<new directory> [--missing --cache=<file>]` runs
// (export_runs_main.cc; docs/run_cache.md).
//
// For every cell (task x condition) of the experiment's pinned-runs harness
// it writes the files an external program would get, corpus.jsonl and
// queries.jsonl (external_protocol.h; the cells' export stages, which run
// the cell tool with --export_inputs, made them), and manifest.tsv
// (run_export.h: each cell's key, its document count and candidate_limit).
// --missing with --cache: only the cells whose key the cache lacks (the
// cache is opened read-only, without its pin); their keys are printed
// either way, one "harness task condition corpus_sha256 queries_sha256" a
// line. Without --out it only prints. The directory is written whole or not
// at all (a temporary sibling renamed into place) and must not exist.
//
// Errors: a harness that is not a pinned-runs harness of the experiment
// (naming those it has), an existing --out, --missing without --cache, a
// cache that is not a run cache.
#ifndef REPRO_STAGES_GRID_COMMANDS_EXPORT_RUNS_COMMAND_H_
#define REPRO_STAGES_GRID_COMMANDS_EXPORT_RUNS_COMMAND_H_

#include <string>
#include <vector>

#include "absl/status/status.h"

namespace repro::grid {

struct ExportRequest {
  std::vector<std::string> indexes;  // --indexes: the experiments' search indexes (to list them)
  std::string export_index;          // --export_index: set by the experiment's target
  std::string experiment, harness, out, cache;
  bool missing = false;
};

absl::Status ExportRuns(const ExportRequest& request);

}  // namespace repro::grid

#endif  // REPRO_STAGES_GRID_COMMANDS_EXPORT_RUNS_COMMAND_H_
