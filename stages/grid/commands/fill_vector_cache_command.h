// What `bazel run //stages/grid:fill_vector_cache -- --experiment=<name>
// --server=<url> --model_id=<id> --model_sha256=<model digest> --dims=<n>
// --cache=<path of the SQLite file> [--extra_chunks=<ChunkSet.pb>,...]` runs
// (fill_vector_cache_main.cc parses the flags into a FillRequest).
//
// The one command that talks to an embedding server (tools/embedding_server.sh,
// or LM Studio). It refuses to start unless the pinned model is the only
// model loaded (openai_client.h), then embeds every text the chunk harnesses
// of the experiment need and that the cache lacks: the chunk documents of
// every task's base and stale corpus, every task's S002 distractor chunks at
// the experiment's largest dose (distractors nest, so that covers every dose;
// distractor_chunks.h), the chunks of --extra_chunks, and every task's query
// and reformulation. A progress line (bar, rate, ETA) goes to stderr. Killed,
// it keeps every batch it stored; run it again to finish. It ends by printing
// the cache file's sha256. The experiment names the file by an environment
// variable (Experiment.vector_cache.path_env) and pins its sha256 in its pin
// file (`bazel run //reports:<experiment>_pins_refreeze`); Bazel actions then
// read that file only, read-only. Relative paths are taken from the directory `bazel run` was
// called in.
//
// A fixed sample: --limit=N keeps only the experiment's first N distinct texts
// in text-sha256 order (SampleTexts, vector_cache_fill.h): into an empty cache
// that fill sends the same first requests as a fill of every text (when N is
// a multiple of --batch: then its vectors are that fill's too), and the
// sample is uniform over the texts (a hash says nothing of a text's length),
// so its rate stands for the full fill's (tools/embedding/fill_sweep.sh).
// --list_texts prints those texts instead, one JSON object a line
// ({"sha256": ..., "text": ...}), and contacts no server, opens no cache.
// --timing_json=<file> writes the fill's counts and its embedding wall time
// (seconds from the first cache lookup to the last stored batch) as one JSON
// object: a volatile record for benchmarks, never part of an artifact.
#ifndef REPRO_STAGES_GRID_COMMANDS_FILL_VECTOR_CACHE_COMMAND_H_
#define REPRO_STAGES_GRID_COMMANDS_FILL_VECTOR_CACHE_COMMAND_H_

#include <cstdint>
#include <string>
#include <vector>

#include "absl/status/status.h"

namespace repro::grid {

// The command's flags (their defaults).
struct FillRequest {
  std::vector<std::string> indexes;  // --indexes: search_index.textproto files
  std::string experiment;            // --experiment
  std::string server = "http://127.0.0.1:1234";
  std::string model_id, model_sha256;
  int dims = 0;
  std::string cache;                      // the SQLite vector cache to create or extend
  std::vector<std::string> extra_chunks;  // further binary ChunkSet files
  int batch = 256;                        // texts per request
  int64_t limit = 0;                      // the first N distinct texts; 0: all
  std::string timing_json;                // where to write the fill's counts and time
  bool list_texts = false;                // print the texts, no server, no cache
};

// Fills the cache (or lists the texts) as above; a negative limit, or
// without list_texts a missing cache, model or dimension, is
// InvalidArgument before anything is read.
absl::Status FillVectorCache(const FillRequest& request);

}  // namespace repro::grid

#endif  // REPRO_STAGES_GRID_COMMANDS_FILL_VECTOR_CACHE_COMMAND_H_
