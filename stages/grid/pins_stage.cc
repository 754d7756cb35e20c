#include "stages/grid/pins_stage.h"

#include <string>

#include "absl/strings/str_cat.h"
#include "google/protobuf/text_format.h"
#include "stages/experiments/experiment.pb.h"
#include "stages/experiments/model_pins.h"
#include "stages/framework/pipeline/stage_proto.h"
#include "stages/framework/pipeline/status_macros.h"
#include "stages/retrieval/retrieval.pb.h"
#include "stages/retrieval/run_cache.h"
#include "stages/retrieval/vector_cache.h"

namespace repro::grid {
namespace {

// The digest of the cache file of input `role`, after `check` has found it
// to be such a cache; anything else stops the stage, nothing is pinned.
absl::StatusOr<Stage::Digest> CheckedCache(const Stage& stage, absl::string_view role,
                                           absl::string_view what,
                                           absl::Status (*check)(const std::string&)) {
  ASSIGN_OR_RETURN(const Stage::Input* cache_file, stage.Find(role));
  if (absl::Status format = check(cache_file->path); !format.ok()) {
    return absl::Status(format.code(),
                        absl::StrCat("pins: the experiment's ", what, " ", format.message()));
  }
  // The digest the provenance record reuses: the large file is hashed once.
  return stage.InputDigest(role);
}

}  // namespace

absl::Status WritePins(Stage& stage, absl::string_view task_set, absl::string_view experiment) {
  if (task_set.empty() || experiment.empty()) {
    return absl::InvalidArgumentError(
        "pins: expected an experiment and a task set name, found none");
  }
  experiments::ModelPins pins;
  // Sorted: by model; with several sets, "summary/<set>/<model>", by (set, model).
  for (const std::string& role : stage.Roles("summary/")) {
    retrieval::LsaModelSummary summary;
    RETURN_IF_ERROR(ReadInputProto(stage, role, &summary));
    const std::string key = role.substr(std::string("summary/").size());
    const size_t slash = key.find('/');
    experiments::ModelPin* p = pins.add_pins();
    p->set_task_set(slash == std::string::npos ? std::string(task_set) : key.substr(0, slash));
    p->set_model(slash == std::string::npos ? key : key.substr(slash + 1));
    p->set_model_id(summary.model_id());
    p->set_sha256(summary.sha256());
  }
  if (!stage.Roles("vector_cache").empty()) {
    ASSIGN_OR_RETURN(const Stage::Digest cache, CheckedCache(stage, "vector_cache", "vector cache",
                                                             retrieval::CheckVectorCacheFile));
    pins.mutable_vector_cache()->set_sha256(cache.sha256);
    pins.mutable_vector_cache()->set_bytes(cache.bytes);
  }
  if (!stage.Roles("run_cache").empty()) {
    ASSIGN_OR_RETURN(const Stage::Digest cache,
                     CheckedCache(stage, "run_cache", "run cache", retrieval::CheckRunCacheFile));
    pins.mutable_run_cache()->set_sha256(cache.sha256);
    pins.mutable_run_cache()->set_bytes(cache.bytes);
  }
  std::string text;
  google::protobuf::TextFormat::Printer printer;
  if (!printer.PrintToString(pins, &text))
    return absl::InternalError("pins: cannot print ModelPins");
  const std::string file = absl::StrCat(experiment, ".pins.textproto");
  // Round trip through the checker the stages use, so a refrozen file is valid.
  RETURN_IF_ERROR(experiments::ParseModelPins(text, file).status());
  const std::string out = absl::StrCat(
      "# proto-file: stages/experiments/experiment.proto\n"
      "# proto-message: repro.experiments.ModelPins\n"
      "#\n"
      "# The dense models experiment ",
      experiment,
      " reads, pinned by sha256. Written by\n"
      "# `bazel run //reports:",
      experiment, "_pins_refreeze`; review the diff before committing.\n", text);
  for (const auto& [name, path] : stage.output_paths()) {
    return stage.Write(name, out);
  }
  return absl::InvalidArgumentError("pins: no output declared");
}

}  // namespace repro::grid
