#include "stages/studies/w04/report_writer.h"

#include <algorithm>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_replace.h"
#include "stages/framework/pipeline/status_macros.h"

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

// "2/4 = 0.50"; with no material claim the ratio is undefined and said so.
std::string Coverage(const PackingRun& r) {
  if (r.claims_total() == 0) return "undefined (no material claims)";
  return absl::StrCat(r.claims_covered_size(), "/", r.claims_total(), " = ", F2(r.coverage()));
}

// Authored prose may name values of the data with placeholders, so that the
// text cannot disagree with the case: {budget} (the packing budget B) and
// {cutoff} (the rerank cutoff k).
std::string FillPlaceholders(std::string text, const RerankResult& rr, const PackingResult& pr) {
  absl::StrReplaceAll(
      {{"{budget}", absl::StrCat(pr.baseline().budget())}, {"{cutoff}", absl::StrCat(rr.cutoff())}},
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

// Renders the report section by section: Markdown lines and the tokens of the
// values they show.
class Renderer {
 public:
  Renderer(const RerankResult& rr, const PackingResult& pr, const ReportText& text)
      : rr_(rr), pr_(pr), text_(text) {}

  absl::StatusOr<RenderedReport> Render() && {
    Introduction();
    RerankMetrics();
    RerankMovements();
    PackingTable();
    for (const PackingRun* r : {&pr_.baseline(), &pr_.treatment()}) PackingDecisions(*r);
    RETURN_IF_ERROR(Diagnosis());
    Closing();
    tokens::TokenList tokens = std::move(tokens_).Finish();
    RETURN_IF_ERROR(tokens::ValidateTokens(tokens, md_, "w04.md"));
    return RenderedReport{std::move(md_), std::move(tokens)};
  }

 private:
  void Line(const std::string& s = "") { absl::StrAppend(&md_, s, "\n"); }
  std::string Token(const std::string& key, const std::string& value) {
    return tokens_.Add(key, value);
  }
  void Bullets(const google::protobuf::RepeatedPtrField<std::string>& items) {
    for (const std::string& s : items) Line(absl::StrCat("- ", s));
  }

  // Title, question, pool and conventions.
  void Introduction() {
    Line(absl::StrCat("# ", text_.title()));
    Line();
    Line(absl::StrCat("Authored question: \"", rr_.question(), "\""));
    Line();
    Line(absl::StrCat("Pool `", Token("pool.id", rr_.pool_id()),
                      "`: ", Token("pool.size", absl::StrCat(rr_.pool_size())), " candidates (",
                      absl::StrJoin(rr_.pool_ids(), ", "), "). Cutoff k = ", rr_.cutoff(), "."));
    Line();
    Line("## Conventions");
    Line();
    for (const std::string& c : text_.conventions()) {
      Line(absl::StrCat("- ", FillPlaceholders(c, rr_, pr_)));
    }
    Line(absl::StrCat("- Gain scale: ", absl::StrJoin(rr_.gain_scale(), "; "), "."));
    Line();
  }

  // Section 1: orders and the metric table of both conditions.
  void RerankMetrics() {
    const ConditionMetrics& b = rr_.baseline();
    const ConditionMetrics& t = rr_.treatment();
    const int k = rr_.cutoff();
    Line("## 1. Reranking a fixed candidate pool");
    Line();
    Line(absl::StrCat("Fixed-pool proof (checked by the stage): ", rr_.fixed_pool_proof(), "."));
    Line();
    Line(absl::StrCat("- ", b.condition(), " order: ", Token("rerank.baseline.order", Order(b))));
    Line(absl::StrCat("- ", t.condition(), " order: ", Token("rerank.treatment.order", Order(t))));
    Line();
    Line(absl::StrCat("| Metric | ", b.condition(), " | ", t.condition(), " | delta |"));
    Line("|---|---:|---:|---:|");
    Line(absl::StrCat("| DCG@", k, " | ", Token("rerank.baseline.dcg@k", F9(b.dcg())), " | ",
                      Token("rerank.treatment.dcg@k", F9(t.dcg())), " | ",
                      Signed9(t.dcg() - b.dcg()), " |"));
    const std::string idcg = F9(rr_.idcg());
    Line(absl::StrCat("| IDCG@", k, " | ", Token("rerank.idcg@k", idcg), " | ", idcg, " | |"));
    if (rr_.idcg() > 0) {
      Line(absl::StrCat("| nDCG@", k, " | ", Token("rerank.baseline.ndcg@k", F9(b.ndcg())), " | ",
                        Token("rerank.treatment.ndcg@k", F9(t.ndcg())), " | ",
                        Token("rerank.delta.ndcg@k", Signed9(rr_.delta_ndcg())), " |"));
    } else {
      // trec_eval reports 0; the report says what it is: no judged gain, no ideal ranking.
      Line(absl::StrCat("| nDCG@", k,
                        " | undefined (IDCG = 0: no judged gain) | undefined | undefined |"));
    }
    for (const RecallValue& d : rr_.delta_recall()) {
      const RecallValue* rb = RecallAt(b, d.k());
      const RecallValue* rt = RecallAt(t, d.k());
      const std::string key = absl::StrCat("recall@", d.k());
      Line(absl::StrCat("| Recall@", d.k(), " | ", rb->relevant_retrieved(), "/",
                        rb->relevant_total(), " = ",
                        Token(absl::StrCat("rerank.baseline.", key), F2(rb->recall())), " | ",
                        rt->relevant_retrieved(), "/", rt->relevant_total(), " = ",
                        Token(absl::StrCat("rerank.treatment.", key), F2(rt->recall())), " | ",
                        Token(absl::StrCat("rerank.delta.", key), Signed2(d.recall())), " |"));
    }
    Line();
  }

  // Section 1, continued: how each candidate moved across the cutoff.
  void RerankMovements() {
    const int k = rr_.cutoff();
    Line("Candidate movement (by reranked position):");
    Line();
    Line(absl::StrCat("| Candidate | Gain | ", rr_.baseline().condition(), " rank | ",
                      rr_.treatment().condition(), " rank | Rank change (+ = moved up) | Top ", k,
                      " before -> after |"));
    Line("|---|---:|---:|---:|---:|---|");
    for (const Movement& m : rr_.movements()) {
      Line(absl::StrCat("| ", m.candidate_id(), " | ", m.gain(), " | ", m.baseline_rank(), " | ",
                        m.treatment_rank(), " | ", SignedInt(m.rank_change()), " | ",
                        m.above_cutoff_baseline() ? "in" : "out", " -> ",
                        m.above_cutoff_treatment() ? "in" : "out", " |"));
    }
    Line();
    const int deepest =
        rr_.delta_recall_size() ? rr_.delta_recall(rr_.delta_recall_size() - 1).k() : k;
    Line(
        absl::StrCat("The shallow recall change comes from order across the cutoff, not from a "
                     "new item: Recall@",
                     deepest,
                     " is unchanged over the whole pool. The reranker cannot recover evidence "
                     "absent from ",
                     rr_.pool_id(), "."));
    Line();
  }

  // Section 2: the packing comparison table.
  void PackingTable() {
    const PackingRun& pb = pr_.baseline();
    const PackingRun& pt = pr_.treatment();
    Line("## 2. Packing a fixed order under a fixed budget");
    Line();
    Line(absl::StrCat("Fixed-order proof (checked by the stage): ", pr_.fixed_order_proof(), "."));
    Line(absl::StrCat("Budget B = ", Token("pack.budget", absl::StrCat(pb.budget())),
                      " authored units."));
    Line();
    Line(absl::StrCat("| | ", pb.condition(), " | ", pt.condition(), " | delta |"));
    Line("|---|---|---|---:|");
    Line(absl::StrCat("| Rules | greedy by rank", pb.rules().empty() ? "" : " + ",
                      absl::StrJoin(pb.rules(), ", "), " | greedy by rank + ",
                      absl::StrJoin(pt.rules(), ", "), " | |"));
    Line(absl::StrCat("| Selected context | ", Token("pack.baseline.selected", Ids(pb.selected())),
                      " | ", Token("pack.treatment.selected", Ids(pt.selected())), " | |"));
    Line(absl::StrCat("| Total cost | ",
                      Token("pack.baseline.cost", absl::StrCat(pb.cost(), "/", pb.budget())), " | ",
                      Token("pack.treatment.cost", absl::StrCat(pt.cost(), "/", pt.budget())),
                      " | ", SignedInt(pt.cost() - pb.cost()), " |"));
    Line(absl::StrCat("| Unused budget | ",
                      Token("pack.baseline.unused", absl::StrCat(pb.unused())), " | ",
                      Token("pack.treatment.unused", absl::StrCat(pt.unused())), " | ",
                      SignedInt(pt.unused() - pb.unused()), " |"));
    Line(absl::StrCat("| Material-claim coverage | ", Token("pack.baseline.coverage", Coverage(pb)),
                      " {", absl::StrJoin(pb.claims_covered(), ", "), "} | ",
                      Token("pack.treatment.coverage", Coverage(pt)), " {",
                      absl::StrJoin(pt.claims_covered(), ", "), "} | ",
                      Token("pack.delta.coverage", Signed2(pr_.delta_coverage())), " |"));
    Line(absl::StrCat("| Dependency clusters represented | ",
                      Token("pack.baseline.clusters", absl::StrCat(pb.clusters_size())), " (",
                      Ids(pb.clusters()), ") | ",
                      Token("pack.treatment.clusters", absl::StrCat(pt.clusters_size())), " (",
                      Ids(pt.clusters()), ") | ",
                      Token("pack.delta.clusters", SignedInt(pr_.delta_clusters())), " |"));
    Line(absl::StrCat("| Declared redundant pairs admitted | ",
                      Token("pack.baseline.redundant_pairs", Ids(pb.redundant_pairs())), " | ",
                      Token("pack.treatment.redundant_pairs", Ids(pt.redundant_pairs())), " | ",
                      Token("pack.delta.redundant_pairs", SignedInt(pr_.delta_redundant_pairs())),
                      " |"));
    Line(absl::StrCat("| Unresolved redundancy labels admitted | ", Ids(pb.unresolved_pairs()),
                      " | ", Ids(pt.unresolved_pairs()), " | |"));
    Line();
  }

  // Section 2, continued: the decision ledger of one condition.
  void PackingDecisions(const PackingRun& r) {
    const char* side = &r == &pr_.baseline() ? "baseline" : "treatment";
    Line(absl::StrCat("Decisions, ", r.condition(), ":"));
    Line();
    Line("| Candidate | Cost | Remaining before | Decision | Detail |");
    Line("|---|---:|---:|---|---|");
    for (const PackDecision& d : r.decisions()) {
      const std::string reason =
          d.selected()
              ? d.reason()
              : Token(absl::StrCat("pack.", side, ".excluded.", d.candidate_id()), d.reason());
      Line(absl::StrCat("| ", d.candidate_id(), " | ", d.cost(), " | ", d.remaining_before(), " | ",
                        reason, " | ", d.detail(), " |"));
    }
    Line();
  }

  // The state and evidence of a diagnosis row with a `computed` fact about
  // candidate `c`; an unknown fact is InvalidArgument.
  absl::Status ComputeDiagnosis(const DiagnosisRow& row, const std::string& c, std::string* state,
                                std::string* evidence) const {
    if (row.computed() == "in_pool") {
      *state = "Yes";
      *evidence = absl::StrCat("Member of ", rr_.pool_id());
    } else if (row.computed() == "rank_after_reranking") {
      for (const Movement& m : rr_.movements()) {
        if (m.candidate_id() == c) *state = absl::StrCat("Rank ", m.treatment_rank());
      }
      *evidence = absl::StrCat("Frozen ", rr_.treatment().condition(), " list");
    } else if (row.computed() == "packed_baseline" || row.computed() == "packed_treatment") {
      const PackingRun& r = row.computed() == "packed_baseline" ? pr_.baseline() : pr_.treatment();
      const PackDecision* d = DecisionFor(r, c);
      *state = Packed(r, c) ? "Yes" : "No";
      *evidence = d == nullptr ? "Not in the ledger" : absl::StrCat(d->reason(), ": ", d->detail());
    } else if (!row.computed().empty()) {
      return absl::InvalidArgumentError(absl::StrCat("report text: diagnosis row '", row.question(),
                                                     "': unknown computed fact '", row.computed(),
                                                     "'"));
    }
    return absl::OkStatus();
  }

  // Section 3: what the case says about the diagnosis candidate.
  absl::Status Diagnosis() {
    const std::string& c = text_.diagnosis_candidate();
    if (std::find(rr_.pool_ids().begin(), rr_.pool_ids().end(), c) == rr_.pool_ids().end()) {
      return absl::InvalidArgumentError(
          absl::StrCat("report text: diagnosis_candidate '", c, "' is not in the pool"));
    }
    Line(absl::StrCat("## 3. Stage diagnosis for ", c));
    Line();
    Line(absl::StrCat("| Question about ", c, " | State in this case | Evidence |"));
    Line("|---|---|---|");
    for (int row_index = 0; row_index < text_.diagnosis_size(); ++row_index) {
      const DiagnosisRow& row = text_.diagnosis(row_index);
      std::string state = row.state(), evidence = row.evidence();
      RETURN_IF_ERROR(ComputeDiagnosis(row, c, &state, &evidence));
      const std::string key = absl::StrCat(
          "diagnosis.", c, ".",
          row.computed().empty() ? absl::StrCat("row", row_index + 1) : row.computed());
      Line(absl::StrCat("| ", row.question(), " | ", Token(key, state), " | ", evidence, " |"));
    }
    Line();
    Line(absl::StrCat("We know only that ", c,
                      " was not packed under two authored rules; \"ignored\" would imply a "
                      "generator or user state that this case does not have."));
    Line();
    return absl::OkStatus();
  }

  // Sections 4 and 5: authored interpretation and boundary.
  void Closing() {
    Line("## 4. Adverse interpretation");
    Line();
    Bullets(text_.adverse_interpretation());
    Line();
    Line("## 5. Boundary");
    Line();
    Bullets(text_.boundary());
  }

  const RerankResult& rr_;
  const PackingResult& pr_;
  const ReportText& text_;
  std::string md_;
  tokens::TokenWriter tokens_;
};

}  // namespace

absl::StatusOr<RenderedReport> RenderReport(const RerankResult& rr, const PackingResult& pr,
                                            const ReportText& text) {
  return Renderer(rr, pr, text).Render();
}

}  // namespace repro::w04
