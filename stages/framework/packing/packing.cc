#include "stages/framework/packing/packing.h"

#include <algorithm>
#include <map>
#include <set>

#include "absl/strings/str_cat.h"
#include "stages/framework/packing/internal/mismatch.h"
#include "stages/framework/pipeline/status_macros.h"

namespace repro::packing {
namespace {

using internal::Mismatch;
using internal::UnitAt;

absl::Status ValidateRules(const RuleSet& r, const std::string& where) {
  const std::string w = absl::StrCat(where, ", rule ", RuleName(r.rule));
  if (r.rule == Rule::kDiversity && r.per_file < 1) {
    return Mismatch(w, "per_file", ">= 1", absl::StrCat(r.per_file));
  }
  if (r.rule != Rule::kDiversity && r.per_file != 0) {
    return Mismatch(w, "per_file", "0 (a diversity option)", absl::StrCat(r.per_file));
  }
  if (r.rule != Rule::kRedundancy && (r.same_cluster || r.only_without_new_claim)) {
    return Mismatch(w, "same_cluster, only_without_new_claim", "off (redundancy options)", "on");
  }
  return absl::OkStatus();
}

absl::Status ValidateRelations(const Unit& u, const std::set<std::string>& ids,
                               const std::string& where) {
  for (const auto* refs : {&u.near_duplicate_of, &u.unresolved_duplicate_of}) {
    const char* field =
        refs == &u.near_duplicate_of ? "near_duplicate_of" : "unresolved_duplicate_of";
    for (const std::string& other : *refs) {
      if (other == u.id) return Mismatch(where, field, "another unit", "the unit itself");
      if (ids.count(other) == 0) {
        return Mismatch(where, field, "a unit of the ranked list",
                        absl::StrCat("unknown unit '", other, "'"));
      }
    }
  }
  return absl::OkStatus();
}

// Packing state shared by the passes.
struct State {
  int64_t remaining = 0;
  std::map<std::string, const Unit*> packed;
  std::map<std::string, int> per_file;
  std::set<std::string> claims;
};

std::string RedundantWith(const Unit& u, const RuleSet& r, const State& s) {
  if (r.rule != Rule::kRedundancy) return "";
  const bool new_claim = std::any_of(u.claims.begin(), u.claims.end(),
                                     [&](const std::string& c) { return s.claims.count(c) == 0; });
  if (r.only_without_new_claim && new_claim) return "";
  for (const std::string& other : u.near_duplicate_of) {
    auto it = s.packed.find(other);
    if (it != s.packed.end() && (!r.same_cluster || it->second->cluster == u.cluster)) {
      return other;
    }
  }
  return "";
}

void Admit(const Unit& u, State& s, PackResult& out) {
  s.remaining -= u.cost;
  ++s.per_file[u.file];
  s.claims.insert(u.claims.begin(), u.claims.end());
  for (const std::string& other : u.near_duplicate_of) {
    if (s.packed.count(other))
      out.redundant_pairs.push_back(absl::StrCat("(", other, ", ", u.id, ")"));
  }
  for (const std::string& other : u.unresolved_duplicate_of) {
    if (s.packed.count(other))
      out.unresolved_pairs.push_back(absl::StrCat("(", other, ", ", u.id, ")"));
  }
  s.packed[u.id] = &u;
  out.packed.push_back(u.id);
}

Decision Decide(const Unit& u, int pass, const RuleSet& r, State& s, PackResult& out) {
  Decision d;
  d.id = u.id;
  d.cost = u.cost;
  d.remaining_before = s.remaining;
  d.pass = pass;
  d.redundant_with = RedundantWith(u, r, s);
  const bool over_quota =
      r.rule == Rule::kDiversity && pass == 1 && s.per_file[u.file] >= r.per_file;
  if (!d.redundant_with.empty()) {
    d.reason = Reason::kRedundant;
  } else if (over_quota) {
    d.reason = Reason::kFileQuota;
  } else if (u.cost > s.remaining) {
    d.reason = pass == 2 ? Reason::kFileQuota : Reason::kDoesNotFit;
  } else {
    d.reason = Reason::kPacked;
    Admit(u, s, out);
  }
  return d;
}

template <typename Get>
std::vector<std::string> SortedDistinct(const std::vector<const Unit*>& units, Get get) {
  std::set<std::string> values;
  for (const Unit* u : units) {
    if (!get(*u).empty()) values.insert(get(*u));
  }
  return {values.begin(), values.end()};
}

}  // namespace

const char* RuleName(Rule rule) {
  switch (rule) {
    case Rule::kGreedy:
      return "greedy";
    case Rule::kRedundancy:
      return "redundancy";
    case Rule::kDiversity:
      return "diversity";
  }
  return "unknown";
}

std::string ReasonText(const Decision& d) {
  switch (d.reason) {
    case Reason::kPacked:
      return "packed";
    case Reason::kDoesNotFit:
      return "does not fit";
    case Reason::kRedundant:
      return absl::StrCat("redundant with ", d.redundant_with);
    case Reason::kFileQuota:
      return "file quota";
  }
  return "unknown";
}

absl::Status ValidateUnits(const std::vector<Unit>& units, const std::string& where) {
  std::set<std::string> ids;
  for (size_t i = 0; i < units.size(); ++i) {
    const Unit& u = units[i];
    const std::string w = UnitAt(where, static_cast<int>(i), u.id);
    if (u.id.empty()) return Mismatch(w, "id", "a non-empty id", "empty");
    if (!ids.insert(u.id).second) return Mismatch(w, "id", "a unique id", "a repeat");
    if (u.cost < 0) return Mismatch(w, "cost", ">= 0", absl::StrCat(u.cost));
  }
  for (size_t i = 0; i < units.size(); ++i) {
    RETURN_IF_ERROR(
        ValidateRelations(units[i], ids, UnitAt(where, static_cast<int>(i), units[i].id)));
  }
  return absl::OkStatus();
}

absl::StatusOr<PackResult> Pack(const std::vector<Unit>& units, int64_t budget,
                                const RuleSet& rules, const std::string& where) {
  if (budget < 0) return Mismatch(where, "budget", ">= 0", absl::StrCat(budget));
  RETURN_IF_ERROR(ValidateRules(rules, where));
  RETURN_IF_ERROR(ValidateUnits(units, where));
  for (size_t i = 0; rules.rule == Rule::kDiversity && i < units.size(); ++i) {
    if (units[i].file.empty()) {
      return Mismatch(UnitAt(where, static_cast<int>(i), units[i].id), "file",
                      "a file (the diversity rule counts units per file)", "empty");
    }
  }
  PackResult out;
  out.rules = rules;
  out.budget = budget;
  State s;
  s.remaining = budget;
  std::vector<size_t> deferred;
  for (size_t i = 0; i < units.size(); ++i) {
    out.decisions.push_back(Decide(units[i], 1, rules, s, out));
    if (out.decisions.back().reason == Reason::kFileQuota) deferred.push_back(i);
  }
  for (size_t i : deferred) out.decisions[i] = Decide(units[i], 2, rules, s, out);
  out.used = budget - s.remaining;
  out.left = s.remaining;
  out.claims_covered.assign(s.claims.begin(), s.claims.end());
  std::vector<const Unit*> packed;
  for (const std::string& id : out.packed) packed.push_back(s.packed.at(id));
  out.files = SortedDistinct(packed, [](const Unit& u) { return u.file; });
  out.clusters = SortedDistinct(packed, [](const Unit& u) { return u.cluster; });
  return out;
}

int CountCovered(const std::vector<std::string>& covered, const std::vector<std::string>& gold) {
  const std::set<std::string> in(covered.begin(), covered.end());
  const std::set<std::string> distinct_gold(gold.begin(), gold.end());
  return static_cast<int>(std::count_if(distinct_gold.begin(), distinct_gold.end(),
                                        [&](const std::string& g) { return in.count(g) > 0; }));
}

}  // namespace repro::packing
