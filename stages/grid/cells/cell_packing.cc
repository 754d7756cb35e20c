#include "stages/grid/cells/cell_packing.h"

#include <algorithm>
#include <map>
#include <set>
#include <utility>

#include "absl/strings/str_cat.h"
#include "stages/framework/packing/near_duplicates.h"
#include "stages/framework/packing/packing.h"
#include "stages/framework/packing/single_factor.h"
#include "stages/framework/pipeline/status_macros.h"
#include "stages/grid/packing_config.h"

namespace repro::grid {
namespace {

bool HasRedundancy(const experiments::Packing& p) {
  return std::any_of(p.treatments().begin(), p.treatments().end(),
                     [](const experiments::PackingTreatment& t) { return t.has_redundancy(); });
}

// Step 1: the units above every budget, counted; a stop unless declared kept.
absl::Status CheckUnitsFit(const std::vector<PoolEntry>& pool, int64_t largest, bool keep,
                           const std::string& where, ConditionOutcome* outcome) {
  for (const PoolEntry& e : pool) {
    if (e.unit.cost <= largest) continue;
    outcome->set_units_above_every_budget(outcome->units_above_every_budget() + 1);
    if (!keep) {
      return absl::InvalidArgumentError(
          absl::StrCat(where, ", unit ", e.unit.id, " (rank ", e.rank,
                       "), field cost: expected at most the largest budget ", largest,
                       " (a unit above every budget can never be packed), found ", e.unit.cost,
                       " (declare packing.keep_units_above_every_budget to keep such units)"));
    }
  }
  return absl::OkStatus();
}

// Step 2: the relations as data on the units; the similarity of each.
absl::StatusOr<std::map<std::pair<std::string, std::string>, std::string>> AddNearDuplicates(
    const experiments::Packing& p, std::vector<PoolEntry>& pool, std::vector<packing::Unit>& units,
    const std::string& where) {
  std::map<std::pair<std::string, std::string>, std::string> similarity;  // (later, earlier)
  if (!HasRedundancy(p)) return similarity;
  std::vector<packing::UnitText> texts;
  for (const PoolEntry& e : pool) texts.push_back({e.unit.id, e.text});
  ASSIGN_OR_RETURN(const std::vector<packing::Relation> relations,
                   packing::FindNearDuplicates(texts, NearDuplicateOptionsOf(p), where));
  RETURN_IF_ERROR(packing::ApplyNearDuplicates(relations, units, where));
  for (const packing::Relation& r : relations) {
    const std::string s = r.kind == packing::Similarity::kEqualNormalized
                              ? "equal"
                              : absl::StrCat(r.shared, "/", r.total);
    similarity[{r.later, r.earlier}] = s;
    similarity[{r.earlier, r.later}] = s;
  }
  return similarity;
}

void DescribePool(const std::vector<PoolEntry>& pool, const std::vector<packing::Unit>& units,
                  const std::map<std::pair<std::string, std::string>, std::string>& similarity,
                  ConditionOutcome* outcome) {
  for (size_t i = 0; i < pool.size(); ++i) {
    PoolUnit* u = outcome->add_packing_pool();
    u->set_rank(pool[i].rank);
    u->set_id(units[i].id);
    u->set_file(units[i].file);
    u->set_cost(units[i].cost);
    u->set_sha256(pool[i].sha256);
    for (const std::string& c : units[i].claims) u->add_claims(c);
    for (const std::string& d : units[i].near_duplicate_of) {
      u->add_near_duplicate_of(d);
      u->add_similarity(similarity.at({units[i].id, d}));
    }
  }
}

std::vector<std::string> GoldFunctionIds(const GoldLabels& gold) {
  std::set<std::string> ids;
  for (const auto& [path, function] : gold.functions) ids.insert(FunctionId(path, function));
  return {ids.begin(), ids.end()};
}

PackingResult Describe(const packing::PackResult& r, const char* condition,
                       const std::vector<std::string>& gold_functions, const GoldLabels& gold) {
  PackingResult out;
  out.set_budget(r.budget);
  out.set_rule(packing::RuleName(r.rules.rule));
  out.set_condition(condition);
  const std::set<std::string> gold_files(gold.files.begin(), gold.files.end());
  out.set_gold_functions(static_cast<int32_t>(gold_functions.size()));
  out.set_gold_functions_covered(packing::CountCovered(r.claims_covered, gold_functions));
  out.set_gold_files(static_cast<int32_t>(gold_files.size()));
  out.set_gold_files_covered(packing::CountCovered(
      r.files, std::vector<std::string>(gold_files.begin(), gold_files.end())));
  out.set_used(r.used);
  out.set_left(r.left);
  out.set_units_packed(static_cast<int32_t>(r.packed.size()));
  out.set_redundant_pairs(static_cast<int32_t>(r.redundant_pairs.size()));
  out.set_distinct_files(static_cast<int32_t>(r.files.size()));
  for (const packing::Decision& d : r.decisions) {
    switch (d.reason) {
      case packing::Reason::kPacked:
        continue;
      case packing::Reason::kDoesNotFit:
        out.set_skipped_does_not_fit(out.skipped_does_not_fit() + 1);
        break;
      case packing::Reason::kRedundant:
        out.set_skipped_redundant(out.skipped_redundant() + 1);
        break;
      case packing::Reason::kFileQuota:
        out.set_skipped_file_quota(out.skipped_file_quota() + 1);
        break;
    }
    out.add_skipped(absl::StrCat(d.id, "\t", packing::ReasonText(d)));
  }
  for (const std::string& id : r.packed) out.add_packed(id);
  return out;
}

// Step 3: every budget's baseline and treatments, in report order.
absl::StatusOr<std::vector<packing::PackResult>> PackAll(const experiments::Packing& p,
                                                         const std::vector<packing::Unit>& units,
                                                         const std::string& where) {
  const std::vector<packing::RuleSet> rules = PackingRules(p);
  std::vector<packing::PackResult> out;
  for (const int64_t budget : p.budgets()) {
    const std::string at = absl::StrCat(where, ", budget ", budget);
    const packing::Condition baseline{"baseline", units, budget, rules[0]};
    for (size_t i = 1; i < rules.size(); ++i) {
      const packing::Condition treatment{"treatment", units, budget, rules[i]};
      ASSIGN_OR_RETURN(packing::Comparison c,
                       packing::CompareSingleFactor(baseline, treatment, {rules[i].rule}, at));
      if (i == 1) out.push_back(std::move(c.baseline));
      out.push_back(std::move(c.treatment));
    }
  }
  return out;
}

// The 1-based rank of each function id among the distinct ids of `ranked`.
std::map<std::string, int> DistinctRanks(const retrieval::HarnessResult& ranked) {
  std::map<std::string, int> rank;
  for (const retrieval::RankedFunction& f : ranked.functions()) {
    rank.emplace(FunctionId(f.path(), f.function()), static_cast<int>(rank.size()) + 1);
  }
  return rank;
}

int RankOf(const std::map<std::string, int>& ranks, const std::string& id) {
  auto it = ranks.find(id);
  return it == ranks.end() ? 0 : it->second;
}

// Step 4.
void AddFunnel(const std::vector<std::string>& gold_functions,
               const std::vector<packing::Unit>& units,
               const std::vector<packing::PackResult>& results,
               const retrieval::HarnessResult& ranked, const retrieval::HarnessResult* first_stage,
               ConditionOutcome* outcome) {
  const std::map<std::string, int> ranks = DistinctRanks(ranked);
  const std::map<std::string, int> first_ranks =
      first_stage ? DistinctRanks(*first_stage) : std::map<std::string, int>();
  std::set<std::string> in_pool;
  for (const packing::Unit& u : units) in_pool.insert(u.claims.begin(), u.claims.end());
  for (const std::string& g : gold_functions) {
    GoldFunctionState* s = outcome->add_funnel();
    s->set_function(g);
    s->set_rank(RankOf(ranks, g));
    if (first_stage) s->set_rank_before_rerank(RankOf(first_ranks, g));
    s->set_above_cutoff(s->rank() > 0 && s->rank() <= kFunnelCutoff);
    s->set_in_packing_pool(in_pool.count(g) > 0);
    for (const packing::PackResult& r : results) {
      s->add_packed(std::binary_search(r.claims_covered.begin(), r.claims_covered.end(), g));
    }
    s->set_used_in_answer(kNotEvaluated);
  }
}

}  // namespace

absl::Status PackCell(const experiments::Packing& packing, std::vector<PoolEntry> pool,
                      const GoldLabels& gold, const retrieval::HarnessResult& ranked,
                      const retrieval::HarnessResult* first_stage, const std::string& where,
                      ConditionOutcome* outcome) {
  RETURN_IF_ERROR(CheckUnitsFit(pool, packing.budgets(packing.budgets_size() - 1),
                                packing.keep_units_above_every_budget(), where, outcome));
  std::vector<packing::Unit> units;
  for (const PoolEntry& e : pool) units.push_back(e.unit);
  ASSIGN_OR_RETURN(const auto similarity, AddNearDuplicates(packing, pool, units, where));
  RETURN_IF_ERROR(packing::ValidateUnits(units, where));
  DescribePool(pool, units, similarity, outcome);
  ASSIGN_OR_RETURN(const std::vector<packing::PackResult> results, PackAll(packing, units, where));
  const std::vector<std::string> gold_functions = GoldFunctionIds(gold);
  for (size_t i = 0; i < results.size(); ++i) {
    const bool baseline = results[i].rules.rule == packing::Rule::kGreedy;
    *outcome->add_packing() =
        Describe(results[i], baseline ? "baseline" : "treatment", gold_functions, gold);
  }
  AddFunnel(gold_functions, units, results, ranked, first_stage, outcome);
  return absl::OkStatus();
}

}  // namespace repro::grid
