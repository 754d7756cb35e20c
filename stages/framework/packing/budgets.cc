#include "stages/framework/packing/budgets.h"

#include <algorithm>
#include <set>

#include "absl/strings/str_cat.h"
#include "stages/framework/packing/internal/mismatch.h"
#include "stages/framework/pipeline/status_macros.h"

namespace repro::packing {
namespace {

using internal::Mismatch;
using internal::UnitAt;

absl::Status CheckDeclared(const std::vector<int64_t>& budgets, const std::string& where) {
  if (budgets.empty()) return Mismatch(where, "budgets", "at least one budget", "none");
  std::set<int64_t> seen;
  for (size_t i = 0; i < budgets.size(); ++i) {
    const std::string w = absl::StrCat(where, ", budget ", i + 1);
    if (budgets[i] <= 0) return Mismatch(w, "budgets", "> 0", absl::StrCat(budgets[i]));
    if (!seen.insert(budgets[i]).second) {
      return Mismatch(w, "budgets", "each budget once", absl::StrCat(budgets[i], " again"));
    }
  }
  return absl::OkStatus();
}

int64_t TotalCost(const std::vector<Unit>& units) {
  int64_t total = 0;
  for (const Unit& u : units) total += u.cost;
  return total;
}

}  // namespace

absl::Status CheckBudgets(const std::vector<int64_t>& budgets,
                          const std::map<std::string, std::vector<Unit>>& pools,
                          const std::string& where) {
  RETURN_IF_ERROR(CheckDeclared(budgets, where));
  if (pools.empty()) return Mismatch(where, "pools", "at least one pool", "none");
  int64_t largest_pool = 0;
  for (const auto& [name, units] : pools) largest_pool = std::max(largest_pool, TotalCost(units));
  const int64_t largest_budget = *std::max_element(budgets.begin(), budgets.end());
  for (size_t i = 0; i < budgets.size(); ++i) {
    if (budgets[i] >= largest_pool) {
      return Mismatch(absl::StrCat(where, ", budget ", i + 1), "budgets",
                      absl::StrCat("below the largest pool's total cost ", largest_pool),
                      absl::StrCat(budgets[i]));
    }
  }
  for (const auto& [name, units] : pools) {
    for (size_t i = 0; i < units.size(); ++i) {
      if (units[i].cost > largest_budget) {
        return Mismatch(
            UnitAt(absl::StrCat(where, ", pool '", name, "'"), static_cast<int>(i), units[i].id),
            "cost", absl::StrCat("at most the largest budget ", largest_budget),
            absl::StrCat(units[i].cost));
      }
    }
  }
  return absl::OkStatus();
}

}  // namespace repro::packing
