#include "stages/experiments/model_pins.h"

#include <algorithm>
#include <tuple>
#include <utility>

#include "absl/strings/ascii.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/strip.h"
#include "stages/framework/pipeline/stage_proto.h"
#include "stages/framework/pipeline/status_macros.h"
#include "stages/framework/pipeline/textproto.h"

namespace repro::experiments {
namespace {

bool IsHex64(absl::string_view s) {
  return s.size() == 64 && std::all_of(s.begin(), s.end(), [](char c) {
           return absl::ascii_isdigit(c) || (c >= 'a' && c <= 'f');
         });
}

absl::Status Bad(absl::string_view file, int i, absl::string_view field, absl::string_view expected,
                 absl::string_view found) {
  return absl::InvalidArgumentError(
      absl::StrCat(file, ": pins[", i, "].", field, ": expected ", expected, ", found ", found));
}

// The pin of a cache file: a 64-hex sha256 and a size.
absl::Status CheckFilePin(absl::string_view file_name, absl::string_view field,
                          const std::string& sha256, uint64_t bytes) {
  if (!IsHex64(sha256)) {
    return absl::InvalidArgumentError(
        absl::StrCat(file_name, ": ", field, ".sha256: expected 64 lowercase hex digits, found \"",
                     sha256, "\""));
  }
  if (bytes == 0) {
    return absl::InvalidArgumentError(
        absl::StrCat(file_name, ": ", field, ".bytes: expected the file's size, found 0"));
  }
  return absl::OkStatus();
}

}  // namespace

absl::StatusOr<ModelPins> ParseModelPins(absl::string_view text, absl::string_view file_name) {
  ModelPins pins;
  RETURN_IF_ERROR(ParseTextProto(text, file_name, &pins));
  for (int i = 0; i < pins.pins_size(); ++i) {
    const ModelPin& p = pins.pins(i);
    for (const auto& [field, value] :
         {std::pair<const char*, const std::string*>{"task_set", &p.task_set()},
          {"model", &p.model()},
          {"model_id", &p.model_id()}}) {
      if (value->empty()) return Bad(file_name, i, field, "a value", "none");
    }
    if (!IsHex64(p.sha256())) {
      return Bad(file_name, i, "sha256", "64 lowercase hex digits",
                 absl::StrCat("\"", p.sha256(), "\""));
    }
    if (i > 0) {
      const ModelPin& prev = pins.pins(i - 1);
      if (!(std::tie(prev.task_set(), prev.model()) < std::tie(p.task_set(), p.model()))) {
        return Bad(
            file_name, i, "(task_set, model)",
            absl::StrCat("after (", prev.task_set(), ", ", prev.model(), "): sorted and unique"),
            absl::StrCat("(", p.task_set(), ", ", p.model(), ")"));
      }
    }
  }
  if (pins.has_vector_cache()) {
    RETURN_IF_ERROR(CheckFilePin(file_name, "vector_cache", pins.vector_cache().sha256(),
                                 pins.vector_cache().bytes()));
  }
  if (pins.has_run_cache()) {
    RETURN_IF_ERROR(
        CheckFilePin(file_name, "run_cache", pins.run_cache().sha256(), pins.run_cache().bytes()));
  }
  return pins;
}

ModelPinSet::ModelPinSet(const ModelPins* pins, std::string task_set, std::string pins_file,
                         std::string refreeze_command)
    : present_(pins != nullptr),
      task_set_(std::move(task_set)),
      pins_file_(std::move(pins_file)),
      refreeze_(std::move(refreeze_command)) {
  if (pins != nullptr) pins_ = *pins;
}

absl::StatusOr<ModelPinSet> ModelPinSet::FromStage(const Stage& stage) {
  CellSpec spec;
  RETURN_IF_ERROR(ReadInputProto(stage, "experiment", &spec));
  const std::string& task_set = spec.pins().task_set();
  const std::string& file = spec.pins().file();
  const std::string& refreeze = spec.pins().refreeze_command();
  if (task_set.empty() || file.empty() || refreeze.empty()) {
    return absl::InvalidArgumentError(
        "input experiment: CellSpec.pins: expected task_set, file and refreeze_command, found "
        "one empty");
  }
  if (stage.Roles("pins").empty()) return ModelPinSet(nullptr, task_set, file, refreeze);
  ASSIGN_OR_RETURN(const Stage::NamedBytes text, stage.ReadNamed("pins"));
  ASSIGN_OR_RETURN(const ModelPins pins, ParseModelPins(text.bytes, text.name));
  return ModelPinSet(&pins, task_set, text.name, refreeze);
}

ModelPinSet ModelPinSet::ForTaskSet(std::string task_set) const {
  ModelPinSet out = *this;
  out.task_set_ = std::move(task_set);
  return out;
}

absl::StatusOr<ModelPin> ModelPinSet::PinFor(absl::string_view model) const {
  for (const ModelPin& p : pins_.pins()) {
    if (p.task_set() == task_set_ && p.model() == model) return p;
  }
  return absl::FailedPreconditionError(
      absl::StrCat(pins_file_, present_ ? "" : " (absent)", ": no pin for model ", model,
                   " of task set ", task_set_, "; run `", refreeze_, "` and review its diff"));
}

absl::StatusOr<VectorCachePin> ModelPinSet::VectorCache() const {
  if (pins_.has_vector_cache()) return pins_.vector_cache();
  return NoPin("vector cache");
}

absl::StatusOr<RunCachePin> ModelPinSet::RunCache() const {
  if (pins_.has_run_cache()) return pins_.run_cache();
  return NoPin("run cache");
}

absl::Status ModelPinSet::NoPin(absl::string_view what) const {
  return absl::FailedPreconditionError(absl::StrCat(pins_file_, present_ ? "" : " (absent)",
                                                    ": no pin of the experiment's ", what,
                                                    "; run `", refreeze_, "` and review its diff"));
}

absl::Status ModelPinSet::Explain(const absl::Status& mismatch) const {
  if (mismatch.code() != absl::StatusCode::kFailedPrecondition) return mismatch;
  return absl::Status(mismatch.code(), absl::StrCat(mismatch.message(), " (pinned in ", pins_file_,
                                                    "; if the new model is intended, run `",
                                                    refreeze_, "` and review its diff)"));
}

std::string ModelNameOf(absl::string_view artifact_path) {
  const size_t slash = artifact_path.rfind('/');
  if (slash != absl::string_view::npos) artifact_path.remove_prefix(slash + 1);
  absl::ConsumeSuffix(&artifact_path, ".pb");
  return std::string(artifact_path);
}

}  // namespace repro::experiments
