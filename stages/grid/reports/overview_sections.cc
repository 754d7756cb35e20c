#include "stages/grid/reports/overview_sections.h"

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "stages/framework/report/markdown.h"

namespace repro::grid {
namespace {

bool GoldCandidatesOnly(const GridReport& r) { return r.candidates() == "gold candidates only"; }

// Which files every harness indexed (Experiment.candidates): a token only
// when it is not the default, so that no existing tokens file gains a line.
void CandidatesLine(const GridReport& r, Writer& w) {
  if (!GoldCandidatesOnly(r)) {
    w.Line(
        "Candidates: all corpus files, tests included (the default of the experiment's "
        "`candidates`, docs/experiments.md): every harness indexes every corpus file, under "
        "every condition.");
  } else {
    w.Line(absl::StrCat(
        "Candidates: ", w.Token("grid.candidates", r.candidates()),
        " (`candidates: CANDIDATES_GOLD_CANDIDATES_ONLY`, docs/experiments.md), as "
        "localization studies define them: the corpus files the language rules mark non-gold "
        "(tests, mocks, generated and vendored files, documentation: their "
        "`non_gold_path_globs` and `non_gold_basename_globs`) stay in the corpus but no harness "
        "indexes them, under any condition. No gold file is one of them, and S002 adds its "
        "distractors as before."));
  }
  w.Line();
}

// The files the first harness indexed at task's base (its baseline unit), or
// "n/a" when the report has no such unit.
std::string IndexedAtBase(const GridReport& r, const std::string& task, const Writer& w) {
  for (const GridUnit& u : r.units()) {
    if (u.task_id() == task && u.harness() == r.harnesses(0) && u.condition() == w.n().baseline) {
      return absl::StrCat(u.outcome().index_stats().documents());
    }
  }
  return "n/a";
}

// Which languages the corpus is read in, and per task the files and function
// chunks of each at its base: corpus files, whatever the candidates; with the
// gold candidates only, a column of the files the harnesses indexed there.
void CorpusTable(const GridReport& r, Writer& w) {
  if (r.languages().empty()) return;
  const bool candidates = GoldCandidatesOnly(r) && r.harnesses_size() > 0;
  w.Line(absl::StrCat(
      "Corpus: the files of ", LanguagesText(r),
      " (their rules files, `stages/corpus/languages/<language>/rules.textproto`) are read, "
      "chunked into functions and labelled; nothing else is. At each task's base, corpus files "
      "(tests included)",
      candidates ? " and the gold candidates the harnesses indexed (their baseline cells)" : "",
      ":"));
  w.Line();
  std::string header = "| Task |", rule = "|---|";
  for (const std::string& language : r.languages()) {
    absl::StrAppend(&header, " ", language, " files | ", language, " chunks |");
    absl::StrAppend(&rule, "---:|---:|");
  }
  if (candidates) {
    absl::StrAppend(&header, " gold candidates indexed |");
    absl::StrAppend(&rule, "---:|");
  }
  w.Line(header);
  w.Line(rule);
  std::string row;
  for (int i = 0; i < r.corpus_counts_size(); ++i) {
    const CorpusCount& c = r.corpus_counts(i);
    if (row.empty()) row = absl::StrCat("| ", c.task_id(), " |");
    absl::StrAppend(&row, " ", c.files(), " | ", c.chunks(), " |");
    if ((i + 1) % r.languages_size() == 0) {
      if (candidates) absl::StrAppend(&row, " ", IndexedAtBase(r, c.task_id(), w), " |");
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

}  // namespace

void Introduction(const GridReport& r, Writer& w) {
  w.Line(absl::StrCat("# Robustness of retrieval harnesses: ", report::MarkdownText(r.grid())));
  w.Line();
  if (!r.experiment().empty()) {
    w.Line(absl::StrCat("Experiment `", r.experiment(), "` (data/experiments/", r.experiment(),
                        ".textproto) on the ",
                        r.task_sets_size() == 0
                            ? absl::StrCat(r.repository(), " history")
                            : absl::StrCat("histories of ", r.repository(), " (one task set each)"),
                        ", with the robustness grid's design (docs/grid.md).",
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
  CandidatesLine(r, w);
  CorpusTable(r, w);
}

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

}  // namespace repro::grid
