#include "stages/studies/w04/pool.h"

#include <functional>
#include <string>
#include <utility>
#include <vector>

#include "absl/strings/str_cat.h"
#include "stages/framework/pipeline/status_macros.h"
#include "stages/framework/stats/cluster_bootstrap.h"
#include "stages/studies/w04/packing.h"
#include "stages/studies/w04/rerank.h"

namespace repro::w04 {
namespace {

using Getter = std::function<double(const TopicResult&)>;

// The metrics over topics, by name, in report order.
std::vector<std::pair<std::string, Getter>> PoolMetrics(const PoolConfig& config) {
  std::vector<std::pair<std::string, Getter>> m;
  m.emplace_back("rerank.baseline.ndcg@k",
                 [](const TopicResult& t) { return t.rerank().baseline().ndcg(); });
  m.emplace_back("rerank.treatment.ndcg@k",
                 [](const TopicResult& t) { return t.rerank().treatment().ndcg(); });
  m.emplace_back("rerank.delta.ndcg@k",
                 [](const TopicResult& t) { return t.rerank().delta_ndcg(); });
  for (int i = 0; i < config.recall_cutoffs_size(); ++i) {
    const std::string k = absl::StrCat(config.recall_cutoffs(i));
    m.emplace_back("rerank.baseline.recall@" + k,
                   [i](const TopicResult& t) { return t.rerank().baseline().recall(i).recall(); });
    m.emplace_back("rerank.treatment.recall@" + k,
                   [i](const TopicResult& t) { return t.rerank().treatment().recall(i).recall(); });
    m.emplace_back("rerank.delta.recall@" + k,
                   [i](const TopicResult& t) { return t.rerank().delta_recall(i).recall(); });
  }
  const auto run = [](bool treatment) {
    return [treatment](const TopicResult& t) -> const PackingRun& {
      return treatment ? t.packing().treatment() : t.packing().baseline();
    };
  };
  for (const auto& [name, f] :
       std::vector<std::pair<std::string, std::function<double(const PackingRun&)>>>{
           {"coverage", [](const PackingRun& r) { return r.coverage(); }},
           {"unused", [](const PackingRun& r) { return static_cast<double>(r.unused()); }},
           {"clusters", [](const PackingRun& r) { return static_cast<double>(r.clusters_size()); }},
           {"redundant_pairs",
            [](const PackingRun& r) { return static_cast<double>(r.redundant_pairs_size()); }}}) {
    const auto b = run(false), t = run(true);
    m.emplace_back("pack.baseline." + name, [f, b](const TopicResult& x) { return f(b(x)); });
    m.emplace_back("pack.treatment." + name, [f, t](const TopicResult& x) { return f(t(x)); });
    m.emplace_back("pack.delta." + name,
                   [f, b, t](const TopicResult& x) { return f(t(x)) - f(b(x)); });
  }
  return m;
}

}  // namespace

absl::StatusOr<PoolResult> EvaluatePool(const PoolCases& cases) {
  const PoolConfig& config = cases.config;
  PoolResult out;
  out.set_pool_id(config.pool_id());
  out.set_cost_unit(config.cost_unit());
  out.set_budget(config.budget());
  out.set_cutoff(config.cutoff());
  out.set_declared_rule(config.single_factor(0));
  out.set_source(config.source());
  for (const TopicCases& tc : cases.topics) {
    TopicResult* t = out.add_topics();
    t->set_topic(tc.topic);
    ASSIGN_OR_RETURN(*t->mutable_rerank(), EvaluateRerank(tc.rerank, tc.where));
    std::vector<std::string> order;
    for (const RankedEntry& e : t->rerank().treatment().order()) order.push_back(e.candidate_id());
    ASSIGN_OR_RETURN(*t->mutable_packing(), EvaluatePacking(tc.packing, order, tc.where));
    for (const LedgerPassage& p : tc.packing.baseline().passages()) {
      out.set_declared_relations(out.declared_relations() + p.near_duplicate_of_size());
      out.set_unresolved_relations(out.unresolved_relations() + p.unresolved_duplicate_of_size());
    }
  }
  stats::BootstrapConfig bootstrap;
  if (config.bootstrap_resamples() > 0) bootstrap.resamples = config.bootstrap_resamples();
  out.set_level(bootstrap.level);
  out.set_resamples(bootstrap.resamples);
  const stats::ClusterDraws draws =
      stats::DrawClusters(bootstrap, static_cast<uint32_t>(out.topics_size()));
  for (const auto& [name, value] : PoolMetrics(config)) {
    std::vector<stats::Observation> obs;
    for (const TopicResult& t : out.topics()) obs.push_back({t.topic(), value(t)});
    ASSIGN_OR_RETURN(const stats::Estimate e, stats::ClusterBootstrapMean(obs, bootstrap, draws));
    PoolMetric* m = out.add_metrics();
    m->set_name(name);
    m->set_topics(e.n);
    m->set_mean(e.mean);
    m->set_lo(e.lo);
    m->set_hi(e.hi);
  }
  return out;
}

}  // namespace repro::w04
