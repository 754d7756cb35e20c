#include "stages/grid/report_writer.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <set>
#include <tuple>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"
#include "stages/framework/pipeline/status_macros.h"
#include "stages/framework/report/csv.h"
#include "stages/framework/report/markdown.h"
#include "stages/framework/tokens/tokens.h"
#include "stages/grid/aggregate.h"
#include "stages/grid/conditions.h"
#include "stages/grid/svg_plot.h"

namespace repro::grid {
namespace {

// 4 decimals; a value that rounds to zero prints "0.0000", never "-0.0000".
std::string F4(double x) {
  std::string out = absl::StrFormat("%.4f", x);
  return out == "-0.0000" ? "0.0000" : out;
}

std::string IntervalText(const Interval& i) {
  return absl::StrCat(F4(i.mean()), " [", F4(i.low()), ", ", F4(i.high()), "]");
}

std::string Rank(const ConditionOutcome& o) {
  return o.first_gold_observed() ? absl::StrCat(o.first_gold_rank())
                                 : absl::StrCat(">", o.candidate_limit());
}

class Summaries {
 public:
  explicit Summaries(const GridReport& r) {
    for (const Summary& s : r.summaries()) {
      rows_[{s.harness(), s.condition(), s.dose(), s.metric()}] = &s;
    }
  }
  const Summary* Get(const std::string& h, const std::string& c, int d,
                     const std::string& m) const {
    auto it = rows_.find({h, c, d, m});
    return it == rows_.end() ? nullptr : it->second;
  }

 private:
  std::map<std::tuple<std::string, std::string, int, std::string>, const Summary*> rows_;
};

// The ids of the kinds the report's sections are about.
using Names = CellKindIds;

class Writer {
 public:
  Writer(const Summaries& s, const Conditions& c) : s_(s), conditions_(c), n_(c) {}
  // The condition ids every section names.
  const Names& n() const { return n_; }
  void Line(const std::string& s = "") { absl::StrAppend(&md_, s, "\n"); }
  std::string Token(const std::string& key, const std::string& value) {
    return tokens_.Add(key, value);
  }
  // The interval text of a summary row, recorded as a token; "n/a" if absent.
  std::string Cell(const std::string& h, const std::string& c, int d, const std::string& m) {
    const Summary* s = s_.Get(h, c, d, m);
    if (s == nullptr) return "n/a";
    // Rows of a dose or depth carry the condition's label (S002.d5,
    // S001.k10); the baseline and the composite cells' S001 (dose 0) the id.
    return Token(absl::StrCat(h, ".", conditions_.Label(c, d), ".", m), IntervalText(s->value()));
  }
  // The Markdown and its tokens (sorted, checked: report::ValidateTokens).
  absl::Status Finish(RenderedReport* out) && {
    out->tokens = std::move(tokens_).Finish();
    RETURN_IF_ERROR(report::ValidateTokens(out->tokens, md_, "report.md"));
    out->markdown = std::move(md_);
    return absl::OkStatus();
  }

 private:
  const Summaries& s_;
  const Conditions& conditions_;
  const Names n_;
  std::string md_;
  report::TokenWriter tokens_;
};

// A table's header line and its rule line, one column at a time.
struct TableHead {
  TableHead& Column(const std::string& name, const char* rule_cell = "---") {
    absl::StrAppend(&header, " ", name, " |");
    absl::StrAppend(&rule, rule_cell, "|");
    return *this;
  }
  void WriteTo(Writer& w) const {
    w.Line(header);
    w.Line(rule);
  }
  std::string header = "|", rule = "|";
};

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

const char* const kConditionMetrics[] = {
    "recall_at_1", "recall_at_5",           "recall_at_10",        "mrr",
    "ndcg_at_10",  "function_recall_at_10", "budget_coverage_13k", "budget_coverage_27k"};
const char* const kPairedMetrics[] = {"delta_recall_at_10",     "delta_mrr",
                                      "delta_ndcg_at_10",       "top10_gold_retention",
                                      "loss_of_all_top10_gold", "rank_delta_censored"};
const char* const kDistractorExtra[] = {"distractors_in_top10", "distractor_outranks_first_gold"};

const std::vector<std::string> kCsvHeader = {"cell_id",
                                             "task_id",
                                             "harness",
                                             "seed_coordinate",
                                             "cell_dose",
                                             "condition",
                                             "shared_key",
                                             "corpus_commit",
                                             "recall_at_1",
                                             "recall_at_5",
                                             "recall_at_10",
                                             "mrr",
                                             "ndcg_at_10",
                                             "first_gold_rank",
                                             "first_gold_observed",
                                             "function_recall_at_10",
                                             "gold_functions",
                                             "budget_coverage_13k",
                                             "budget_coverage_27k",
                                             "distractors_in_top10",
                                             "distractor_outranks_first_gold",
                                             "delta_recall_at_10",
                                             "delta_mrr",
                                             "delta_ndcg_at_10",
                                             "top10_gold_retention",
                                             "loss_of_all_top10_gold",
                                             "rank_delta_uncensored",
                                             "rank_delta_censored"};

const char* Bool(bool b) { return b ? "true" : "false"; }

// One cells.csv row: the cell, one condition's outcome and, for a perturbed
// condition, its paired outcome (empty fields for the baseline).
std::vector<std::string> CsvRow(const Cell& c, const ConditionOutcome& o, const PairedOutcome* p) {
  std::vector<std::string> row = {c.cell_id(),
                                  c.task_id(),
                                  c.harness(),
                                  absl::StrCat(c.seed_coordinate()),
                                  absl::StrCat(c.dose()),
                                  o.condition(),
                                  o.shared_key(),
                                  o.corpus_commit(),
                                  F4(o.recall_at_1()),
                                  F4(o.recall_at_5()),
                                  F4(o.recall_at_10()),
                                  F4(o.mrr()),
                                  F4(o.ndcg_at_10()),
                                  absl::StrCat(o.first_gold_rank()),
                                  Bool(o.first_gold_observed()),
                                  o.gold_functions() ? F4(o.function_recall_at_10()) : "",
                                  absl::StrCat(o.gold_functions()),
                                  F4(o.budget_coverage_13k()),
                                  F4(o.budget_coverage_27k()),
                                  absl::StrCat(o.distractors_in_top10()),
                                  Bool(o.distractor_outranks_first_gold())};
  if (p == nullptr) {
    row.resize(kCsvHeader.size());
    return row;
  }
  const bool retention = p->has_top10_gold_retention();
  for (std::string field :
       {F4(p->delta_recall_at_10()), F4(p->delta_mrr()), F4(p->delta_ndcg_at_10()),
        retention ? F4(p->top10_gold_retention()) : "",
        retention ? std::string(Bool(p->loss_of_all_top10_gold())) : "",
        p->has_rank_delta_uncensored() ? absl::StrCat(p->rank_delta_uncensored()) : "",
        absl::StrCat(p->rank_delta_censored())}) {
    row.push_back(std::move(field));
  }
  return row;
}

absl::StatusOr<std::string> Csv(const GridReport& r) {
  report::CsvTable table("cells.csv", kCsvHeader);
  for (const Cell& c : r.cells()) {
    RETURN_IF_ERROR(table.AddRow(CsvRow(c, c.baseline(), nullptr)));
    RETURN_IF_ERROR(table.AddRow(CsvRow(c, c.s001(), &c.s001_paired())));
    RETURN_IF_ERROR(table.AddRow(CsvRow(c, c.s002(), &c.s002_paired())));
  }
  return table.text();
}

std::string DoseResponse(const GridReport& r, const Summaries& s, const Names& n) {
  std::vector<Series> series;
  for (const std::string& h : r.harnesses()) {
    Series line{h, {}};
    auto add = [&](const Summary* row) {
      SeriesPoint p;
      if (row != nullptr) p = {row->value().mean(), row->value().low(), row->value().high(), true};
      line.points.push_back(p);
    };
    add(s.Get(h, n.baseline, 0, "mrr"));
    for (int d : r.doses()) add(s.Get(h, n.distractors, d, "mrr"));
    series.push_back(line);
  }
  std::vector<std::string> categories = {absl::StrCat(n.baseline, " (0)")};
  for (int d : r.doses()) categories.push_back(absl::StrCat(n.distractors, " dose ", d));
  return LinePlotSvg(absl::StrCat(r.grid(), ": MRR by distractor dose, 95% task-bootstrap"),
                     "mean MRR", categories, series, 0.0, 1.0);
}

// Mean delta MRR of S001 by depth (the sweep), per harness and over all.
std::string Staleness(const GridReport& r, const Summaries& s, const Names& n) {
  std::vector<Series> series;
  std::vector<std::string> scopes(r.harnesses().begin(), r.harnesses().end());
  scopes.push_back("all");
  for (const std::string& h : scopes) {
    Series line{h, {}};
    for (int k : r.s001_depths()) {
      SeriesPoint p;
      if (const Summary* row = s.Get(h, n.stale, k, "delta_mrr")) {
        p = {row->value().mean(), row->value().low(), row->value().high(), true};
      }
      line.points.push_back(p);
    }
    series.push_back(line);
  }
  std::vector<std::string> categories;
  for (int k : r.s001_depths()) categories.push_back(absl::StrCat("base~", k));
  return LinePlotSvg(
      absl::StrCat(r.grid(), ": ", n.stale, " delta MRR by staleness depth, 95% task-bootstrap"),
      "delta MRR (stale - baseline)", categories, series, -1.0, 1.0);
}

// The task set's languages as the report names them: "go", "javascript, python".
// "the set's languages" when the report has none (an aggregate without rules
// inputs: tests).
std::string LanguagesText(const GridReport& r) {
  return r.languages().empty() ? "the set's languages" : absl::StrJoin(r.languages(), ", ");
}

// Which languages the corpus is read in, and per task the files and function
// chunks of each at its base.
void CorpusTable(const GridReport& r, Writer& w) {
  if (r.languages().empty()) return;
  w.Line(absl::StrCat(
      "Corpus: the files of ", LanguagesText(r),
      " (their rules files, `stages/corpus/languages/<language>/rules.textproto`) are indexed, "
      "chunked into functions and labelled; nothing else is. At each task's base:"));
  w.Line();
  std::string header = "| Task |", rule = "|---|";
  for (const std::string& language : r.languages()) {
    absl::StrAppend(&header, " ", language, " files | ", language, " chunks |");
    absl::StrAppend(&rule, "---:|---:|");
  }
  w.Line(header);
  w.Line(rule);
  std::string row;
  for (int i = 0; i < r.corpus_counts_size(); ++i) {
    const CorpusCount& c = r.corpus_counts(i);
    if (row.empty()) row = absl::StrCat("| ", c.task_id(), " |");
    absl::StrAppend(&row, " ", c.files(), " | ", c.chunks(), " |");
    if ((i + 1) % r.languages_size() == 0) {
      w.Line(row);
      row.clear();
    }
  }
  w.Line();
}

// The tasks the experiment leaves out, with the researcher's reasons.
void ExcludedTasks(const GridReport& r, Writer& w) {
  if (r.excluded_tasks().empty()) return;
  w.Line(absl::StrCat(
      "Tasks of the set this experiment leaves out (exclude_tasks): ", r.excluded_tasks_size(),
      "; every figure below is over the other ", r.tasks(), " tasks."));
  w.Line();
  for (const experiments::ExcludedTask& x : r.excluded_tasks()) {
    w.Line(absl::StrCat("- ", x.task(), ": ", report::MarkdownText(x.reason())));
  }
  w.Line();
}

// The staleness sweep section (several S001 depths): effective dose per depth
// and the paired deltas per depth.
// The effective dose per depth of the staleness sweep.
void StalenessDoseTable(const GridReport& r, Writer& w) {
  w.Line(absl::StrCat("Effective dose per depth (corpus files, of ", LanguagesText(r),
                      ", stale tree vs base; means per task, and tasks whose gold file changed or "
                      "does not exist at the stale tree):"));
  w.Line();
  w.Line(
      "| Depth | Tasks | Files added | removed | changed | Tasks with a gold file changed | "
      "Tasks with a gold file missing at the stale tree |");
  w.Line("|---:|---:|---:|---:|---:|---:|---:|");
  for (int k : r.s001_depths()) {
    int n = 0, changed_tasks = 0, missing_tasks = 0;
    double added = 0, removed = 0, changed = 0;
    for (const StalenessDose& d : r.staleness_doses()) {
      if (d.depth() != k) continue;
      ++n;
      added += d.files_added();
      removed += d.files_removed();
      changed += d.files_changed();
      changed_tasks += d.gold_changed() ? 1 : 0;
      missing_tasks += d.gold_missing() > 0 ? 1 : 0;
    }
    const double per = n ? 1.0 / n : 0.0;
    w.Line(absl::StrCat("| ", k, " | ", n, " | ", absl::StrFormat("%.1f", added * per), " | ",
                        absl::StrFormat("%.1f", removed * per), " | ",
                        absl::StrFormat("%.1f", changed * per), " | ",
                        w.Token(absl::StrCat("s001.k", k, ".tasks_gold_changed"),
                                absl::StrCat(changed_tasks, "/", n)),
                        " | ",
                        w.Token(absl::StrCat("s001.k", k, ".tasks_gold_missing"),
                                absl::StrCat(missing_tasks, "/", n)),
                        " |"));
  }
  w.Line();
}

// The staleness sweep section (several S001 depths): effective dose per depth
// and the paired deltas per depth.
void StalenessSweep(const GridReport& r, Writer& w) {
  w.Line(absl::StrCat("## ", w.n().stale, " staleness sweep (index at base~d, labels at base)"));
  w.Line();
  StalenessDoseTable(r, w);
  w.Line(
      "Paired deltas per depth (stale minus baseline; task-bootstrap 95% intervals over all "
      "harnesses, clustered by task; per harness below):");
  w.Line();
  w.Line(
      "| Depth | delta recall@10 | delta MRR | delta nDCG@10 | loss of all top-10 gold | rank "
      "delta (censored) |");
  w.Line("|---:|---|---|---|---|---|");
  for (int k : r.s001_depths()) {
    w.Line(absl::StrCat("| ", k, " | ", w.Cell("all", w.n().stale, k, "delta_recall_at_10"), " | ",
                        w.Cell("all", w.n().stale, k, "delta_mrr"), " | ",
                        w.Cell("all", w.n().stale, k, "delta_ndcg_at_10"), " | ",
                        w.Cell("all", w.n().stale, k, "loss_of_all_top10_gold"), " | ",
                        w.Cell("all", w.n().stale, k, "rank_delta_censored"), " |"));
  }
  w.Line();
  TableHead head;
  head.Column("Depth", "---:");
  for (const std::string& h : r.harnesses()) head.Column(h + " delta MRR");
  head.WriteTo(w);
  for (int k : r.s001_depths()) {
    std::string row = absl::StrCat("| ", k, " |");
    for (const std::string& h : r.harnesses()) {
      absl::StrAppend(&row, " ", w.Cell(h, w.n().stale, k, "delta_mrr"), " |");
    }
    w.Line(row);
  }
  w.Line();
  w.Line(absl::StrCat("![", w.n().stale, " delta MRR by depth](staleness.svg)"));
  w.Line();
}

std::string RankDisplacement(const GridReport& r, const Names& n) {
  absl::StatusOr<std::vector<ConditionOutcome>> s001 =
      UniqueS001({r.cells().begin(), r.cells().end()});
  std::vector<Strip> strips;
  for (const std::string& h : r.harnesses()) {
    Strip st{absl::StrCat(h, " ", n.stale), {}, kStaleColor};
    for (const Cell& c : r.cells()) {
      if (c.harness() == h && c.seed_coordinate() == 0) {
        st.values.push_back(c.s001_paired().rank_delta_censored());
      }
    }
    strips.push_back(st);
    Strip s10{absl::StrCat(h, " ", n.distractors, " d", r.doses(r.doses_size() - 1)),
              {},
              kDistractorColor};
    for (const Cell& c : r.cells()) {
      if (c.harness() == h && c.seed_coordinate() == r.doses_size() - 1) {
        s10.values.push_back(c.s002_paired().rank_delta_censored());
      }
    }
    strips.push_back(s10);
  }
  return StripPlotSvg(absl::StrCat(r.grid(), ": first-gold rank displacement, ", n.stale, " and ",
                                   n.distractors, " at dose ", r.doses(r.doses_size() - 1)),
                      "rank delta, perturbed - baseline (symmetric log scale)", strips,
                      {{n.stale, kStaleColor}, {n.distractors, kDistractorColor}});
}

// The title paragraph and the harness list.
void Introduction(const GridReport& r, Writer& w) {
  w.Line(absl::StrCat("# Robustness of retrieval harnesses: ", report::MarkdownText(r.grid())));
  w.Line();
  if (!r.experiment().empty()) {
    w.Line(absl::StrCat("Experiment `", r.experiment(), "` (data/experiments/", r.experiment(),
                        ".textproto) on the ", r.repository(),
                        " history, with the robustness grid's design (docs/e04.md).",
                        r.mined_tasks() == 0
                            ? ""
                            : absl::StrCat(" ", r.mined_tasks(), " of its ", r.tasks(),
                                           " tasks were mined (//tools/tasks:mine): their query "
                                           "is the fix commit's subject, or a merge's pull "
                                           "request title, not a bug report a person wrote.")));
    w.Line();
  }
  w.Line(absl::StrCat(
      w.Token("grid.tasks", absl::StrCat(r.tasks())), " tasks x ", r.harnesses_size(),
      " harnesses (", absl::StrJoin(r.harnesses(), ", "), ") x ", r.doses_size(),
      " distractor doses = ", w.Token("grid.cells", absl::StrCat(r.cells_size())),
      " composite cells, each with a baseline, ", w.n().stale, " (index built at ",
      r.s001_depths_size() == 0 || r.s001_depths(0) == 1
          ? "the stale commit, one commit before the base"
          : absl::StrCat("base~", r.s001_depths(0), ", first parents back from the base"),
      ") and one ", w.n().distractors, " dose (synthetic distractor files",
      r.distractor_vocabulary().empty()
          ? std::string()
          : absl::StrCat(" whose words come from ", r.distractor_vocabulary()),
      "). Means carry 95% percentile "
      "bootstrap intervals that resample tasks (B = ",
      r.bootstrap_resamples(), ", seed ", r.bootstrap_seed(), "). ", w.n().stale,
      " does not depend on the dose: "
      "its outcome is copied into the cells of a task x harness (one per dose) with a shared_key "
      "and "
      "analysed once, as ",
      w.Token("grid.s001_units", absl::StrCat(r.s001_units())), " units."));
  w.Line();

  w.Line(
      "Harnesses (the frozen configs the experiment names, hashed into every cell's provenance):");
  w.Line();
  for (const HarnessDescription& h : r.harness_descriptions()) {
    w.Line(absl::StrCat(
        "- ", h.name(), ": ", report::MarkdownText(h.description()), ".",
        h.note().empty() ? ""
                         : absl::StrCat(" Authored note: ", report::MarkdownText(h.note()), ".")));
  }
  w.Line();
  ExcludedTasks(r, w);
  CorpusTable(r, w);
}

// cell_of(name) for every name, joined by "; ".
template <typename Names, typename CellOf>
std::string Joined(const Names& names, CellOf cell_of) {
  std::vector<std::string> parts;
  for (const auto& name : names) parts.push_back(cell_of(name));
  return absl::StrJoin(parts, "; ");
}

// The names of the harnesses whose description satisfies `keep`, joined.
template <typename Keep>
std::string HarnessesWhere(const GridReport& r, Keep keep) {
  std::vector<std::string> names;
  for (const HarnessDescription& h : r.harness_descriptions()) {
    if (keep(h)) names.push_back(h.name());
  }
  return absl::StrJoin(names, ", ");
}

// What every interval and test rests on: the task count and, when it is too
// small for any paired test to reach 0.05 after Holm's adjustment, that.
std::string SampleSizeNote(const GridReport& r) {
  std::string note =
      absl::StrCat("- Every interval and test below rests on ", r.tasks(),
                   " tasks, resampled (or sign-flipped) as units: few tasks give wide intervals.");
  const int tests = r.paired_tests_size();
  if (tests == 0 || r.tasks() > 30) return note;
  // An exact two-sided sign-flip test of n tasks cannot give p below 2 / 2^n.
  const double floor = 2.0 / std::pow(2.0, r.tasks());
  const double holm = std::min(1.0, tests * floor);
  if (holm < 0.05) return note;
  return absl::StrCat(note, " With ", r.tasks(), " tasks the smallest p a paired test can give is ",
                      absl::StrFormat("%.4f", floor), ", and ", absl::StrFormat("%.4f", holm),
                      " after Holm's adjustment over the ", tests,
                      " tests: no harness difference can be significant at 0.05 here.");
}

// The conditions of the kinds outside the composite cells (S003), one per
// id, in table order.
std::vector<const Condition*> ExtraKinds(const GridReport& r) {
  std::vector<const Condition*> out;
  for (const Condition& c : r.conditions()) {
    const ConditionKind k = c.kind();
    if (k == CONDITION_KIND_BASELINE || k == CONDITION_KIND_STALE_INDEX ||
        k == CONDITION_KIND_DISTRACTORS) {
      continue;
    }
    out.push_back(&c);
  }
  return out;
}

// One summary bullet per kind outside the composite cells: its delta MRR
// per harness and over all, and its delta recall@10 over all.
void ExtraKindBullets(const GridReport& r, Writer& w) {
  for (const Condition* c : ExtraKinds(r)) {
    w.Line(absl::StrCat("- ", c->id(), " (", c->title(), "): delta MRR per harness ",
                        Joined(r.harnesses(),
                               [&](const std::string& h) {
                                 return absl::StrCat(h, " ", w.Cell(h, c->id(), 0, "delta_mrr"));
                               }),
                        "; over all harnesses ", w.Cell("all", c->id(), 0, "delta_mrr"),
                        ", delta recall@10 ", w.Cell("all", c->id(), 0, "delta_recall_at_10"),
                        "."));
  }
}

// The summary bullets: what moved, by how much.
void SummarySection(const GridReport& r, Writer& w) {
  w.Line("## Summary");
  w.Line();
  w.Line(SampleSizeNote(r));
  w.Line(absl::StrCat("- Baseline MRR: ",
                      Joined(r.harnesses(),
                             [&](const std::string& h) {
                               return absl::StrCat(h, " ", w.Cell(h, w.n().baseline, 0, "mrr"));
                             }),
                      "."));
  w.Line(absl::StrCat("- Baseline recall@10: ",
                      Joined(r.harnesses(),
                             [&](const std::string& h) {
                               return absl::StrCat(h, " ",
                                                   w.Cell(h, w.n().baseline, 0, "recall_at_10"));
                             }),
                      "."));
  int gold_changed = 0, any_change = 0;
  for (const S001Dose& d : r.s001_doses()) {
    gold_changed += d.gold_changed() ? 1 : 0;
    any_change += (d.files_added() + d.files_removed() + d.files_changed()) > 0 ? 1 : 0;
  }
  w.Line(absl::StrCat(
      "- ", w.n().stale, " (stale index): delta MRR over all harnesses ",
      w.Cell("all", w.n().stale, 0, "delta_mrr"), ", delta recall@10 ",
      w.Cell("all", w.n().stale, 0, "delta_recall_at_10"), ". Effective dose: ",
      w.Token("s001.tasks_with_go_changes", absl::StrCat(any_change)), " of ", r.tasks(),
      " tasks change any corpus file (", LanguagesText(r), ") between stale and base, and ",
      w.Token("s001.tasks_gold_changed", absl::StrCat(gold_changed)), " change a gold file.",
      gold_changed == 0
          ? absl::StrCat(" With no gold file changed, a null ", w.n().stale,
                         " effect is expected by construction; it is not evidence of robustness "
                         "to staler indexes.")
          : ""));
  w.Line(absl::StrCat(
      "- ", w.n().distractors, " (synthetic distractors), delta MRR over all harnesses: ",
      Joined(r.doses(),
             [&](int d) {
               return absl::StrCat("dose ", d, ": ",
                                   w.Cell("all", w.n().distractors, d, "delta_mrr"));
             }),
      "."));
  ExtraKindBullets(r, w);
  const int top = r.doses_size() ? r.doses(r.doses_size() - 1) : 0;
  w.Line(absl::StrCat(
      "- At dose ", top, ", distractors in the top 10: ",
      w.Cell("all", w.n().distractors, top, "distractors_in_top10"),
      "; share of task x harness units where a distractor outranks the first gold file: ",
      w.Cell("all", w.n().distractors, top, "distractor_outranks_first_gold"), "."));
  if (r.comparisons_size() > 0) {
    w.Line(absl::StrCat("- Harness differences in baseline MRR (paired by task): ",
                        Joined(r.comparisons(),
                               [&](const std::string& cmp) {
                                 return absl::StrCat(cmp, " ",
                                                     w.Cell(cmp, w.n().baseline, 0, "mrr"));
                               }),
                        "."));
  }
  w.Line();
}

// One metric per row, one column per harness and one over all harnesses.
void HarnessTable(const GridReport& r, Writer& w, const std::string& condition, int dose,
                  const std::vector<const char*>& metrics) {
  TableHead head;
  head.Column("Metric");
  for (const std::string& h : r.harnesses()) head.Column(h);
  head.Column("all").WriteTo(w);
  for (const char* m : metrics) {
    std::string row = absl::StrCat("| ", m, " |");
    for (const std::string& h : r.harnesses()) {
      absl::StrAppend(&row, " ", w.Cell(h, condition, dose, m), " |");
    }
    absl::StrAppend(&row, " ", w.Cell("all", condition, dose, m), " |");
    w.Line(row);
  }
  w.Line();
}

// Baseline and S001 tables, the S001 effective dose, and the sweep if any.
void BaselineAndS001(const GridReport& r, Writer& w) {
  const std::vector<const char*> condition(std::begin(kConditionMetrics),
                                           std::end(kConditionMetrics));
  w.Line("## Baseline by harness");
  w.Line();
  HarnessTable(r, w, w.n().baseline, 0, condition);
  const std::string file_level =
      HarnessesWhere(r, [](const HarnessDescription& h) { return h.document_unit() == "files"; });
  if (!file_level.empty()) {
    w.Line(absl::StrCat(
        "function_recall_at_10 of a harness that ranks whole files (", file_level,
        ") walks the functions of its top files in file order, so it is low by construction (a "
        "large top file fills the 10 places); the function-chunk harnesses rank functions "
        "themselves (docs/retrieval.md)."));
    w.Line();
  }
  w.Line(absl::StrCat("## ", w.n().stale, ": stale index (paired with the baseline)"));
  w.Line();
  HarnessTable(r, w, w.n().stale, 0, {std::begin(kPairedMetrics), std::end(kPairedMetrics)});
  w.Line(absl::StrCat("Condition metrics under ", w.n().stale, ":"));
  w.Line();
  HarnessTable(r, w, w.n().stale, 0, condition);
  w.Line(absl::StrCat(w.n().stale, " effective dose (corpus files, of ", LanguagesText(r),
                      ", between stale_commit and base_commit):"));
  w.Line();
  w.Line("| Task | Added | Removed | Changed | Gold file changed |");
  w.Line("|---|---:|---:|---:|---|");
  for (const S001Dose& d : r.s001_doses()) {
    w.Line(absl::StrCat("| ", d.task_id(), " | ", d.files_added(), " | ", d.files_removed(), " | ",
                        d.files_changed(), " | ", d.gold_changed() ? "yes" : "no", " |"));
  }
  w.Line();
  if (r.s001_depths_size() > 1) StalenessSweep(r, w);
  for (const Condition* c : ExtraKinds(r)) {
    w.Line(absl::StrCat("## ", c->id(), ": ", c->title(), " (paired with the baseline)"));
    w.Line();
    HarnessTable(r, w, c->id(), 0, {std::begin(kPairedMetrics), std::end(kPairedMetrics)});
    w.Line(absl::StrCat("Condition metrics under ", c->id(), ":"));
    w.Line();
    HarnessTable(r, w, c->id(), 0, condition);
  }
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
  for (const std::string& cmp : r.comparisons()) {
    const std::string note = DistractorNote(r, w.n(), cmp);
    if (!note.empty()) {
      w.Line(note);
      w.Line();
    }
  }
}

// S002 per dose, the plots, and the paired tests of the harness differences.
void S002AndDifferences(const GridReport& r, Writer& w) {
  w.Line(absl::StrCat("## ", w.n().distractors, ": dose-response"));
  w.Line();
  std::vector<const char*> metrics(std::begin(kPairedMetrics), std::end(kPairedMetrics));
  metrics.insert(metrics.end(), std::begin(kDistractorExtra), std::end(kDistractorExtra));
  metrics.push_back("mrr");
  metrics.push_back("recall_at_10");
  for (int d : r.doses()) {
    w.Line(absl::StrCat("Dose ", d, " (paired with the baseline):"));
    w.Line();
    HarnessTable(r, w, w.n().distractors, d, metrics);
  }
  w.Line("![MRR by dose](dose_response.svg)");
  w.Line();
  w.Line("![Rank displacement](rank_displacement.svg)");
  w.Line();
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

// Why the LSA model trains at its commit: named by the task file, or derived
// (the base of the newest fix), with what that means for adding tasks.
std::string TrainingCommitReason(const GridReport& r) {
  if (r.lsa_training_authored()) {
    return "(named by the task file's lsa_training_commit: adding tasks does not move it; "
           "docs/retrieval.md).";
  }
  return absl::StrCat(
      "(derived, as the task file names no lsa_training_commit: the base of the newest fix, ",
      r.lsa_training_bases_of().empty() ? "a task's"
                                        : absl::StrJoin(r.lsa_training_bases_of(), ", ") + "'s",
      "; adding a task with a newer fix retrains the model and moves every dense number of every "
      "task, so name lsa_training_commit in the task file to hold it; docs/retrieval.md).");
}

// Whether each task's gold files are in the snapshot the LSA model trains on.
void TrainingSnapshot(const GridReport& r, Writer& w) {
  if (r.lsa_training_commit().empty()) return;
  int covered = 0;
  std::vector<std::string> missing;
  for (const TrainingCoverage& c : r.training_coverage()) {
    if (c.gold_files_in_training() == c.gold_files()) {
      ++covered;
    } else {
      missing.push_back(
          absl::StrCat(c.task_id(), " (", c.gold_files_in_training(), " of ", c.gold_files(), ")"));
    }
  }
  w.Line("## Dense model training snapshot");
  w.Line();
  w.Line(absl::StrCat(
      "The LSA model of ",
      HarnessesWhere(r, [](const HarnessDescription& h) { return h.dense() == "lsa"; }),
      " trains on one snapshot, at ", r.lsa_training_commit().substr(0, 12), " ",
      TrainingCommitReason(r), " ", covered, " of ", r.training_coverage_size(),
      " tasks have every gold file in that snapshot",
      missing.empty() ? "."
                      : absl::StrCat("; the others' gold files were never seen in training: ",
                                     absl::StrJoin(missing, ", "), ".")));
  w.Line();
}

// First-gold ranks per task x harness unit.
void PerTask(const GridReport& r, Writer& w) {
  w.Line("## Per task");
  w.Line();
  w.Line(absl::StrCat(
      "First-gold rank (\">200\": no gold file among the 200 returned; censored at 201) and "
      "MRR, baseline / ",
      w.n().stale, " / ", w.n().distractors, " at each dose:"));
  w.Line();
  TableHead head;
  head.Column("Task")
      .Column("Harness")
      .Column("Baseline rank", "---:")
      .Column(absl::StrCat(w.n().stale, " rank"), "---:");
  for (int d : r.doses()) head.Column(absl::StrCat(w.n().distractors, " d", d, " rank"), "---:");
  head.Column("Baseline MRR", "---:").Column("Gold files returned (baseline)").WriteTo(w);
  std::map<std::pair<std::string, std::string>, std::vector<const Cell*>> by_unit;
  std::vector<std::pair<std::string, std::string>> order;
  for (const Cell& c : r.cells()) {
    auto key = std::make_pair(c.task_id(), c.harness());
    if (by_unit[key].empty()) order.push_back(key);
    by_unit[key].push_back(&c);
  }
  for (const auto& key : order) {
    const std::vector<const Cell*>& unit = by_unit[key];
    std::vector<std::string> ranks = {Rank(unit[0]->baseline()), Rank(unit[0]->s001())};
    for (const Cell* c : unit) ranks.push_back(Rank(c->s002()));
    const std::string rank_cells =
        w.Token(absl::StrCat(key.first, ".", key.second, ".ranks"), absl::StrJoin(ranks, " | "));
    int gold = 0;
    for (const RankedFile& f : unit[0]->baseline().files()) gold += f.gold() ? 1 : 0;
    w.Line(absl::StrCat("| ", key.first, " | ", key.second, " | ", rank_cells, " | ",
                        F4(unit[0]->baseline().mrr()), " | ", gold, " |"));
  }
  w.Line();
}

// Definitions of every reported quantity.
void Conventions(const GridReport& r, Writer& w) {
  w.Line("## Conventions");
  w.Line();
  w.Line(
      "- Relevance is binary: a gold file (changed by the fix, not a test, not generated, not "
      "vendored) is relevant. Recall@k = gold files in the top k / gold files; MRR = 1 / rank of "
      "the first gold file, 0 when none of the 200 returned files is gold; nDCG@10 with gain 1 "
      "and discount log2(rank + 1), IDCG from the number of gold files.");
  w.Line(
      "- First-gold rank is censored at candidate_limit + 1 = 201. Rank delta = perturbed rank - "
      "baseline rank, so a positive delta means the first gold file moved down (worse). The "
      "uncensored delta is null unless both ranks are observed; rank_delta_censored uses 201.");
  w.Line(
      "- Paired metrics compare a perturbed condition with the baseline of the same task and "
      "harness; delta_X = X(perturbed) - X(baseline). top10_gold_retention = gold files in both "
      "top 10s / gold files in the baseline top 10; loss_of_all_top10_gold = 1 when the baseline "
      "top "
      "10 held a gold file and the perturbed top 10 holds none. Both are averaged only over units "
      "whose baseline top 10 holds a gold file (the others have nothing to retain or lose).");
  w.Line(absl::StrCat(
      "- ", w.n().distractors,
      " only: distractors_in_top10 = synthetic files among the first 10 (at most the dose); "
      "distractor_outranks_first_gold = 1 when a distractor ranks above the first gold file (or "
      "any "
      "distractor is returned while no gold file is)."));
  w.Line(absl::StrCat(
      "- cells.csv has one row per composite cell and condition; cell_dose is the cell's ",
      w.n().distractors, " dose, also on its baseline and ", w.n().stale,
      " rows (which do not depend on it)."));
  w.Line(absl::StrCat(
      "- Function recall@10: gold functions (file and Receiver.Method) among the first 10 of the "
      "harness's ranked function list; tasks without a gold function are left out of its mean",
      r.tasks_without_gold_functions().empty()
          ? " (every task here has one)."
          : absl::StrCat(": ", r.tasks_without_gold_functions_size(), " of ", r.tasks(),
                         " tasks have gold files but no gold function (",
                         absl::StrJoin(r.tasks_without_gold_functions(), ", "),
                         "), so its means are over ",
                         r.tasks() - r.tasks_without_gold_functions_size(), " tasks.")));
  w.Line(
      "- Token-budget coverage: ranked files are taken in order while the next whole file fits "
      "the budget (13,000 or 27,000 tokens; a token is a run of [A-Za-z0-9_] or one other "
      "non-space character); the share of gold files fully included.");
  w.Line(
      "- Query times are volatile and kept out of this report's hashed artifacts "
      "(timings.volatile.csv).");
  w.Line();
}

// What the grid does not evaluate.
void NotEvaluated(const GridReport& r, Writer& w) {
  w.Line("## What this grid does not evaluate");
  w.Line();
  w.Line(
      "- Whether a model or developer given the retrieved files would fix the bug: the grid "
      "measures file and function localization only.");
  if (r.s001_depths_size() > 1) {
    w.Line(
        "- Staleness along other histories: the sweep indexes first-parent ancestors base~d only; "
        "merged branches, rebases and uncommitted work are not covered.");
  } else {
    w.Line(absl::StrCat("- Staleness beyond one commit: ", w.n().stale,
                        " indexes the stale commit, base^1; its effective dose "
                        "is the table above, often no change to a file of ",
                        LanguagesText(r), " at all."));
  }
  w.Line(absl::StrCat("- Adversarial or naturally occurring distractors: ", w.n().distractors,
                      " files are synthetic, built from the "
                      "query's own words under a reserved path; real near-duplicates may behave "
                      "differently."));
  w.Line(
      "- Other repositories, languages, query authors or reformulation models; the blinded "
      "reformulation is one frozen artifact per task.");
  w.Line("- Production retrieval latency: query times here are single-machine and volatile.");
  if (!r.lsa_training_commit().empty()) {
    w.Line(absl::StrCat(
        "- A leak-free dense model: the LSA model is trained at one pinned commit of the corpus (",
        r.lsa_training_commit().substr(0, 12),
        ", after most fixes when it is the newest base), so its term statistics may include fixed "
        "code; it never sees queries or labels (docs/e04.md)."));
  }
}

}  // namespace

absl::StatusOr<RenderedReport> RenderReport(const GridReport& r) {
  ConditionTable table;
  *table.mutable_conditions() = r.conditions();
  ASSIGN_OR_RETURN(const Conditions conditions, Conditions::Create(table));
  Summaries s(r);
  Writer w(s, conditions);
  Introduction(r, w);
  SummarySection(r, w);
  BaselineAndS001(r, w);
  S002AndDifferences(r, w);
  TrainingSnapshot(r, w);
  PerTask(r, w);
  Conventions(r, w);
  NotEvaluated(r, w);
  RenderedReport out;
  RETURN_IF_ERROR(std::move(w).Finish(&out));
  ASSIGN_OR_RETURN(out.cells_csv, Csv(r));
  out.dose_response_svg = DoseResponse(r, s, w.n());
  out.rank_displacement_svg = RankDisplacement(r, w.n());
  if (r.s001_depths_size() > 1) out.staleness_svg = Staleness(r, s, w.n());
  return out;
}

}  // namespace repro::grid
