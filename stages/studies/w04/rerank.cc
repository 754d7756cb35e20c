#include "stages/studies/w04/rerank.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <set>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "stages/framework/metrics/qrels.h"
#include "stages/framework/metrics/ranking_metrics.h"
#include "stages/framework/pipeline/status_macros.h"
#include "stages/studies/w04/condition_pair.h"

namespace repro::w04 {

// The largest grade a case may declare (see EvaluateRerank).
constexpr int kMaxGain = 30;
namespace {

using metrics::Gain;

// Candidate id -> record index in its condition.
using CandidateIndex = std::map<std::string, int>;

std::string Where(const std::string& file, const RankingCondition& c, int index,
                  const CandidateRecord& r) {
  return absl::StrCat(file, ": condition '", c.name(), "', record ", index + 1, " (candidate ",
                      r.candidate_id(), ")");
}

// Checks one condition on its own: ids present and unique, gains in range,
// scores finite. Returns id -> record index.
absl::StatusOr<std::map<std::string, int>> IndexCondition(const RankingCondition& c, int max_gain,
                                                          const std::string& file) {
  if (c.name().empty()) {
    return absl::InvalidArgumentError(absl::StrCat(file, ": a condition has no name"));
  }
  std::map<std::string, int> index;
  for (int i = 0; i < c.records_size(); ++i) {
    const CandidateRecord& r = c.records(i);
    if (r.candidate_id().empty()) {
      return absl::InvalidArgumentError(
          absl::StrCat(Where(file, c, i, r), ", field candidate_id: empty"));
    }
    if (r.version_hash().empty()) {
      return absl::InvalidArgumentError(
          absl::StrCat(Where(file, c, i, r), ", field version_hash: empty"));
    }
    if (r.gain() < 0 || r.gain() > max_gain) {
      return absl::InvalidArgumentError(absl::StrCat(
          Where(file, c, i, r), ", field gain: expected 0..", max_gain, ", found ", r.gain()));
    }
    if (!std::isfinite(r.score())) {
      return absl::InvalidArgumentError(
          absl::StrCat(Where(file, c, i, r), ", field score: not a finite number"));
    }
    auto [it, inserted] = index.emplace(r.candidate_id(), i);
    if (!inserted) {
      return absl::InvalidArgumentError(absl::StrCat(
          Where(file, c, i, r), ", field candidate_id: duplicate of record ", it->second + 1));
    }
  }
  if (index.empty()) {
    return absl::InvalidArgumentError(
        absl::StrCat(file, ": condition '", c.name(), "' has no records"));
  }
  return index;
}

// The fixed-pool proof: equal id sets and counts, equal version hashes and gains.
absl::Status ProveFixedPool(const RankingCondition& base,
                            const std::map<std::string, int>& base_index,
                            const RankingCondition& treat,
                            const std::map<std::string, int>& treat_index,
                            const std::string& file) {
  for (const auto& [id, i] : treat_index) {
    if (base_index.count(id) == 0) {
      return absl::InvalidArgumentError(absl::StrCat(
          Where(file, treat, i, treat.records(i)),
          ", field candidate_id: expected a member of the baseline pool {",
          absl::StrJoin(base_index, ", ",
                        [](std::string* out, const auto& kv) { out->append(kv.first); }),
          "}, found ", id, " only after treatment: the pool is not fixed"));
    }
  }
  for (const auto& [id, i] : base_index) {
    if (treat_index.count(id) == 0) {
      return absl::InvalidArgumentError(
          absl::StrCat(Where(file, base, i, base.records(i)), ": candidate ", id,
                       " is missing from condition '", treat.name(), "': the pool is not fixed"));
    }
  }
  for (const auto& [id, bi] : base_index) {
    const CandidateRecord& b = base.records(bi);
    const int ti = treat_index.at(id);
    const CandidateRecord& t = treat.records(ti);
    if (b.version_hash() != t.version_hash()) {
      return absl::InvalidArgumentError(
          absl::StrCat(Where(file, treat, ti, t), ", field version_hash: expected '",
                       b.version_hash(), "' (as in condition '", base.name(), "'), found '",
                       t.version_hash(), "': a changed passage or a reused id"));
    }
    if (b.gain() != t.gain()) {
      return absl::InvalidArgumentError(
          absl::StrCat(Where(file, treat, ti, t), ", field gain: expected ", b.gain(),
                       " (as in condition '", base.name(), "'), found ", t.gain()));
    }
  }
  return absl::OkStatus();
}

absl::StatusOr<ConditionMetrics> Measure(const RankingCondition& c, const RerankCase& rc,
                                         const metrics::Qrels& qrels) {
  std::vector<metrics::ScoredDoc> docs;
  std::map<std::string, const CandidateRecord*> by_id;
  for (const CandidateRecord& r : c.records()) {
    docs.push_back({r.candidate_id(), r.score()});
    by_id[r.candidate_id()] = &r;
  }
  ASSIGN_OR_RETURN(const metrics::Run run, metrics::OrderByScore(std::move(docs)));
  ConditionMetrics m;
  m.set_condition(c.name());
  for (size_t i = 0; i < run.size(); ++i) {
    const CandidateRecord& r = *by_id.at(run[i]);
    RankedEntry* e = m.add_order();
    e->set_rank(static_cast<int>(i) + 1);
    e->set_candidate_id(r.candidate_id());
    e->set_score(r.score());
    e->set_gain(r.gain());
  }
  ASSIGN_OR_RETURN(const double dcg, metrics::DcgAtK(run, qrels, rc.cutoff(), Gain::kExponential));
  ASSIGN_OR_RETURN(const double ndcg,
                   metrics::NdcgAtK(run, qrels, rc.cutoff(), Gain::kExponential));
  m.set_dcg(dcg);
  m.set_ndcg(ndcg);
  for (int k : rc.recall_cutoffs()) {
    ASSIGN_OR_RETURN(const int hits, metrics::RelevantInTopK(run, qrels, k));
    ASSIGN_OR_RETURN(const double recall, metrics::RecallAtK(run, qrels, k));
    RecallValue* v = m.add_recall();
    v->set_k(k);
    v->set_relevant_retrieved(hits);
    v->set_relevant_total(qrels.NumRelevant());
    v->set_recall(recall);
  }
  return m;
}

// The case's scalar fields: pool_id, cutoff, max_gain, recall_cutoffs.
absl::Status CheckCaseFields(const RerankCase& rc, const std::string& file) {
  if (rc.pool_id().empty()) {
    return absl::InvalidArgumentError(absl::StrCat(file, ": pool_id is empty"));
  }
  if (rc.cutoff() < 1) {
    return absl::InvalidArgumentError(
        absl::StrCat(file, ": field cutoff: expected >= 1, found ", rc.cutoff()));
  }
  // Exponential gain 2^g - 1 is exact in a double up to g = 53 and a sum of a
  // pool's gains stays finite far beyond; 30 leaves room for any pool size.
  if (rc.max_gain() < 1 || rc.max_gain() > kMaxGain) {
    return absl::InvalidArgumentError(
        absl::StrCat(file, ": field max_gain: expected 1..", kMaxGain,
                     " (gain 2^g - 1 must stay exact and finite), found ", rc.max_gain()));
  }
  std::set<int> seen_cutoffs;
  for (int k : rc.recall_cutoffs()) {
    if (k < 1) {
      return absl::InvalidArgumentError(
          absl::StrCat(file, ": field recall_cutoffs: expected >= 1, found ", k));
    }
    if (!seen_cutoffs.insert(k).second) {
      return absl::InvalidArgumentError(absl::StrCat(
          file, ": field recall_cutoffs: expected unique cutoffs, found ", k, " twice"));
    }
  }
  return absl::OkStatus();
}

// The pool's description in `out`: id, question, cutoff, members, gain scale
// and the fixed-pool proof.
void DescribePool(const RerankCase& rc, const std::map<std::string, int>& base_index,
                  RerankResult* out) {
  out->set_pool_id(rc.pool_id());
  out->set_question(rc.question());
  out->set_cutoff(rc.cutoff());
  out->set_pool_size(static_cast<int>(base_index.size()));
  for (const auto& [id, i] : base_index) out->add_pool_ids(id);
  *out->mutable_gain_scale() = rc.gain_scale();
  const std::string ids = absl::StrJoin(out->pool_ids(), ", ");
  out->set_fixed_pool_proof(
      absl::StrCat("set(", rc.baseline().name(), " IDs) = set(", rc.treatment().name(), " IDs) = {",
                   ids, "}; both lists contain ", out->pool_size(),
                   " unique IDs; each ID has the same version hash and gain in both conditions"));
}

// The deltas between the conditions and each candidate's movement.
void CompareConditions(const ConditionMetrics& b, const ConditionMetrics& t, int cutoff,
                       RerankResult* out) {
  out->set_delta_ndcg(t.ndcg() - b.ndcg());
  for (int i = 0; i < b.recall_size(); ++i) {
    RecallValue* d = out->add_delta_recall();
    d->set_k(b.recall(i).k());
    d->set_recall(t.recall(i).recall() - b.recall(i).recall());
  }
  std::map<std::string, int> base_rank;
  for (const RankedEntry& e : b.order()) base_rank[e.candidate_id()] = e.rank();
  for (const RankedEntry& e : t.order()) {
    Movement* m = out->add_movements();
    m->set_candidate_id(e.candidate_id());
    m->set_gain(e.gain());
    m->set_baseline_rank(base_rank.at(e.candidate_id()));
    m->set_treatment_rank(e.rank());
    m->set_rank_change(m->baseline_rank() - m->treatment_rank());
    m->set_above_cutoff_baseline(m->baseline_rank() <= cutoff);
    m->set_above_cutoff_treatment(m->treatment_rank() <= cutoff);
  }
}

}  // namespace

absl::StatusOr<RerankResult> EvaluateRerank(const RerankCase& rc, const std::string& file) {
  RETURN_IF_ERROR(CheckCaseFields(rc, file));
  RETURN_IF_ERROR(CheckConditionPair(rc.has_baseline(), rc.baseline().name(), rc.has_treatment(),
                                     rc.treatment().name(), file));
  ASSIGN_OR_RETURN(const CandidateIndex base_index,
                   IndexCondition(rc.baseline(), rc.max_gain(), file));
  ASSIGN_OR_RETURN(const CandidateIndex treat_index,
                   IndexCondition(rc.treatment(), rc.max_gain(), file));
  RETURN_IF_ERROR(ProveFixedPool(rc.baseline(), base_index, rc.treatment(), treat_index, file));

  std::vector<std::pair<std::string, int>> judgments;
  for (const CandidateRecord& r : rc.baseline().records()) {
    judgments.emplace_back(r.candidate_id(), r.gain());
  }
  ASSIGN_OR_RETURN(const metrics::Qrels qrels, metrics::Qrels::Create(judgments));

  RerankResult out;
  DescribePool(rc, base_index, &out);
  ASSIGN_OR_RETURN(const double idcg, metrics::IdealDcgAtK(qrels, rc.cutoff(), Gain::kExponential));
  out.set_idcg(idcg);
  ASSIGN_OR_RETURN(ConditionMetrics b, Measure(rc.baseline(), rc, qrels));
  ASSIGN_OR_RETURN(ConditionMetrics t, Measure(rc.treatment(), rc, qrels));
  // Every reported number is finite (the gain bound above guarantees it; this
  // names the case if a later change breaks that).
  for (double v : {idcg, b.dcg(), t.dcg(), b.ndcg(), t.ndcg()}) {
    if (!std::isfinite(v)) {
      return absl::InternalError(absl::StrCat(file, ": pool ", rc.pool_id(),
                                              ": a DCG/nDCG value is not finite (", v, ")"));
    }
  }
  CompareConditions(b, t, rc.cutoff(), &out);
  *out.mutable_baseline() = std::move(b);
  *out.mutable_treatment() = std::move(t);
  return out;
}

}  // namespace repro::w04
