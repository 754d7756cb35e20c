// `bazel run //stages/retrieval:fill_vector_cache -- --experiment=<name> --server=<url>
//     --model_id=<id> --model_sha256=<sha256 of the model file> --dims=<n>
//     --cache=<path of the SQLite file> [--extra_chunks=<ChunkSet.pb>,...]`
//
// The one command that talks to an embedding server (LM Studio). It refuses
// to start unless the pinned model is the only model loaded
// (openai_client.h), then embeds every text the chunk harnesses of the set
// need and that the cache lacks: the chunk documents of every task's base and
// stale corpus, the chunks of --extra_chunks (e.g. S002 distractors chunked by
// the corpus chunker), and every task's query and reformulation. It ends by
// printing the cache file's sha256: pin it as
// pinned_model.vector_cache_sha256 in a DENSE_BACKEND_SERVER_CACHE harness
// config; Bazel actions then read that file only.
// Relative paths are taken from the directory `bazel run` was called in.
#include <cstdlib>
#include <string>
#include <vector>

#include "absl/flags/flag.h"
#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "stages/pipeline/sha256.h"
#include "stages/pipeline/status_macros.h"
#include "stages/retrieval/openai_client.h"
#include "stages/retrieval/run_command.h"
#include "stages/retrieval/set_index.h"
#include "stages/retrieval/vector_cache.h"
#include "stages/retrieval/vector_cache_fill.h"

ABSL_FLAG(std::string, experiment, "", "experiment name (data/experiments/<name>.textproto)");
ABSL_FLAG(std::string, server, "http://127.0.0.1:1234", "OpenAI-compatible server base URL");
ABSL_FLAG(std::string, model_id, "", "the pinned embedding model id (the only one loaded)");
ABSL_FLAG(std::string, model_sha256, "", "sha256 of the model file, as pinned");
ABSL_FLAG(int, dims, 0, "embedding dimension");
ABSL_FLAG(std::string, cache, "", "SQLite vector cache to create or extend");
ABSL_FLAG(std::vector<std::string>, extra_chunks, {}, "further binary ChunkSet files");
ABSL_FLAG(int, batch, 64, "texts per request");
ABSL_FLAG(std::vector<std::string>, indexes, {}, "search_index.tsv files (set by the BUILD rule)");

namespace repro::retrieval {
namespace {

std::string FromCaller(const std::string& path) {
  const char* wd = std::getenv("BUILD_WORKING_DIRECTORY");
  if (path.empty() || path[0] == '/' || wd == nullptr) return path;
  return absl::StrCat(wd, "/", path);
}

absl::Status Main() {
  if (absl::GetFlag(FLAGS_cache).empty() || absl::GetFlag(FLAGS_model_id).empty() ||
      absl::GetFlag(FLAGS_model_sha256).size() != 64 || absl::GetFlag(FLAGS_dims) < 1) {
    return absl::InvalidArgumentError(
        "--cache, --model_id, --model_sha256 (64 hex) and --dims are required");
  }
  ASSIGN_OR_RETURN(SetIndex index,
                   LoadSet(absl::GetFlag(FLAGS_indexes), absl::GetFlag(FLAGS_experiment)));
  ASSIGN_OR_RETURN(corpus::TaskSet tasks, LoadTaskSet(index));

  std::vector<std::string> texts;
  for (const corpus::Task& task : tasks.tasks()) {
    for (const char* role : {"base_chunks", "stale_chunks"}) {
      ASSIGN_OR_RETURN(std::string path, PathOf(index, task.id(), role));
      corpus::ChunkSet chunks;
      RETURN_IF_ERROR(ReadBinaryProto(path, &chunks));
      for (std::string& t : ChunkTexts(chunks)) texts.push_back(std::move(t));
    }
    texts.push_back(task.query());
    texts.push_back(task.reformulation());
  }
  for (const std::string& extra : absl::GetFlag(FLAGS_extra_chunks)) {
    corpus::ChunkSet chunks;
    RETURN_IF_ERROR(ReadBinaryProto(FromCaller(extra), &chunks));
    for (std::string& t : ChunkTexts(chunks)) texts.push_back(std::move(t));
  }

  OpenAiClientOptions options;
  options.base_url = absl::GetFlag(FLAGS_server);
  options.model_id = absl::GetFlag(FLAGS_model_id);
  options.model_sha256 = absl::GetFlag(FLAGS_model_sha256);
  options.dims = absl::GetFlag(FLAGS_dims);
  options.batch_size = absl::GetFlag(FLAGS_batch);
  ASSIGN_OR_RETURN(std::unique_ptr<OpenAiEmbeddingClient> client,
                   OpenAiEmbeddingClient::Connect(options));
  const std::string cache_path = FromCaller(absl::GetFlag(FLAGS_cache));
  ASSIGN_OR_RETURN(std::unique_ptr<VectorCacheWriter> cache, VectorCacheWriter::Open(cache_path));
  ASSIGN_OR_RETURN(FillStats stats,
                   FillVectorCache(texts, *client, *cache, absl::GetFlag(FLAGS_batch)));
  cache.reset();  // close before hashing
  ASSIGN_OR_RETURN(std::string sha, Sha256File(cache_path));
  absl::PrintF("%s: %d texts, %d distinct, %d already cached, %d embedded now\n", cache_path,
               stats.texts, stats.unique, stats.present, stats.embedded);
  absl::PrintF("pin in the harness config: vector_cache_sha256: \"%s\"\n", sha);
  return absl::OkStatus();
}

}  // namespace
}  // namespace repro::retrieval

int main(int argc, char** argv) {
  return repro::retrieval::RunCommand(argc, argv, "fill_vector_cache", repro::retrieval::Main);
}
