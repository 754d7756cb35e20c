// The pins of the dense models the pipeline trains itself (the LSA models)
// and of the experiment's vector cache file (server models), per experiment:
// data/experiments/<experiment>.pins.textproto (ModelPins in experiment.proto), written only by
// `bazel run //reports:<experiment>_pins_refreeze`.
//
// A stage that reads a model gets the pin file as its optional input "pins"
// (absent until the first refreeze) and the experiment's CellSpec
// (experiment.proto; cell_spec.pb of the experiment_spec stage) as input
// "experiment", whose PinsSource names the task set, where the file lives
// (for messages) and the refreeze command. ModelPinSet::PinFor(model) then returns the
// pinned sha256 of that model for the stage's task set, or FailedPrecondition
// "<pins file>: no pin for model <m> of task set <s>; run `<command>` and
// review its diff" (the same when the file is absent).
//
// ParseModelPins checks the file: pins sorted by (task_set, model) and unique,
// every field set, sha256 64 lowercase hex; a vector_cache or run_cache pin
// with a 64-hex sha256 and bytes > 0. Errors name the file, the pin index and the field,
// expected vs found.
#ifndef REPRO_STAGES_EXPERIMENTS_MODEL_PINS_H_
#define REPRO_STAGES_EXPERIMENTS_MODEL_PINS_H_

#include <string>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "stages/experiments/experiment.pb.h"
#include "stages/framework/pipeline/stage.h"

namespace repro::experiments {

absl::StatusOr<ModelPins> ParseModelPins(absl::string_view text, absl::string_view file_name);

class ModelPinSet {
 public:
  // `pins` may be null (no pin file yet).
  ModelPinSet(const ModelPins* pins, std::string task_set, std::string pins_file,
              std::string refreeze_command);

  // The stage's pins: its optional "pins" input and its "experiment" input
  // (a CellSpec) for the rest.
  static absl::StatusOr<ModelPinSet> FromStage(const Stage& stage);

  // The same pins, looked up for `task_set` (a cell of an experiment over
  // several task sets: its task's set, not the spec's first).
  ModelPinSet ForTaskSet(std::string task_set) const;

  // The pin of `model` (LSA config stem) for the task set.
  absl::StatusOr<ModelPin> PinFor(absl::string_view model) const;

  // The pin of the experiment's vector cache file (ModelPins.vector_cache),
  // or FailedPrecondition "<pins file>: no pin of the experiment's vector
  // cache; run `<command>` and review its diff".
  absl::StatusOr<VectorCachePin> VectorCache() const;

  // The pin of the experiment's run cache file (ModelPins.run_cache), or
  // FailedPrecondition "<pins file>: no pin of the experiment's run cache;
  // run `<command>` and review its diff".
  absl::StatusOr<RunCachePin> RunCache() const;

  // Appends "(pinned in <file>; if the new model is intended, run `<command>`
  // and review its diff)" to a mismatch error (FailedPrecondition, the code
  // of every pin mismatch). Any other status is returned unchanged: a file
  // that is not a model or a cache at all is not fixed by a refreeze.
  absl::Status Explain(const absl::Status& mismatch) const;

  const std::string& task_set() const { return task_set_; }
  // The command that rewrites the pin file.
  const std::string& refreeze() const { return refreeze_; }

 private:
  absl::Status NoPin(absl::string_view what) const;

  ModelPins pins_;
  bool present_ = false;
  std::string task_set_;
  std::string pins_file_;
  std::string refreeze_;
};

// The model name of an artifact path: its base name without ".pb".
std::string ModelNameOf(absl::string_view artifact_path);

}  // namespace repro::experiments

#endif  // REPRO_STAGES_EXPERIMENTS_MODEL_PINS_H_
