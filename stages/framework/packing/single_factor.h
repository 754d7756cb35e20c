// A single-factor packing comparison: two conditions that pack the same
// ranked units under the same budget and differ only in the declared rule
// (W04's ablation; docs/packing.md, "Single factor").
//
// CompareSingleFactor(baseline, treatment, declared, where) stops with
// InvalidArgument naming `where`, the condition, the unit (rank and id) and the
// field, expected vs found, when:
//  - `declared` does not hold exactly one rule (none, or two rules declared as
//    the single factor), or holds kGreedy (the baseline is not a factor);
//  - the baseline's rule set is not kGreedy, or the treatment's rule is not
//    the declared one;
//  - the conditions differ besides the rule: the budget, the number or order
//    of units, or any unit's cost, file, claims, cluster or near-duplicate
//    relations (declared or unresolved).
// Otherwise it packs both (packing.h) and returns the two results.
#ifndef REPRO_STAGES_FRAMEWORK_PACKING_SINGLE_FACTOR_H_
#define REPRO_STAGES_FRAMEWORK_PACKING_SINGLE_FACTOR_H_

#include <cstdint>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "stages/framework/packing/packing.h"

namespace repro::packing {

struct Condition {
  std::string name;         // "baseline", "treatment"
  std::vector<Unit> units;  // rank order
  int64_t budget = 0;
  RuleSet rules;
};

struct Comparison {
  PackResult baseline;
  PackResult treatment;
};

absl::Status CheckSingleFactor(const Condition& baseline, const Condition& treatment,
                               const std::vector<Rule>& declared, const std::string& where);

absl::StatusOr<Comparison> CompareSingleFactor(const Condition& baseline,
                                               const Condition& treatment,
                                               const std::vector<Rule>& declared,
                                               const std::string& where);

}  // namespace repro::packing

#endif  // REPRO_STAGES_FRAMEWORK_PACKING_SINGLE_FACTOR_H_
