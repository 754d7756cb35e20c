// What `bazel run //stages/grid:fill_run_cache -- --export=<dir>
// --cache=<file> [--runs=<dir>]` runs (fill_run_cache_main.cc;
// docs/run_cache.md).
//
// Reads the export directory that `bazel run //stages/grid:export_runs`
// wrote (run_export.h) and each cell's run, <runs>/<harness>/<task>/
// <condition>/run (--runs defaults to --export), and stores every run under
// its cell's key (harness, corpus digest, query digest) in the SQLite run
// cache (stages/retrieval/run_cache.h), created if absent.
//
// Every run is checked first, exactly as an external program's run
// (external_protocol.h ParseRun: a malformed line, another query id, an id
// that is not a document of the cell's corpus.jsonl, an id given twice, a
// NaN or infinite score, more rows than the harness's candidate_limit); and
// the export itself: each cell's corpus.jsonl and queries.jsonl must still
// hash to the manifest's key. A file named `run` under --runs in a
// directory that is no cell of the manifest is a foreign key. Any of these,
// or a key the cache holds with another run, stops the command naming the
// file (and the line) and nothing is stored: all runs go in one
// transaction. A cell without a run is not an error (a partial fill, e.g.
// of an export of the missing cells only): the command lists them. It ends
// with the cache's sha256 and how to pin it.
#ifndef REPRO_STAGES_GRID_COMMANDS_FILL_RUN_CACHE_COMMAND_H_
#define REPRO_STAGES_GRID_COMMANDS_FILL_RUN_CACHE_COMMAND_H_

#include <string>

#include "absl/status/status.h"

namespace repro::grid {

struct FillRunsRequest {
  std::string export_dir;  // --export
  std::string runs_dir;    // --runs ("": --export)
  std::string cache;       // --cache
};

absl::Status FillRunCache(const FillRunsRequest& request);

}  // namespace repro::grid

#endif  // REPRO_STAGES_GRID_COMMANDS_FILL_RUN_CACHE_COMMAND_H_
