#include "stages/studies/w04/packing.h"

#include <algorithm>
#include <set>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "stages/framework/packing/single_factor.h"
#include "stages/framework/pipeline/status_macros.h"
#include "stages/studies/w04/condition_pair.h"

namespace repro::w04 {
namespace {

std::string Where(const std::string& file, const PackingCondition& c, int i) {
  return absl::StrCat(file, ": condition '", c.name(), "', passage ", i + 1, " (candidate ",
                      c.passages(i).candidate_id(), ")");
}

absl::Status Mismatch(const std::string& where, const std::string& field,
                      const std::string& expected, const std::string& found) {
  return absl::InvalidArgumentError(
      absl::StrCat(where, ", field ", field, ": expected ", expected, ", found ", found));
}

std::string List(const google::protobuf::RepeatedPtrField<std::string>& v) {
  return absl::StrCat("[", absl::StrJoin(v, ", "), "]");
}

absl::Status ValidateCondition(const PackingCondition& c, const PackingCase& pc,
                               const std::vector<std::string>& order, const std::string& file) {
  if (c.budget() < 0) {
    return Mismatch(absl::StrCat(file, ": condition '", c.name(), "'"), "budget", ">= 0",
                    absl::StrCat(c.budget()));
  }
  std::set<std::string> claim_ids;
  for (const MaterialClaim& m : pc.claims()) claim_ids.insert(m.id());
  std::set<std::string> pool(order.begin(), order.end());
  std::set<std::string> seen;
  for (int i = 0; i < c.passages_size(); ++i) {
    const LedgerPassage& p = c.passages(i);
    const std::string where = Where(file, c, i);
    if (pool.count(p.candidate_id()) == 0) {
      return Mismatch(where, "candidate_id", "a member of the candidate pool",
                      absl::StrCat("unknown id '", p.candidate_id(), "'"));
    }
    if (!seen.insert(p.candidate_id()).second) {
      return Mismatch(where, "candidate_id", "a unique id", "a duplicate");
    }
    if (p.cost() < 0) return Mismatch(where, "cost", ">= 0", absl::StrCat(p.cost()));
    for (const std::string& claim : p.claims()) {
      if (claim_ids.count(claim) == 0) {
        return Mismatch(where, "claims", "a declared claim id", absl::StrCat("'", claim, "'"));
      }
    }
    if (p.dependency_cluster().empty())
      return Mismatch(where, "dependency_cluster", "a cluster", "empty");
    if (p.redundancy_status() == REDUNDANCY_STATUS_UNSPECIFIED) {
      return Mismatch(where, "redundancy_status", "DECLARED or UNRESOLVED", "unspecified");
    }
    for (const auto* refs : {&p.near_duplicate_of(), &p.unresolved_duplicate_of()}) {
      for (const std::string& dup : *refs) {
        if (seen.count(dup) == 0 || dup == p.candidate_id()) {
          return Mismatch(
              where,
              refs == &p.near_duplicate_of() ? "near_duplicate_of" : "unresolved_duplicate_of",
              "an earlier passage in the order", absl::StrCat("'", dup, "'"));
        }
      }
    }
  }
  std::vector<std::string> ids;
  for (const LedgerPassage& p : c.passages()) ids.push_back(p.candidate_id());
  if (ids != order) {
    return Mismatch(absl::StrCat(file, ": condition '", c.name(), "'"), "passages (order)",
                    absl::StrCat("the reranked order [", absl::StrJoin(order, ", "), "]"),
                    absl::StrCat("[", absl::StrJoin(ids, ", "), "]"));
  }
  return absl::OkStatus();
}

// Everything but the rule list must be equal between the two conditions.
absl::Status ProveSingleFactor(const PackingCase& pc, const std::string& file) {
  const PackingCondition& b = pc.baseline();
  const PackingCondition& t = pc.treatment();
  const std::string tw = absl::StrCat(file, ": condition '", t.name(), "'");
  if (b.budget() != t.budget()) {
    return Mismatch(tw, "budget", absl::StrCat(b.budget(), " (as in '", b.name(), "')"),
                    absl::StrCat(t.budget()));
  }
  for (int i = 0; i < t.passages_size(); ++i) {
    const LedgerPassage& x = b.passages(i);
    const LedgerPassage& y = t.passages(i);
    const std::string where = Where(file, t, i);
    if (x.cost() != y.cost()) {
      return Mismatch(where, "cost", absl::StrCat(x.cost(), " (as in '", b.name(), "')"),
                      absl::StrCat(y.cost()));
    }
    if (List(x.claims()) != List(y.claims())) {
      return Mismatch(where, "claims", List(x.claims()), List(y.claims()));
    }
    if (x.origin() != y.origin()) return Mismatch(where, "origin", x.origin(), y.origin());
    if (x.dependency_cluster() != y.dependency_cluster()) {
      return Mismatch(where, "dependency_cluster", x.dependency_cluster(), y.dependency_cluster());
    }
    if (List(x.near_duplicate_of()) != List(y.near_duplicate_of())) {
      return Mismatch(where, "near_duplicate_of", List(x.near_duplicate_of()),
                      List(y.near_duplicate_of()));
    }
    if (List(x.unresolved_duplicate_of()) != List(y.unresolved_duplicate_of())) {
      return Mismatch(where, "unresolved_duplicate_of", List(x.unresolved_duplicate_of()),
                      List(y.unresolved_duplicate_of()));
    }
    if (x.redundancy_status() != y.redundancy_status()) {
      return Mismatch(where, "redundancy_status", RedundancyStatus_Name(x.redundancy_status()),
                      RedundancyStatus_Name(y.redundancy_status()));
    }
  }
  // Single factor: the treatment is the baseline plus exactly the declared
  // rule, which the baseline must not already apply (adding a rule twice
  // changes nothing), and neither list repeats a rule.
  const std::string bw = absl::StrCat(file, ": condition '", b.name(), "'");
  for (const PackingCondition* c : {&b, &t}) {
    for (int i = 0; i < c->rules_size(); ++i) {
      for (int j = 0; j < i; ++j) {
        if (c->rules(i) == c->rules(j)) {
          return Mismatch(c == &b ? bw : tw, "rules", "each rule once",
                          absl::StrCat(List(c->rules()), " (", c->rules(i), " twice)"));
        }
      }
    }
  }
  if (std::find(b.rules().begin(), b.rules().end(), pc.declared_rule()) != b.rules().end()) {
    return Mismatch(bw, "rules",
                    absl::StrCat("the baseline without the declared rule ", pc.declared_rule()),
                    List(b.rules()));
  }
  std::vector<std::string> added(t.rules().begin(), t.rules().end());
  for (const std::string& r : b.rules()) {
    auto it = std::find(added.begin(), added.end(), r);
    if (it == added.end()) {
      return Mismatch(tw, "rules", absl::StrCat("the baseline rules plus ", pc.declared_rule()),
                      List(t.rules()));
    }
    added.erase(it);
  }
  if (added.size() != 1 || added[0] != pc.declared_rule()) {
    return Mismatch(
        tw, "rules",
        absl::StrCat("baseline rules ", List(b.rules()), " plus exactly ", pc.declared_rule()),
        List(t.rules()));
  }
  for (const std::string& r : t.rules()) {
    if (r != kRuleRedundant) {
      return Mismatch(tw, "rules", absl::StrCat("a known rule (", kRuleRedundant, ")"), r);
    }
  }
  return absl::OkStatus();
}

packing::Unit ToUnit(const LedgerPassage& p) {
  packing::Unit u;
  u.id = p.candidate_id();
  u.cost = p.cost();
  u.file = p.origin();
  u.claims.assign(p.claims().begin(), p.claims().end());
  u.cluster = p.dependency_cluster();
  // An UNRESOLVED passage's relations never skip: they go with the unresolved.
  auto& relations =
      p.redundancy_status() == DECLARED ? u.near_duplicate_of : u.unresolved_duplicate_of;
  relations.assign(p.near_duplicate_of().begin(), p.near_duplicate_of().end());
  u.unresolved_duplicate_of.insert(u.unresolved_duplicate_of.end(),
                                   p.unresolved_duplicate_of().begin(),
                                   p.unresolved_duplicate_of().end());
  return u;
}

// R-REDUNDANT-NO-NEW-CLAIM is the library's redundancy rule narrowed to a
// packed duplicate in the same dependency cluster and a passage that adds no
// new claim.
packing::Condition ToCondition(const PackingCondition& c) {
  packing::Condition out;
  out.name = c.name();
  out.budget = c.budget();
  if (std::find(c.rules().begin(), c.rules().end(), kRuleRedundant) != c.rules().end()) {
    out.rules = packing::RuleSet{packing::Rule::kRedundancy, true, true, 0};
  }
  for (const LedgerPassage& p : c.passages()) out.units.push_back(ToUnit(p));
  return out;
}

void AddDecision(const packing::Decision& d, const std::string& cluster, PackingRun& run) {
  PackDecision* out = run.add_decisions();
  out->set_candidate_id(d.id);
  out->set_cost(static_cast<int32_t>(d.cost));
  out->set_remaining_before(static_cast<int32_t>(d.remaining_before));
  switch (d.reason) {
    case packing::Reason::kPacked:
      out->set_selected(true);
      out->set_reason(kReasonSelected);
      out->set_detail(absl::StrCat("remaining after: ", d.remaining_before - d.cost));
      return;
    case packing::Reason::kRedundant:
      out->set_reason(kRuleRedundant);
      out->set_detail(absl::StrCat("near-duplicate of selected ", d.redundant_with, " in cluster ",
                                   cluster, "; adds no new material claim"));
      return;
    case packing::Reason::kDoesNotFit:
    case packing::Reason::kFileQuota:  // W04 declares no diversity rule
      out->set_reason(kReasonDoesNotFit);
      out->set_detail(absl::StrCat("cost ", d.cost, " > remaining ", d.remaining_before));
      return;
  }
}

PackingRun ToRun(const PackingCondition& c, const packing::PackResult& r, int claims_total) {
  PackingRun run;
  run.set_condition(c.name());
  *run.mutable_rules() = c.rules();
  run.set_budget(c.budget());
  for (size_t i = 0; i < r.decisions.size(); ++i) {
    AddDecision(r.decisions[i], c.passages(static_cast<int>(i)).dependency_cluster(), run);
  }
  for (const std::string& id : r.packed) run.add_selected(id);
  for (const std::string& pair : r.redundant_pairs) run.add_redundant_pairs(pair);
  for (const std::string& pair : r.unresolved_pairs) run.add_unresolved_pairs(pair);
  run.set_cost(static_cast<int32_t>(r.used));
  run.set_unused(static_cast<int32_t>(r.left));
  for (const std::string& m : r.claims_covered) run.add_claims_covered(m);
  run.set_claims_total(claims_total);
  run.set_coverage(claims_total > 0 ? static_cast<double>(r.claims_covered.size()) / claims_total
                                    : 0.0);
  for (const std::string& k : r.clusters) run.add_clusters(k);
  return run;
}

}  // namespace

absl::StatusOr<PackingResult> EvaluatePacking(const PackingCase& pc,
                                              const std::vector<std::string>& order,
                                              const std::string& file) {
  if (pc.declared_rule() != kRuleRedundant) {
    return Mismatch(file, "declared_rule", kRuleRedundant, pc.declared_rule());
  }
  RETURN_IF_ERROR(CheckConditionPair(pc.has_baseline(), pc.baseline().name(), pc.has_treatment(),
                                     pc.treatment().name(), file));
  std::set<std::string> claim_ids;
  for (const MaterialClaim& m : pc.claims()) {
    if (m.id().empty() || !claim_ids.insert(m.id()).second) {
      return Mismatch(file, "claims", "unique non-empty claim ids", absl::StrCat("'", m.id(), "'"));
    }
  }
  for (const PackingCondition* c : {&pc.baseline(), &pc.treatment()}) {
    RETURN_IF_ERROR(ValidateCondition(*c, pc, order, file));
  }
  RETURN_IF_ERROR(ProveSingleFactor(pc, file));

  PackingResult out;
  out.set_declared_rule(pc.declared_rule());
  for (const std::string& id : order) out.add_order(id);
  out.set_fixed_order_proof(
      absl::StrCat("both conditions pack the reranked order [", absl::StrJoin(order, ", "),
                   "] under B = ", pc.baseline().budget(),
                   " with identical costs, claims, origins, clusters and redundancy labels; "
                   "the treatment adds only ",
                   pc.declared_rule()));
  ASSIGN_OR_RETURN(
      const packing::Comparison packed,
      packing::CompareSingleFactor(ToCondition(pc.baseline()), ToCondition(pc.treatment()),
                                   {packing::Rule::kRedundancy}, file));
  *out.mutable_baseline() = ToRun(pc.baseline(), packed.baseline, pc.claims_size());
  *out.mutable_treatment() = ToRun(pc.treatment(), packed.treatment, pc.claims_size());
  out.set_delta_coverage(out.treatment().coverage() - out.baseline().coverage());
  out.set_delta_clusters(out.treatment().clusters_size() - out.baseline().clusters_size());
  out.set_delta_redundant_pairs(out.treatment().redundant_pairs_size() -
                                out.baseline().redundant_pairs_size());
  return out;
}

}  // namespace repro::w04
