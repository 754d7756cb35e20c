// `bazel run //stages/grid:fill_vector_cache -- --experiment=<name> --server=<url>
//     --model_id=<id> --model_sha256=<model digest> --dims=<n>
//     --cache=<path of the SQLite file> [--extra_chunks=<ChunkSet.pb>,...]`:
// embeds what the experiment's chunk harnesses need into the vector cache
// (fill_vector_cache_command.h).
#include <cstdint>
#include <string>
#include <vector>

#include "absl/flags/flag.h"
#include "stages/grid/commands/fill_vector_cache_command.h"
#include "stages/retrieval/run_command.h"

ABSL_FLAG(std::string, experiment, "", "experiment name (data/experiments/<name>.textproto)");
ABSL_FLAG(std::string, server, "http://127.0.0.1:1234", "OpenAI-compatible server base URL");
ABSL_FLAG(std::string, model_id, "", "the pinned embedding model id (the only one loaded)");
ABSL_FLAG(std::string, model_sha256, "",
          "the model digest, as pinned (tools/embedding_server.sh digest)");
ABSL_FLAG(int, dims, 0, "embedding dimension");
ABSL_FLAG(std::string, cache, "", "SQLite vector cache to create or extend");
ABSL_FLAG(std::vector<std::string>, extra_chunks, {}, "further binary ChunkSet files");
ABSL_FLAG(
    int, batch, 256,
    "texts per request (the fastest fill, docs/embedding.md section 6; it changes last bits)");
ABSL_FLAG(int64_t, limit, 0,
          "only the first N distinct texts in text-sha256 order (a fixed sample); 0: all");
ABSL_FLAG(std::string, timing_json, "",
          "write the fill's counts and embedding wall time (s) to this JSON file");
ABSL_FLAG(bool, list_texts, false,
          "print the texts (after --limit) as JSON Lines and exit: no server, no cache");
ABSL_FLAG(std::vector<std::string>, indexes, {},
          "search_index.textproto files (set by the BUILD rule)");

int main(int argc, char** argv) {
  return repro::retrieval::RunCommand(argc, argv, "fill_vector_cache", [] {
    return repro::grid::FillVectorCache(
        {absl::GetFlag(FLAGS_indexes), absl::GetFlag(FLAGS_experiment), absl::GetFlag(FLAGS_server),
         absl::GetFlag(FLAGS_model_id), absl::GetFlag(FLAGS_model_sha256),
         absl::GetFlag(FLAGS_dims), absl::GetFlag(FLAGS_cache), absl::GetFlag(FLAGS_extra_chunks),
         absl::GetFlag(FLAGS_batch), absl::GetFlag(FLAGS_limit), absl::GetFlag(FLAGS_timing_json),
         absl::GetFlag(FLAGS_list_texts)});
  });
}
