#include "stages/studies/w04/condition_pair.h"

#include "absl/strings/str_cat.h"

namespace repro::w04 {

absl::Status CheckConditionPair(bool has_baseline, const std::string& baseline_name,
                                bool has_treatment, const std::string& treatment_name,
                                const std::string& file) {
  if (!has_baseline || !has_treatment) {
    return absl::InvalidArgumentError(absl::StrCat(
        file, ": field ", has_baseline ? "treatment" : "baseline",
        ": expected a condition block, found none (a case compares a baseline with a treatment)"));
  }
  if (baseline_name == treatment_name) {
    return absl::InvalidArgumentError(absl::StrCat(
        file, ": fields baseline.name and treatment.name: expected two different names, found '",
        baseline_name, "' twice (outputs and messages are named by condition)"));
  }
  return absl::OkStatus();
}

}  // namespace repro::w04
