// The budgets an experiment declares, checked against the pools they will
// pack (docs/packing.md, "Budgets").
//
// CheckBudgets(budgets, pools, where): `budgets` in the cost's unit (tokens
// or lines), `pools` each cell's (or topic's) ranked units by name. Stops
// with InvalidArgument naming `where`, the budget or the pool and unit, and
// the field, expected vs found, when:
//  - no budget is declared, or one is repeated;
//  - a budget is 0 or less (it packs nothing);
//  - a budget is at or beyond the total cost of every pool (it packs every
//    unit of every pool: no rule can change a selection);
//  - a unit costs more than every budget (it can never be packed, under any
//    rule; a unit of cost equal to a budget fits it).
// No pool at all is an error too (nothing to check the budgets against).
#ifndef REPRO_STAGES_FRAMEWORK_PACKING_BUDGETS_H_
#define REPRO_STAGES_FRAMEWORK_PACKING_BUDGETS_H_

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "stages/framework/packing/packing.h"

namespace repro::packing {

absl::Status CheckBudgets(const std::vector<int64_t>& budgets,
                          const std::map<std::string, std::vector<Unit>>& pools,
                          const std::string& where);

}  // namespace repro::packing

#endif  // REPRO_STAGES_FRAMEWORK_PACKING_BUDGETS_H_
