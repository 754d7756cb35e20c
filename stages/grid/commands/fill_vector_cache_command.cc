#include "stages/grid/commands/fill_vector_cache_command.h"

#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_split.h"
#include "absl/time/clock.h"
#include "absl/time/time.h"
#include "nlohmann/json.hpp"
#include "stages/corpus/index/set_index.h"
#include "stages/framework/pipeline/file_io.h"
#include "stages/framework/pipeline/sha256.h"
#include "stages/framework/pipeline/stage_proto.h"
#include "stages/framework/pipeline/status_macros.h"
#include "stages/grid/conditions/distractor_chunks.h"
#include "stages/grid/distractors.h"
#include "stages/grid/grid.pb.h"
#include "stages/retrieval/openai_client.h"
#include "stages/retrieval/vector_cache.h"
#include "stages/retrieval/vector_cache_fill.h"

namespace repro::grid {
namespace {

using corpus::LoadSet;
using corpus::LoadTaskSet;
using corpus::PathOf;
using corpus::ReadBinaryProto;
using corpus::SetIndex;
using retrieval::ChunkTexts;
using retrieval::FillProgress;
using retrieval::FillStats;
using retrieval::OpenAiClientOptions;
using retrieval::OpenAiEmbeddingClient;
using retrieval::VectorCacheWriter;

std::string FromCaller(const std::string& path) {
  const char* wd = std::getenv("BUILD_WORKING_DIRECTORY");
  if (path.empty() || path[0] == '/' || wd == nullptr) return path;
  return absl::StrCat(wd, "/", path);
}

// The largest S002 dose of the experiment (its validated grid spec, row
// "-\tgrid_spec" of the search index), 0 without S002.
absl::StatusOr<int> MaxDose(const SetIndex& index) {
  ASSIGN_OR_RETURN(const std::string path, PathOf(index, "-", "grid_spec"));
  GridSpec spec;
  RETURN_IF_ERROR(ReadBinaryProto(path, &spec));
  int max_dose = 0;
  for (const uint32_t dose : spec.experiment().s002_doses()) {
    max_dose = std::max(max_dose, static_cast<int>(dose));  // <= kMaxS002Dose (grid_spec.h)
  }
  return max_dose;
}

// Every text the experiment's harnesses embed (see the header).
absl::StatusOr<std::vector<std::string>> ExperimentTexts(const SetIndex& index,
                                                         const FillRequest& request) {
  ASSIGN_OR_RETURN(const corpus::TaskSet tasks, LoadTaskSet(index));
  ASSIGN_OR_RETURN(const int max_dose, MaxDose(index));
  ASSIGN_OR_RETURN(const std::string rules_path, PathOf(index, "-", "rules"));
  corpus::languages::Rules rules;
  RETURN_IF_ERROR(ReadProtoFile(rules_path, &rules));
  ASSIGN_OR_RETURN(const std::unique_ptr<corpus::FunctionParser> parser,
                   corpus::FunctionParser::Create(rules));
  std::vector<std::string> texts;
  auto add = [&texts](const corpus::ChunkSet& chunks) {
    for (std::string& t : ChunkTexts(chunks)) texts.push_back(std::move(t));
  };
  for (const corpus::Task& task : tasks.tasks()) {
    const corpus::ProtoReader read = IndexProtoReader(index, task.id());
    for (const std::string corpus : {"base", "stale"}) {
      ASSIGN_OR_RETURN(const corpus::Snapshot snapshot,
                       corpus::ReadSnapshot(read, corpus + "_snapshot"));
      ASSIGN_OR_RETURN(const corpus::ChunkSet chunks,
                       corpus::ReadChunks(read, corpus + "_chunks", snapshot));
      add(chunks);
    }
    if (max_dose > 0) {
      ASSIGN_OR_RETURN(std::vector<DistractorFile> files,
                       GenerateDistractors(task.id(), task.query(), max_dose, rules));
      ASSIGN_OR_RETURN(corpus::ChunkSet chunks, DistractorChunks(files, *parser));
      add(chunks);
    }
    texts.push_back(task.query());
    if (!task.reformulation().empty()) texts.push_back(task.reformulation());
  }
  for (const std::string& extra : request.extra_chunks) {
    corpus::ChunkSet chunks;
    RETURN_IF_ERROR(ReadBinaryProto(FromCaller(extra), &chunks));
    for (const corpus::Chunk& c : chunks.chunks()) {
      if (!c.function().empty() && c.text().empty()) {  // a function chunk has a line at least
        return absl::InvalidArgumentError(absl::StrCat(
            "--extra_chunks=", extra, ": chunk ", c.path(), " ", c.function(),
            " has no text: a task set's stored chunks (stored without text, stored_corpus.h) "
            "are read through their experiment's index, not given here"));
      }
    }
    add(chunks);
  }
  return texts;
}

// Prints the progress line to stderr: redrawn in place on a terminal, else a
// line at most every 5 s and at the end.
retrieval::FillProgressFn ProgressPrinter() {
  const absl::Time start = absl::Now();
  const bool tty = isatty(STDERR_FILENO) == 1;
  auto last = std::make_shared<absl::Time>(absl::InfinitePast());
  return [start, tty, last](const FillProgress& p) {
    const absl::Time now = absl::Now();
    const bool done = p.embedded == p.missing;
    if (!tty && !done && now - *last < absl::Seconds(5)) return;
    *last = now;
    const std::string line = retrieval::ProgressLine(p, absl::ToDoubleSeconds(now - start));
    std::fprintf(stderr, tty ? "\r%s%s" : "%s%s", line.c_str(), tty && !done ? "" : "\n");
    std::fflush(stderr);
  };
}

// Prints `sample` as JSON Lines; a text that is not UTF-8 is an error naming
// its sha256 (the server's JSON request could not carry it either).
absl::Status ListTexts(const std::vector<std::pair<std::string, std::string>>& sample) {
  for (const auto& [sha, text] : sample) {
    std::string line;
    try {
      line = nlohmann::json{{"sha256", sha}, {"text", text}}.dump();
    } catch (const nlohmann::json::exception& e) {
      return absl::InvalidArgumentError(
          absl::StrCat("text sha256 ", sha, ": not valid UTF-8 (", e.what(), ")"));
    }
    absl::PrintF("%s\n", line);
  }
  return absl::OkStatus();
}

// The --timing_json record (see the header).
absl::Status WriteTiming(const std::string& path, const FillStats& stats, double seconds,
                         int batch) {
  const nlohmann::json record = {
      {"texts", stats.texts},
      {"distinct", stats.unique},
      {"present", stats.present},
      {"embedded", stats.embedded},
      {"batch", batch},
      {"fill_seconds", seconds},
      {"texts_per_second", seconds > 0 ? static_cast<double>(stats.embedded) / seconds : 0.0}};
  return WriteFileAtomically(path, record.dump() + "\n");
}

}  // namespace

absl::Status FillVectorCache(const FillRequest& request) {
  if (request.limit < 0) {
    return absl::InvalidArgumentError(
        absl::StrCat("--limit: expected 0 (all) or a positive count, found ", request.limit));
  }
  const bool list = request.list_texts;
  if (!list && (request.cache.empty() || request.model_id.empty() ||
                request.model_sha256.size() != 64 || request.dims < 1)) {
    return absl::InvalidArgumentError(
        "--cache, --model_id, --model_sha256 (64 hex) and --dims are required");
  }
  ASSIGN_OR_RETURN(SetIndex index, LoadSet(request.indexes, request.experiment));

  ASSIGN_OR_RETURN(std::vector<std::string> texts, ExperimentTexts(index, request));
  if (list) return ListTexts(retrieval::SampleTexts(texts, request.limit));
  if (request.limit > 0) {
    std::vector<std::string> sample;
    for (auto& [sha, text] : retrieval::SampleTexts(texts, request.limit)) {
      sample.push_back(std::move(text));
    }
    texts = std::move(sample);
  }

  OpenAiClientOptions options;
  options.base_url = request.server;
  options.model_id = request.model_id;
  options.model_sha256 = request.model_sha256;
  options.dims = request.dims;
  options.batch_size = request.batch;
  ASSIGN_OR_RETURN(std::unique_ptr<OpenAiEmbeddingClient> client,
                   OpenAiEmbeddingClient::Connect(options));
  const std::string cache_path = FromCaller(request.cache);
  ASSIGN_OR_RETURN(std::unique_ptr<VectorCacheWriter> cache, VectorCacheWriter::Open(cache_path));
  const absl::Time fill_start = absl::Now();
  ASSIGN_OR_RETURN(FillStats stats, retrieval::FillVectorCache(texts, *client, *cache,
                                                               request.batch, ProgressPrinter()));
  const double fill_seconds = absl::ToDoubleSeconds(absl::Now() - fill_start);
  if (!request.timing_json.empty()) {
    RETURN_IF_ERROR(
        WriteTiming(FromCaller(request.timing_json), stats, fill_seconds, request.batch));
  }
  cache.reset();  // close before hashing
  ASSIGN_OR_RETURN(std::string sha, Sha256File(cache_path));
  absl::PrintF("%s: %d texts, %d distinct, %d already cached, %d embedded now\n", cache_path,
               stats.texts, stats.unique, stats.present, stats.embedded);
  absl::PrintF(
      "cache sha256 %s\nto pin it: export the experiment's vector_cache.path_env variable as the "
      "absolute path of this file, then `bazel run //reports:%s_pins_refreeze` and review its "
      "diff\n",
      sha, request.experiment);
  return absl::OkStatus();
}

}  // namespace repro::grid
