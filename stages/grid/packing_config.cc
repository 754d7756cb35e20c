#include "stages/grid/packing_config.h"

#include <set>

#include "absl/strings/str_cat.h"
#include "stages/framework/packing/near_duplicates.h"

namespace repro::grid {
namespace {

absl::Status Bad(absl::string_view source, absl::string_view field, absl::string_view expected,
                 absl::string_view found) {
  return absl::InvalidArgumentError(
      absl::StrCat(source, ", field packing.", field, ": expected ", expected, ", found ", found));
}

absl::Status CheckBudgetList(const experiments::Packing& p, absl::string_view source) {
  if (p.budgets_size() == 0) return Bad(source, "budgets", "one or more budgets", "none");
  for (int i = 0; i < p.budgets_size(); ++i) {
    const std::string at = absl::StrCat("budgets[", i, "]");
    if (p.budgets(i) <= 0) {
      return Bad(source, at, "a budget > 0 (a budget of 0 packs nothing)",
                 absl::StrCat(p.budgets(i)));
    }
    if (i > 0 && p.budgets(i) <= p.budgets(i - 1)) {
      return Bad(source, at, "strictly ascending budgets",
                 absl::StrCat(p.budgets(i), " after ", p.budgets(i - 1)));
    }
  }
  return absl::OkStatus();
}

absl::Status CheckTreatment(const experiments::PackingTreatment& t, const std::string& at,
                            absl::string_view source) {
  const int rules = (t.has_redundancy() ? 1 : 0) + (t.has_diversity() ? 1 : 0);
  if (rules != 1) {
    return Bad(source, at, "exactly one rule (redundancy or diversity) as the single factor",
               rules == 0 ? "none" : "two rules");
  }
  if (t.has_redundancy()) {
    const auto& r = t.redundancy();
    if (r.shingle_size() < 1) {
      return Bad(source, at + ".redundancy.shingle_size", ">= 1", absl::StrCat(r.shingle_size()));
    }
    if (r.threshold_denominator() < 1 || r.threshold_numerator() < 0 ||
        r.threshold_numerator() >= r.threshold_denominator()) {
      return Bad(source, at + ".redundancy.threshold_numerator",
                 "a threshold numerator / denominator in [0, 1)",
                 absl::StrCat(r.threshold_numerator(), " / ", r.threshold_denominator()));
    }
  }
  if (t.has_diversity() && t.diversity().per_file() < 1) {
    return Bad(source, at + ".diversity.per_file", ">= 1", absl::StrCat(t.diversity().per_file()));
  }
  return absl::OkStatus();
}

}  // namespace

absl::Status CheckPacking(const experiments::Packing& p, absl::string_view source) {
  if (p.unit() == experiments::PACKING_UNIT_UNSPECIFIED ||
      !experiments::PackingUnit_IsValid(p.unit())) {
    return Bad(source, "unit", "PACKING_UNIT_FUNCTION or PACKING_UNIT_FILE",
               experiments::PackingUnit_Name(p.unit()));
  }
  if (p.cost() == experiments::PACKING_COST_UNSPECIFIED ||
      !experiments::PackingCost_IsValid(p.cost())) {
    return Bad(source, "cost", "PACKING_COST_TOKENS or PACKING_COST_LINES",
               experiments::PackingCost_Name(p.cost()));
  }
  if (absl::Status s = CheckBudgetList(p, source); !s.ok()) return s;
  if (p.depth() < 1 || p.depth() > kMaxPackingDepth) {
    return Bad(source, "depth", absl::StrCat("1..", kMaxPackingDepth), absl::StrCat(p.depth()));
  }
  if (p.treatments_size() == 0) return Bad(source, "treatments", "one or more", "none");
  std::set<std::string> seen;
  for (int i = 0; i < p.treatments_size(); ++i) {
    const std::string at = absl::StrCat("treatments[", i, "]");
    if (absl::Status s = CheckTreatment(p.treatments(i), at, source); !s.ok()) return s;
    if (p.unit() == experiments::PACKING_UNIT_FILE && p.treatments(i).has_diversity()) {
      return Bad(source, at + ".diversity",
                 "no diversity rule over whole files (a file is one unit: the rule could never "
                 "change a selection)",
                 "one");
    }
    const std::string rule = p.treatments(i).has_redundancy() ? "redundancy" : "diversity";
    if (!seen.insert(rule).second) {
      return Bad(source, at, "each rule at most once", absl::StrCat("a second ", rule, " rule"));
    }
  }
  return absl::OkStatus();
}

std::vector<packing::RuleSet> PackingRules(const experiments::Packing& p) {
  std::vector<packing::RuleSet> out = {packing::RuleSet{}};
  for (const experiments::PackingTreatment& t : p.treatments()) {
    packing::RuleSet r;
    if (t.has_redundancy()) {
      r.rule = packing::Rule::kRedundancy;
    } else {
      r.rule = packing::Rule::kDiversity;
      r.per_file = t.diversity().per_file();
    }
    out.push_back(r);
  }
  return out;
}

std::vector<std::string> PackingRuleNames(const experiments::Packing& p) {
  std::vector<std::string> out;
  for (const packing::RuleSet& r : PackingRules(p)) out.push_back(packing::RuleName(r.rule));
  return out;
}

std::string PackingRowName(int64_t budget, absl::string_view rule) {
  return absl::StrCat("pack_", budget, "_", rule);
}

std::string FunnelPackedName(int64_t budget, absl::string_view rule) {
  return absl::StrCat("funnel_packed_", budget, "_", rule);
}

packing::NearDuplicateOptions NearDuplicateOptionsOf(const experiments::Packing& p) {
  packing::NearDuplicateOptions o;
  for (const experiments::PackingTreatment& t : p.treatments()) {
    if (!t.has_redundancy()) continue;
    o.shingle_size = t.redundancy().shingle_size();
    o.threshold_numerator = t.redundancy().threshold_numerator();
    o.threshold_denominator = t.redundancy().threshold_denominator();
  }
  return o;
}

}  // namespace repro::grid
