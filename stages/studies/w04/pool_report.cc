#include "stages/studies/w04/pool_report.h"

#include <string>

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "stages/framework/pipeline/status_macros.h"

namespace repro::w04 {
namespace {

int SkippedByRule(const PackingRun& r, const std::string& rule) {
  int n = 0;
  for (const PackDecision& d : r.decisions()) n += d.reason() == rule;
  return n;
}

// Units of the pool with gain > 0.
int Relevant(const RerankResult& r) {
  int n = 0;
  for (const Movement& m : r.movements()) n += m.gain() > 0;
  return n;
}

// Means over topics: nDCG, recall and coverage with 4 decimals, counts with 2.
std::string MeanFormat(const PoolMetric& m) {
  const bool ratio = absl::StrContains(m.name(), "ndcg") || absl::StrContains(m.name(), "recall") ||
                     absl::StrContains(m.name(), "coverage");
  const char* f = ratio ? "%.4f [%.4f, %.4f]" : "%.2f [%.2f, %.2f]";
  return absl::StrFormat(f, m.mean(), m.lo(), m.hi());
}

void TopicRow(const TopicResult& t, const std::string& rule, tokens::TokenWriter& tw,
              std::string& md) {
  const std::string k = absl::StrCat("topic.", t.topic(), ".");
  const RerankResult& r = t.rerank();
  const PackingResult& p = t.packing();
  absl::StrAppend(
      &md, "| ", t.topic(), " | ", tw.Add(k + "pool_size", absl::StrCat(r.pool_size())), " | ",
      tw.Add(k + "relevant", absl::StrCat(Relevant(r))), " | ",
      tw.Add(k + "rerank.baseline.ndcg@k", absl::StrFormat("%.9f", r.baseline().ndcg())), " | ",
      tw.Add(k + "rerank.treatment.ndcg@k", absl::StrFormat("%.9f", r.treatment().ndcg())), " | ",
      tw.Add(k + "rerank.delta.ndcg@k", absl::StrFormat("%+.9f", r.delta_ndcg())), " | ",
      tw.Add(k + "pack.baseline.coverage",
             absl::StrCat(p.baseline().claims_covered_size(), "/", p.baseline().claims_total())),
      " | ",
      tw.Add(k + "pack.treatment.coverage",
             absl::StrCat(p.treatment().claims_covered_size(), "/", p.treatment().claims_total())),
      " | ", tw.Add(k + "pack.baseline.packed", absl::StrCat(p.baseline().selected_size())), " / ",
      tw.Add(k + "pack.treatment.packed", absl::StrCat(p.treatment().selected_size())), " | ",
      tw.Add(k + "pack.treatment.skipped_by_rule",
             absl::StrCat(SkippedByRule(p.treatment(), rule))),
      " | ",
      tw.Add(k + "pack.treatment.unresolved_pairs",
             absl::StrCat(p.treatment().unresolved_pairs_size())),
      " |\n");
}

}  // namespace

absl::StatusOr<RenderedReport> RenderPoolReport(const PoolResult& res) {
  tokens::TokenWriter tw;
  std::string md = absl::StrCat("# W04 over a pool: ", tw.Add("pool.id", res.pool_id()), "\n\n");
  absl::StrAppend(&md, res.source(), "\n\n");
  absl::StrAppend(&md, "- Topics: ", tw.Add("pool.topics", absl::StrCat(res.topics_size())), "\n");
  absl::StrAppend(&md, "- Budget: ", tw.Add("pool.budget", absl::StrCat(res.budget())), " ",
                  tw.Add("pool.cost_unit", res.cost_unit()), "\n");
  absl::StrAppend(&md, "- Cutoff: k = ", res.cutoff(), "; single factor: ", res.declared_rule(),
                  "\n");
  absl::StrAppend(&md, "- Near-duplicate relations in the ledger: ",
                  tw.Add("pool.relations.declared", absl::StrCat(res.declared_relations())),
                  " declared, ",
                  tw.Add("pool.relations.unresolved", absl::StrCat(res.unresolved_relations())),
                  " unresolved (never used to skip)\n");
  if (!res.topics().empty()) {
    const RerankResult& r0 = res.topics(0).rerank();
    absl::StrAppend(&md, "- Runs: baseline ", r0.baseline().condition(), ", treatment ",
                    r0.treatment().condition(),
                    " (both pack the treatment order; the treatment adds the single factor)\n");
  }
  absl::StrAppend(
      &md,
      "\n## Per topic\n\n"
      "| Topic | Pool | Relevant in pool | nDCG@k baseline | nDCG@k treatment | Delta nDCG@k | "
      "Claims packed, baseline rule | Claims packed, treatment rule | Units packed "
      "(baseline / treatment) | Skipped by the rule | Unresolved pairs admitted |\n"
      "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n");
  for (const TopicResult& t : res.topics()) TopicRow(t, res.declared_rule(), tw, md);
  absl::StrAppend(&md, "\n## Over topics\n\nMean over topics and its ",
                  absl::StrFormat("%.0f", res.level() * 100),
                  " % percentile interval, topics resampled (cluster bootstrap, ", res.resamples(),
                  " resamples).\n\n| Metric | Mean [lo, hi] |\n|---|---:|\n");
  for (const PoolMetric& m : res.metrics()) {
    absl::StrAppend(&md, "| ", m.name(), " | ", tw.Add("mean." + m.name(), MeanFormat(m)), " |\n");
  }
  absl::StrAppend(&md,
                  "\n## Boundary\n\nUsed in an answer, displayed as a citation, changed a "
                  "production outcome: not evaluated (no generation step, citation interface "
                  "or users exist). A unit not packed was not packed under the two declared "
                  "rules; nothing more is known of it.\n");
  RenderedReport out;
  out.tokens = std::move(tw).Finish();
  RETURN_IF_ERROR(tokens::ValidateTokens(out.tokens, md, "w04 pool report"));
  out.markdown = std::move(md);
  return out;
}

}  // namespace repro::w04
