#include "stages/framework/packing/single_factor.h"

#include "absl/strings/str_cat.h"
#include "stages/framework/packing/internal/mismatch.h"
#include "stages/framework/pipeline/status_macros.h"

namespace repro::packing {
namespace {

using internal::List;
using internal::Mismatch;
using internal::UnitAt;

std::string In(const std::string& where, const Condition& c) {
  return absl::StrCat(where, ": condition '", c.name, "'");
}

std::string AsIn(const std::string& value, const Condition& c) {
  return absl::StrCat(value, " (as in '", c.name, "')");
}

absl::Status CheckRules(const Condition& b, const Condition& t, const std::vector<Rule>& declared,
                        const std::string& where) {
  std::vector<std::string> names;
  for (Rule r : declared) names.push_back(RuleName(r));
  if (declared.size() != 1) {
    return Mismatch(absl::StrCat(where, ": declared factor"), "rules",
                    "exactly one rule as the single factor", List(names));
  }
  if (declared[0] == Rule::kGreedy) {
    return Mismatch(absl::StrCat(where, ": declared factor"), "rules",
                    "a treatment rule (redundancy or diversity)", names[0]);
  }
  if (b.rules.rule != Rule::kGreedy) {
    return Mismatch(In(where, b), "rule", "greedy (the baseline)", RuleName(b.rules.rule));
  }
  if (t.rules.rule != declared[0]) {
    return Mismatch(In(where, t), "rule", absl::StrCat("the declared ", names[0]),
                    RuleName(t.rules.rule));
  }
  return absl::OkStatus();
}

absl::Status CheckUnit(const Unit& x, const Unit& y, const Condition& b, const std::string& w) {
  if (x.id != y.id) return Mismatch(w, "id (order)", AsIn(x.id, b), y.id);
  if (x.cost != y.cost) {
    return Mismatch(w, "cost", AsIn(absl::StrCat(x.cost), b), absl::StrCat(y.cost));
  }
  if (x.file != y.file) return Mismatch(w, "file", AsIn(x.file, b), y.file);
  if (x.claims != y.claims) return Mismatch(w, "claims", AsIn(List(x.claims), b), List(y.claims));
  if (x.cluster != y.cluster) return Mismatch(w, "cluster", AsIn(x.cluster, b), y.cluster);
  if (x.near_duplicate_of != y.near_duplicate_of) {
    return Mismatch(w, "near_duplicate_of", AsIn(List(x.near_duplicate_of), b),
                    List(y.near_duplicate_of));
  }
  if (x.unresolved_duplicate_of != y.unresolved_duplicate_of) {
    return Mismatch(w, "unresolved_duplicate_of", AsIn(List(x.unresolved_duplicate_of), b),
                    List(y.unresolved_duplicate_of));
  }
  return absl::OkStatus();
}

}  // namespace

absl::Status CheckSingleFactor(const Condition& b, const Condition& t,
                               const std::vector<Rule>& declared, const std::string& where) {
  if (b.name.empty() || b.name == t.name) {
    return Mismatch(absl::StrCat(where, ": conditions"), "name", "two different non-empty names",
                    absl::StrCat("'", b.name, "' and '", t.name, "'"));
  }
  RETURN_IF_ERROR(CheckRules(b, t, declared, where));
  if (b.budget != t.budget) {
    return Mismatch(In(where, t), "budget", AsIn(absl::StrCat(b.budget), b),
                    absl::StrCat(t.budget));
  }
  if (b.units.size() != t.units.size()) {
    return Mismatch(In(where, t), "units (count)", AsIn(absl::StrCat(b.units.size()), b),
                    absl::StrCat(t.units.size()));
  }
  for (size_t i = 0; i < t.units.size(); ++i) {
    RETURN_IF_ERROR(CheckUnit(b.units[i], t.units[i], b,
                              UnitAt(In(where, t), static_cast<int>(i), t.units[i].id)));
  }
  return absl::OkStatus();
}

absl::StatusOr<Comparison> CompareSingleFactor(const Condition& baseline,
                                               const Condition& treatment,
                                               const std::vector<Rule>& declared,
                                               const std::string& where) {
  RETURN_IF_ERROR(CheckSingleFactor(baseline, treatment, declared, where));
  Comparison out;
  ASSIGN_OR_RETURN(out.baseline,
                   Pack(baseline.units, baseline.budget, baseline.rules, In(where, baseline)));
  ASSIGN_OR_RETURN(out.treatment,
                   Pack(treatment.units, treatment.budget, treatment.rules, In(where, treatment)));
  return out;
}

}  // namespace repro::packing
