// The two conditions a W04 case compares (rerank and packing alike).
//
// CheckConditionPair: OK when both the baseline and the treatment block are
// present and their names differ; otherwise InvalidArgument naming the file
// and the field ("field treatment: expected a condition block, found none";
// "fields baseline.name and treatment.name: expected two different names").
#ifndef REPRO_STAGES_STUDIES_W04_CONDITION_PAIR_H_
#define REPRO_STAGES_STUDIES_W04_CONDITION_PAIR_H_

#include <string>

#include "absl/status/status.h"

namespace repro::w04 {

absl::Status CheckConditionPair(bool has_baseline, const std::string& baseline_name,
                                bool has_treatment, const std::string& treatment_name,
                                const std::string& file);

}  // namespace repro::w04

#endif  // REPRO_STAGES_STUDIES_W04_CONDITION_PAIR_H_
