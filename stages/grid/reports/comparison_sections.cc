#include "stages/grid/reports/comparison_sections.h"

#include <set>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"

namespace repro::grid {
namespace {

// "p (Holm p)" of one comparison and metric, both recorded as tokens; "n/a"
// when no task has both harnesses.
std::string PairedTestText(Writer& w, const GridReport& r, const std::string& comparison,
                           const std::string& metric) {
  for (const PairedTest& t : r.paired_tests()) {
    if (t.comparison() != comparison || t.metric() != metric) continue;
    const std::string key = absl::StrCat(comparison, ".baseline.", metric);
    return absl::StrCat(w.Token(key + ".p", absl::StrFormat("%.4g", t.p_value())), " (",
                        w.Token(key + ".p_holm", absl::StrFormat("%.4g", t.p_holm())), ")");
  }
  return "n/a";
}

// What the p-values of the harness-difference table are, from the tests.
std::string PairedTestNote(const GridReport& r) {
  std::set<std::string> how;
  for (const PairedTest& t : r.paired_tests()) {
    how.insert(t.exact() ? absl::StrCat("exact over all 2^", t.units(), " = ", t.assignments(),
                                        " sign assignments (", t.units(), " tasks)")
                         : absl::StrCat("Monte Carlo over ", t.assignments(), " sign assignments (",
                                        t.units(), " tasks, fixed seed)"));
  }
  return absl::StrCat(
      "Intervals: 95% task bootstrap. p: two-sided paired randomization test of the mean per-task "
      "difference (sign flips; stages/framework/stats/randomization.h), ",
      how.empty() ? std::string("no test") : absl::StrJoin(how, "; "),
      "; in parentheses Holm's "
      "step-down adjustment over the ",
      r.paired_tests_size(), " tests of this table.");
}

// The query field of harness `name` ("query" or "reformulation"; "" if unknown).
std::string QueryFieldOf(const GridReport& r, absl::string_view name) {
  for (const HarnessDescription& h : r.harness_descriptions()) {
    if (h.name() == name) return h.query_field();
  }
  return "";
}

// For comparison "A-B" whose harnesses search with different query fields
// while the distractors take their words from exactly one of them: the
// harness searching with the other field meets fewer distractor words by
// construction. Empty when that is not so.
std::string DistractorNote(const GridReport& r, const Names& n, absl::string_view cmp) {
  const std::vector<std::string> ab = absl::StrSplit(cmp, '-');
  if (ab.size() != 2) return "";
  const std::string fa = QueryFieldOf(r, ab[0]), fb = QueryFieldOf(r, ab[1]);
  const std::string source = r.distractor_vocabulary();
  const bool from_query = source == "the task query";
  const bool from_reformulation = source == "the blinded reformulation";
  if (fa.empty() || fb.empty() || fa == fb || !(from_query || from_reformulation)) return "";
  const std::string drawn = from_query ? "query" : "reformulation";
  const std::string& spared = fa == drawn ? ab[1] : ab[0];
  const std::string& exposed = fa == drawn ? ab[0] : ab[1];
  return absl::StrCat(
      "Note on ", cmp, " under ", n.distractors, ": the distractors take their words from ", source,
      "; ", spared, " searches with the ", drawn == "query" ? "reformulation" : "query", ", ",
      exposed, " with the ", drawn, ", so ", spared,
      " meets fewer of the distractors' words by construction: the difference in their ",
      n.distractors,
      " loss "
      "is partly an artifact of the protocol, not robustness alone (an experiment can draw the "
      "words from both: distractor_vocabulary, docs/experiments.md).");
}

// The MRR each harness loses under the kinds outside the composite cells
// (S003, S004), harness minus harness: a table of its own, so that the one
// above stays within the page's width.
void DifferencesOutsideTheCells(const GridReport& r, Writer& w) {
  const std::vector<const Condition*> kinds = ExtraKinds(r);
  if (kinds.empty()) return;
  TableHead head;
  head.Column("Comparison");
  for (const Condition* c : kinds) head.Column(absl::StrCat("ΔMRR ", c->label()));
  head.WriteTo(w);
  for (const std::string& cmp : r.comparisons()) {
    std::string line = absl::StrCat("| ", cmp, " |");
    for (const Condition* c : kinds) {
      absl::StrAppend(&line, " ", w.Cell(cmp, c->id(), 0, "delta_mrr"), " |");
    }
    w.Line(line);
  }
  w.Line();
}

// Every harness difference per metric: the baseline metrics and the MRR
// lost under each perturbation, each a mean over tasks of the per-task
// difference with its task-bootstrap interval.
void DifferencesPerMetric(const GridReport& r, Writer& w) {
  w.Line("## Harness differences per metric (paired by task)");
  w.Line();
  w.Line(
      "Mean over tasks of the first harness minus the second, with its 95% task-bootstrap "
      "interval. Baseline: recall@10, MRR, nDCG@10. ΔMRR: each harness's perturbed MRR minus its "
      "baseline MRR, then the difference of the two (positive: the first harness loses less).");
  w.Line();
  TableHead head;
  head.Column("Comparison")
      .Column("recall@10")
      .Column("MRR")
      .Column("nDCG@10")
      .Column(absl::StrCat("ΔMRR ", w.n().stale));
  for (int d : r.doses()) head.Column(absl::StrCat("ΔMRR ", w.n().distractors, " d", d));
  head.WriteTo(w);
  for (const std::string& cmp : r.comparisons()) {
    std::string line = absl::StrCat(
        "| ", cmp, " | ", w.Cell(cmp, w.n().baseline, 0, "recall_at_10"), " | ",
        w.Cell(cmp, w.n().baseline, 0, "mrr"), " | ", w.Cell(cmp, w.n().baseline, 0, "ndcg_at_10"),
        " | ", w.Cell(cmp, w.n().stale, 0, "delta_mrr"), " |");
    for (int d : r.doses())
      absl::StrAppend(&line, " ", w.Cell(cmp, w.n().distractors, d, "delta_mrr"), " |");
    w.Line(line);
  }
  w.Line();
  DifferencesOutsideTheCells(r, w);
  for (const std::string& cmp : r.comparisons()) {
    const std::string note = DistractorNote(r, w.n(), cmp);
    if (!note.empty()) {
      w.Line(note);
      w.Line();
    }
  }
}

}  // namespace

void HarnessDifferences(const GridReport& r, Writer& w) {
  if (r.comparisons_size() == 0) return;
  w.Line("## Harness differences at baseline (paired by task)");
  w.Line();
  w.Line("| Comparison | recall@10 | p (Holm) | MRR | p (Holm) |");
  w.Line("|---|---|---|---|---|");
  for (const std::string& cmp : r.comparisons()) {
    w.Line(absl::StrCat("| ", cmp, " | ", w.Cell(cmp, w.n().baseline, 0, "recall_at_10"), " | ",
                        PairedTestText(w, r, cmp, "recall_at_10"), " | ",
                        w.Cell(cmp, w.n().baseline, 0, "mrr"), " | ",
                        PairedTestText(w, r, cmp, "mrr"), " |"));
  }
  w.Line();
  w.Line(PairedTestNote(r));
  w.Line();
  DifferencesPerMetric(r, w);
}

}  // namespace repro::grid
