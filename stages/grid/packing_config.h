// The experiment's packing block (Experiment.packing; docs/packing.md,
// "Packing in every cell"), checked once by the spec stage, and the rule
// sets every cell packs by.
//
// CheckPacking(packing, source) stops with InvalidArgument naming `source`,
// the field, expected vs found, when: the unit or the cost is unspecified;
// no budget is declared, or a budget is 0 or less, or the budgets are not
// strictly ascending; depth is outside 1..kMaxPackingDepth; no treatment is
// declared; a treatment declares no rule or two (only one rule may be the
// single factor); a rule is declared twice; a redundancy rule's shingle size
// is < 1 or its threshold is not a fraction in [0, 1) (numerator >= 0,
// denominator >= 1, numerator < denominator); a diversity rule's per_file is
// < 1, or the unit is the whole file (one unit per file: the rule could
// never change a selection).
//
// PackingRules(packing) returns the rule sets of one budget in report
// order: the baseline (greedy) first, then each treatment as declared, and
// PackingRuleNames their names ("greedy", "redundancy", "diversity"). Call
// them on a checked block only.
//
// The names of the aggregate's Summary rows of one packing (docs/metrics.md,
// "Packing" and "The funnel"), which the report, the page and cells.csv
// read back: PackingRowName(budget, rule) = "pack_<budget>_<rule>" (the
// prefix of its quantities, "pack_<budget>_<rule>_<quantity>") and
// FunnelPackedName(budget, rule) = "funnel_packed_<budget>_<rule>".
#ifndef REPRO_STAGES_GRID_PACKING_CONFIG_H_
#define REPRO_STAGES_GRID_PACKING_CONFIG_H_

#include <cstdint>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/string_view.h"
#include "stages/experiments/experiment.pb.h"
#include "stages/framework/packing/near_duplicates.h"
#include "stages/framework/packing/packing.h"

namespace repro::grid {

inline constexpr int kMaxPackingDepth = 1000;

absl::Status CheckPacking(const experiments::Packing& packing, absl::string_view source);

std::vector<packing::RuleSet> PackingRules(const experiments::Packing& packing);
std::vector<std::string> PackingRuleNames(const experiments::Packing& packing);

std::string PackingRowName(int64_t budget, absl::string_view rule);
std::string FunnelPackedName(int64_t budget, absl::string_view rule);

// The near-duplicate options of the checked block's redundancy treatment;
// the library's defaults when it declares none.
packing::NearDuplicateOptions NearDuplicateOptionsOf(const experiments::Packing& packing);

}  // namespace repro::grid

#endif  // REPRO_STAGES_GRID_PACKING_CONFIG_H_
