#include "stages/w04/report_writer.h"

#include <algorithm>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_replace.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"

namespace repro::w04 {
namespace {

std::string F9(double x) { return absl::StrFormat("%.9f", x); }
std::string F2(double x) { return absl::StrFormat("%.2f", x); }
std::string Signed2(double x) { return absl::StrFormat("%+.2f", x); }
std::string Signed9(double x) { return absl::StrFormat("%+.9f", x); }
std::string SignedInt(int x) { return absl::StrFormat("%+d", x); }

std::string Ids(const google::protobuf::RepeatedPtrField<std::string>& ids) {
  return ids.empty() ? "none" : absl::StrJoin(ids, ", ");
}

std::string Order(const ConditionMetrics& m) {
  std::vector<std::string> ids;
  for (const RankedEntry& e : m.order()) ids.push_back(e.candidate_id());
  return absl::StrJoin(ids, ", ");
}

const RecallValue* RecallAt(const ConditionMetrics& m, int k) {
  for (const RecallValue& v : m.recall()) {
    if (v.k() == k) return &v;
  }
  return nullptr;
}

class Writer {
 public:
  void Line(const std::string& s = "") { absl::StrAppend(&md_, s, "\n"); }
  // Records a token and returns its value, which the caller places in the
  // Markdown. Tokens are sorted by key at the end, so their order does not
  // depend on the (unspecified) evaluation order of function arguments.
  std::string Token(const std::string& key, const std::string& value) {
    tokens_.emplace_back(key, value);
    return value;
  }
  RenderedReport Finish() {
    std::sort(tokens_.begin(), tokens_.end());
    return {std::move(md_), std::move(tokens_)};
  }

 private:
  std::string md_;
  std::vector<std::pair<std::string, std::string>> tokens_;
};

// "2/4 = 0.50"; with no material claim the ratio is undefined and said so.
std::string Coverage(const PackingRun& r) {
  if (r.claims_total() == 0) return "undefined (no material claims)";
  return absl::StrCat(r.claims_covered_size(), "/", r.claims_total(), " = ", F2(r.coverage()));
}

// Authored prose may name values of the data with placeholders, so that the
// text cannot disagree with the case: {budget} (the packing budget B) and
// {cutoff} (the rerank cutoff k).
std::string FillPlaceholders(std::string text, const RerankResult& rr, const PackingResult& pr) {
  absl::StrReplaceAll({{"{budget}", absl::StrCat(pr.baseline().budget())},
                       {"{cutoff}", absl::StrCat(rr.cutoff())}},
                      &text);
  return text;
}

bool Packed(const PackingRun& r, const std::string& id) {
  return std::find(r.selected().begin(), r.selected().end(), id) != r.selected().end();
}

const PackDecision* DecisionFor(const PackingRun& r, const std::string& id) {
  for (const PackDecision& d : r.decisions()) {
    if (d.candidate_id() == id) return &d;
  }
  return nullptr;
}

}  // namespace

std::string TokensToText(const std::vector<std::pair<std::string, std::string>>& tokens) {
  std::string out;
  for (const auto& [k, v] : tokens) absl::StrAppend(&out, k, "\t", v, "\n");
  return out;
}

absl::StatusOr<RenderedReport> RenderReport(const RerankResult& rr, const PackingResult& pr,
                                            const ReportText& text) {
  Writer w;
  const ConditionMetrics& b = rr.baseline();
  const ConditionMetrics& t = rr.treatment();
  const int k = rr.cutoff();

  w.Line(absl::StrCat("# ", text.title()));
  w.Line();
  w.Line(absl::StrCat("Authored question: \"", rr.question(), "\""));
  w.Line();
  w.Line(absl::StrCat("Pool `", w.Token("pool.id", rr.pool_id()), "`: ",
                      w.Token("pool.size", absl::StrCat(rr.pool_size())), " candidates (",
                      absl::StrJoin(rr.pool_ids(), ", "), "). Cutoff k = ", k, "."));
  w.Line();
  w.Line("## Conventions");
  w.Line();
  for (const std::string& c : text.conventions()) w.Line(absl::StrCat("- ", FillPlaceholders(c, rr, pr)));
  w.Line(absl::StrCat("- Gain scale: ", absl::StrJoin(rr.gain_scale(), "; "), "."));
  w.Line();

  w.Line("## 1. Reranking a fixed candidate pool");
  w.Line();
  w.Line(absl::StrCat("Fixed-pool proof (checked by the stage): ", rr.fixed_pool_proof(), "."));
  w.Line();
  w.Line(absl::StrCat("- ", b.condition(), " order: ",
                      w.Token("rerank.baseline.order", Order(b))));
  w.Line(absl::StrCat("- ", t.condition(), " order: ",
                      w.Token("rerank.treatment.order", Order(t))));
  w.Line();
  w.Line(absl::StrCat("| Metric | ", b.condition(), " | ", t.condition(), " | delta |"));
  w.Line("|---|---:|---:|---:|");
  w.Line(absl::StrCat("| DCG@", k, " | ", w.Token("rerank.baseline.dcg@k", F9(b.dcg())), " | ",
                      w.Token("rerank.treatment.dcg@k", F9(t.dcg())), " | ",
                      Signed9(t.dcg() - b.dcg()), " |"));
  const std::string idcg = F9(rr.idcg());
  w.Line(absl::StrCat("| IDCG@", k, " | ", w.Token("rerank.idcg@k", idcg), " | ", idcg, " | |"));
  if (rr.idcg() > 0) {
    w.Line(absl::StrCat("| nDCG@", k, " | ", w.Token("rerank.baseline.ndcg@k", F9(b.ndcg())), " | ",
                        w.Token("rerank.treatment.ndcg@k", F9(t.ndcg())), " | ",
                        w.Token("rerank.delta.ndcg@k", Signed9(rr.delta_ndcg())), " |"));
  } else {
    // trec_eval reports 0; the report says what it is: no judged gain, no ideal ranking.
    w.Line(absl::StrCat("| nDCG@", k, " | undefined (IDCG = 0: no judged gain) | undefined | undefined |"));
  }
  for (const RecallValue& d : rr.delta_recall()) {
    const RecallValue* rb = RecallAt(b, d.k());
    const RecallValue* rt = RecallAt(t, d.k());
    const std::string key = absl::StrCat("recall@", d.k());
    w.Line(absl::StrCat("| Recall@", d.k(), " | ", rb->relevant_retrieved(), "/",
                        rb->relevant_total(), " = ",
                        w.Token(absl::StrCat("rerank.baseline.", key), F2(rb->recall())), " | ",
                        rt->relevant_retrieved(), "/", rt->relevant_total(), " = ",
                        w.Token(absl::StrCat("rerank.treatment.", key), F2(rt->recall())), " | ",
                        w.Token(absl::StrCat("rerank.delta.", key), Signed2(d.recall())), " |"));
  }
  w.Line();
  w.Line("Candidate movement (by reranked position):");
  w.Line();
  w.Line(absl::StrCat("| Candidate | Gain | ", b.condition(), " rank | ", t.condition(),
                      " rank | Rank change (+ = moved up) | Top ", k, " before -> after |"));
  w.Line("|---|---:|---:|---:|---:|---|");
  for (const Movement& m : rr.movements()) {
    w.Line(absl::StrCat("| ", m.candidate_id(), " | ", m.gain(), " | ", m.baseline_rank(), " | ",
                        m.treatment_rank(), " | ", SignedInt(m.rank_change()), " | ",
                        m.above_cutoff_baseline() ? "in" : "out", " -> ",
                        m.above_cutoff_treatment() ? "in" : "out", " |"));
  }
  w.Line();
  w.Line(absl::StrCat("The shallow recall change comes from order across the cutoff, not from a "
                      "new item: Recall@",
                      rr.delta_recall_size() ? rr.delta_recall(rr.delta_recall_size() - 1).k() : k,
                      " is unchanged over the whole pool. The reranker cannot recover evidence "
                      "absent from ",
                      rr.pool_id(), "."));
  w.Line();

  const PackingRun& pb = pr.baseline();
  const PackingRun& pt = pr.treatment();
  w.Line("## 2. Packing a fixed order under a fixed budget");
  w.Line();
  w.Line(absl::StrCat("Fixed-order proof (checked by the stage): ", pr.fixed_order_proof(), "."));
  w.Line(absl::StrCat("Budget B = ", w.Token("pack.budget", absl::StrCat(pb.budget())),
                      " authored units."));
  w.Line();
  w.Line(absl::StrCat("| | ", pb.condition(), " | ", pt.condition(), " | delta |"));
  w.Line("|---|---|---|---:|");
  w.Line(absl::StrCat("| Rules | greedy by rank", pb.rules().empty() ? "" : " + ",
                      absl::StrJoin(pb.rules(), ", "), " | greedy by rank + ",
                      absl::StrJoin(pt.rules(), ", "), " | |"));
  w.Line(absl::StrCat("| Selected context | ", w.Token("pack.baseline.selected", Ids(pb.selected())),
                      " | ", w.Token("pack.treatment.selected", Ids(pt.selected())), " | |"));
  w.Line(absl::StrCat("| Total cost | ",
                      w.Token("pack.baseline.cost", absl::StrCat(pb.cost(), "/", pb.budget())),
                      " | ",
                      w.Token("pack.treatment.cost", absl::StrCat(pt.cost(), "/", pt.budget())),
                      " | ", SignedInt(pt.cost() - pb.cost()), " |"));
  w.Line(absl::StrCat("| Unused budget | ",
                      w.Token("pack.baseline.unused", absl::StrCat(pb.unused())), " | ",
                      w.Token("pack.treatment.unused", absl::StrCat(pt.unused())), " | ",
                      SignedInt(pt.unused() - pb.unused()), " |"));
  w.Line(absl::StrCat("| Material-claim coverage | ",
                      w.Token("pack.baseline.coverage", Coverage(pb)), " {",
                      absl::StrJoin(pb.claims_covered(), ", "), "} | ",
                      w.Token("pack.treatment.coverage", Coverage(pt)), " {",
                      absl::StrJoin(pt.claims_covered(), ", "), "} | ",
                      w.Token("pack.delta.coverage", Signed2(pr.delta_coverage())), " |"));
  w.Line(absl::StrCat("| Dependency clusters represented | ",
                      w.Token("pack.baseline.clusters", absl::StrCat(pb.clusters_size())), " (",
                      Ids(pb.clusters()), ") | ",
                      w.Token("pack.treatment.clusters", absl::StrCat(pt.clusters_size())), " (",
                      Ids(pt.clusters()), ") | ",
                      w.Token("pack.delta.clusters", SignedInt(pr.delta_clusters())), " |"));
  w.Line(absl::StrCat("| Declared redundant pairs admitted | ",
                      w.Token("pack.baseline.redundant_pairs", Ids(pb.redundant_pairs())), " | ",
                      w.Token("pack.treatment.redundant_pairs", Ids(pt.redundant_pairs())), " | ",
                      w.Token("pack.delta.redundant_pairs", SignedInt(pr.delta_redundant_pairs())),
                      " |"));
  w.Line(absl::StrCat("| Unresolved redundancy labels admitted | ", Ids(pb.unresolved_pairs()),
                      " | ", Ids(pt.unresolved_pairs()), " | |"));
  w.Line();
  for (const PackingRun* r : {&pb, &pt}) {
    w.Line(absl::StrCat("Decisions, ", r->condition(), ":"));
    w.Line();
    w.Line("| Candidate | Cost | Remaining before | Decision | Detail |");
    w.Line("|---|---:|---:|---|---|");
    for (const PackDecision& d : r->decisions()) {
      const std::string reason =
          d.selected() ? d.reason()
                       : w.Token(absl::StrCat("pack.", r == &pb ? "baseline" : "treatment",
                                              ".excluded.", d.candidate_id()),
                                 d.reason());
      w.Line(absl::StrCat("| ", d.candidate_id(), " | ", d.cost(), " | ", d.remaining_before(),
                          " | ", reason, " | ", d.detail(), " |"));
    }
    w.Line();
  }

  const std::string& c = text.diagnosis_candidate();
  if (std::find(rr.pool_ids().begin(), rr.pool_ids().end(), c) == rr.pool_ids().end()) {
    return absl::InvalidArgumentError(
        absl::StrCat("report text: diagnosis_candidate '", c, "' is not in the pool"));
  }
  w.Line(absl::StrCat("## 3. Stage diagnosis for ", c));
  w.Line();
  w.Line(absl::StrCat("| Question about ", c, " | State in this case | Evidence |"));
  w.Line("|---|---|---|");
  for (int row_index = 0; row_index < text.diagnosis_size(); ++row_index) {
    const DiagnosisRow& row = text.diagnosis(row_index);
    std::string state = row.state(), evidence = row.evidence();
    if (row.computed() == "in_pool") {
      state = "Yes";
      evidence = absl::StrCat("Member of ", rr.pool_id());
    } else if (row.computed() == "rank_after_reranking") {
      for (const Movement& m : rr.movements()) {
        if (m.candidate_id() == c) state = absl::StrCat("Rank ", m.treatment_rank());
      }
      evidence = absl::StrCat("Frozen ", t.condition(), " list");
    } else if (row.computed() == "packed_baseline" || row.computed() == "packed_treatment") {
      const PackingRun& r = row.computed() == "packed_baseline" ? pb : pt;
      const PackDecision* d = DecisionFor(r, c);
      state = Packed(r, c) ? "Yes" : "No";
      evidence = d == nullptr ? "Not in the ledger"
                              : absl::StrCat(d->reason(), ": ", d->detail());
    } else if (!row.computed().empty()) {
      return absl::InvalidArgumentError(
          absl::StrCat("report text: diagnosis row '", row.question(), "': unknown computed fact '",
                       row.computed(), "'"));
    }
    const std::string key = absl::StrCat("diagnosis.", c, ".",
                                         row.computed().empty() ? absl::StrCat("row", row_index + 1)
                                                                : row.computed());
    w.Line(absl::StrCat("| ", row.question(), " | ", w.Token(key, state), " | ", evidence, " |"));
  }
  w.Line();
  w.Line(absl::StrCat("We know only that ", c,
                      " was not packed under two authored rules; \"ignored\" would imply a "
                      "generator or user state that this case does not have."));
  w.Line();
  w.Line("## 4. Adverse interpretation");
  w.Line();
  for (const std::string& s : text.adverse_interpretation()) w.Line(absl::StrCat("- ", s));
  w.Line();
  w.Line("## 5. Boundary");
  w.Line();
  for (const std::string& s : text.boundary()) w.Line(absl::StrCat("- ", s));
  return w.Finish();
}

}  // namespace repro::w04
