#include "stages/grid/reports/report_writer.h"

#include <map>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "gtest/gtest.h"
#include "stages/grid/aggregate/aggregate.h"
#include "stages/grid/conditions/test_conditions.h"

namespace repro::grid {
namespace {

// The report rendered with every unit's Acc@k 0 and function Acc@k
// undefined.
absl::StatusOr<RenderedReport> Render(const GridReport& r) {
  return RenderReport(r, std::vector<UnitAccuracy>(r.units_size()));
}

GridReport Small(bool comments_removed = false) {
  GridInput in;
  in.grid = "test";
  in.task_ids = {"T1", "T2"};
  in.harnesses = {"H000", "H008", "H010"};
  in.resamples = 100;
  in.seed = 20260704;
  in.doses = {1, 5, 10};
  in.s001_depths = {1};
  in.conditions = TestConditions(in.s001_depths, in.doses);
  in.gold = {{"T1", {{"a.go"}, {}}}, {"T2", {{"a.go"}, {}}}};
  for (const std::string& t : in.task_ids) {
    for (const std::string& h : in.harnesses) {
      for (const char* cond : {kTestBaseline, kTestStale, kTestNoise, kTestNoise, kTestNoise}) {
        static int dose_index = 0;
        ConditionOutcome o;
        o.set_task_id(t);
        o.set_harness(h);
        o.set_condition(cond);
        o.set_candidate_limit(200);
        if (std::string(cond) == kTestNoise) o.set_dose(in.doses[dose_index++ % 3]);
        if (std::string(cond) == kTestStale) o.set_shared_key(t + "/" + h);
        o.set_mrr(0.5);
        o.set_first_gold_rank(2);
        o.set_first_gold_observed(true);
        in.outcomes.push_back(o);
      }
    }
  }
  if (comments_removed) {
    AddCommentsRemoved(&in.conditions);
    for (const std::string& t : in.task_ids) {
      for (const std::string& h : in.harnesses) {
        ConditionOutcome o;
        o.set_task_id(t);
        o.set_harness(h);
        o.set_condition(kTestBare);
        o.set_candidate_limit(200);
        o.set_mrr(0.25);
        o.set_first_gold_rank(4);
        o.set_first_gold_observed(true);
        in.outcomes.push_back(o);
      }
    }
  }
  in.s001_doses.resize(2);
  in.s001_doses[0].set_task_id("T1");
  in.s001_doses[1].set_task_id("T2");
  return *Aggregate(in);
}

TEST(GridReportWriterTest, TokensAppearInTheMarkdown) {
  absl::StatusOr<RenderedReport> rendered = Render(Small());
  ASSERT_TRUE(rendered.ok()) << rendered.status();
  const RenderedReport& out = *rendered;
  ASSERT_FALSE(out.tokens.empty());
  for (const auto& [key, value] : out.tokens) {
    EXPECT_NE(out.markdown.find(value), std::string::npos) << key;
  }
  EXPECT_NE(out.markdown.find("## What this grid does not evaluate"), std::string::npos);
  EXPECT_NE(out.markdown.find("a null stale effect is expected by construction"),
            std::string::npos);
  EXPECT_NE(out.dose_response_svg.find("<svg"), std::string::npos);
  EXPECT_EQ(Render(Small())->rank_displacement_svg, out.rank_displacement_svg);
  const auto has = [&out](const std::string& key) {
    for (const auto& [k, v] : out.tokens) {
      if (k == key) return true;
    }
    return false;
  };
  EXPECT_TRUE(has("H000.baseline.file_acc_at_1"));
  EXPECT_TRUE(has(absl::StrCat("all.", kTestStale, ".file_acc_at_10")));
  EXPECT_FALSE(has("all.baseline.function_acc_at_1"));  // no task has a gold function
  EXPECT_NE(out.markdown.find("| file_acc_at_5 |"), std::string::npos);
}

TEST(GridReportWriterTest, SeveralTaskSetsHaveTheirOwnFigures) {
  GridReport r = Small();
  EXPECT_EQ(Render(r)->markdown.find("## Per task set"), std::string::npos);  // one set: none
  TaskSetReport* set = r.add_task_sets();
  set->set_name("set_a");
  set->set_repository("org/a");
  set->add_task_ids("T1");
  set->set_lsa_training_commit("0123456789abcdef");
  *set->mutable_summaries() = r.summaries();
  absl::StatusOr<RenderedReport> out = Render(r);
  ASSERT_TRUE(out.ok()) << out.status();
  EXPECT_NE(out->markdown.find("## Per task set"), std::string::npos);
  EXPECT_NE(out->markdown.find("### Task set `set_a`: org/a, 1 tasks"), std::string::npos);
  EXPECT_NE(out->markdown.find("trains on 0123456789ab (derived"), std::string::npos);
  std::map<std::string, std::string> tokens(out->tokens.begin(), out->tokens.end());
  ASSERT_TRUE(tokens.count("set.set_a.H000.baseline.mrr"));
  EXPECT_EQ(tokens["set.set_a.H000.baseline.mrr"], tokens["H000.baseline.mrr"]);
  int deltas = 0;  // every perturbed row of the set's table: the one-set value
  for (const auto& [key, value] : tokens) {
    if (key.rfind("set.set_a.H000.", 0) != 0 || key.find(".delta_mrr") == std::string::npos) {
      continue;
    }
    ++deltas;
    EXPECT_EQ(value, tokens[key.substr(std::string("set.set_a.").size())]) << key;
  }
  EXPECT_GE(deltas, 3);  // S001, S002 at two doses
  EXPECT_EQ(tokens["set.set_a.tasks"], "1");
}

// Small() described as an experiment on a second repository: a file-level
// harness searching with the query, chunk harnesses with and without the
// reformulation, an LSA leg, one task whose gold file the training snapshot
// lacks.
GridReport Described() {
  GridReport r = Small();
  r.set_grid("six cobra bug fixes");
  r.set_experiment("cobra");
  r.set_repository("cobra");
  r.set_distractor_vocabulary("the task query");
  r.add_comparisons("H010-H008");
  const char* const fields[][4] = {{"H000", "query", "files", ""},
                                   {"H008", "query", "function chunks", "lsa"},
                                   {"H010", "reformulation", "function chunks", "lsa"}};
  for (const auto& f : fields) {
    HarnessDescription* h = r.add_harness_descriptions();
    h->set_name(f[0]);
    h->set_query_field(f[1]);
    h->set_document_unit(f[2]);
    h->set_dense(f[3]);
  }
  r.set_lsa_training_commit("0123456789abcdef0123456789abcdef01234567");
  for (const auto& [id, in_training] : {std::make_pair("T1", 1), std::make_pair("T2", 0)}) {
    TrainingCoverage* c = r.add_training_coverage();
    c->set_task_id(id);
    c->set_gold_files(1);
    c->set_gold_files_in_training(in_training);
  }
  return r;
}

bool Has(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

// Report text comes from the experiment and its data (once every report
// named GitLab Runner, LM Studio and "... history").
TEST(GridReportWriterTest, TextComesFromTheExperiment) {
  absl::StatusOr<RenderedReport> out = Render(Described());
  ASSERT_TRUE(out.ok()) << out.status();
  const std::string& md = out->markdown;
  EXPECT_TRUE(Has(md, "# Robustness of retrieval harnesses: six cobra bug fixes\n")) << md;
  EXPECT_TRUE(
      Has(md, "Experiment `cobra` (data/experiments/cobra.textproto) on the cobra history"));
  EXPECT_TRUE(Has(md, "synthetic distractor files whose words come from the task query"));
  EXPECT_FALSE(Has(md, "GitLab Runner"));
  EXPECT_FALSE(Has(md, "LM Studio"));
  EXPECT_FALSE(Has(md, " history\n\n"));
}

// The experiment's prose is shown as written and adds no Markdown: an
// injected heading, image or HTML in the title, a reason or a description
// stays text on its own line (once raw in report.md).
TEST(GridReportWriterTest, ExperimentProseAddsNoMarkdown) {
  GridReport r = Described();
  r.set_grid("cobra\n# injected <img src=x> ![i](http://127.0.0.1:8765/i.png)");
  experiments::ExcludedTask* x = r.add_excluded_tasks();
  x->set_task("T9");
  x->set_reason("dup\n\n## Summary *forged* | a | b |");
  r.mutable_harness_descriptions(0)->set_description("BM25 `x`\x1b[2J");
  absl::StatusOr<RenderedReport> out = Render(r);
  ASSERT_TRUE(out.ok()) << out.status();
  const std::string& md = out->markdown;
  EXPECT_TRUE(Has(md,
                  "# Robustness of retrieval harnesses: cobra \\# injected \\<img src=x\\> "
                  "!\\[i\\](http://127.0.0.1:8765/i.png)\n"))
      << md;
  EXPECT_TRUE(Has(md, "- T9: dup  \\#\\# Summary \\*forged\\* \\| a \\| b \\|\n")) << md;
  EXPECT_TRUE(Has(md, "- H000: BM25 \\`x\\`\xEF\xBF\xBD\\[2J.")) << md;
  EXPECT_FALSE(Has(md, "\n# injected")) << md;
  EXPECT_FALSE(Has(md, "\n## Summary *forged*")) << md;
  EXPECT_FALSE(Has(md, "\x1b")) << md;
}

// The report's wording comes from the experiment: a Python grid is never
// presented as E04's or as Go's, in the text or in a plot's title.
TEST(GridReportWriterTest, WordingIsTheExperimentsNotE04sOrGos) {
  GridReport r = Described();
  r.add_languages("python");
  absl::StatusOr<RenderedReport> out = Render(r);
  ASSERT_TRUE(out.ok()) << out.status();
  EXPECT_FALSE(Has(out->markdown, "E04")) << out->markdown;
  EXPECT_FALSE(Has(out->markdown, "Go ")) << out->markdown;
  EXPECT_TRUE(Has(out->markdown, "often no change to a file of python at all")) << out->markdown;
  EXPECT_FALSE(Has(out->dose_response_svg, "E04")) << out->dose_response_svg;
  EXPECT_FALSE(Has(out->rank_displacement_svg, "E04")) << out->rank_displacement_svg;
}

// The training snapshot section says why the model trains at its commit:
// derived (naming the task whose base it is, and what adding a task does), or
// named by the task file.
TEST(GridReportWriterTest, TrainingCommitSaysWhetherDerivedOrNamed) {
  GridReport r = Described();
  r.add_lsa_training_bases_of("T2");
  absl::StatusOr<RenderedReport> derived = Render(r);
  ASSERT_TRUE(derived.ok()) << derived.status();
  EXPECT_TRUE(
      Has(derived->markdown,
          "at 0123456789ab (derived, as the task file names no lsa_training_commit: the "
          "base of the newest fix, T2's; adding a task with a newer fix retrains the model"))
      << derived->markdown;
  r.set_lsa_training_authored(true);
  r.clear_lsa_training_bases_of();
  absl::StatusOr<RenderedReport> named = Render(r);
  ASSERT_TRUE(named.ok()) << named.status();
  EXPECT_TRUE(Has(named->markdown,
                  "at 0123456789ab (named by the task file's lsa_training_commit: adding tasks "
                  "does not move it"))
      << named->markdown;
}

// A harness is described by the text generated from its parameters; the
// config's authored description stands beside it, marked as such, and escaped.
TEST(GridReportWriterTest, AuthoredNoteStandsBesideTheGeneratedDescription) {
  GridReport r = Described();
  r.mutable_harness_descriptions(0)->set_description("BM25 (k1 = 0.9, b = 0.4)");
  r.mutable_harness_descriptions(0)->set_note("RRF k = 60 *old*");
  absl::StatusOr<RenderedReport> out = Render(r);
  ASSERT_TRUE(out.ok()) << out.status();
  EXPECT_TRUE(Has(out->markdown,
                  "- H000: BM25 (k1 = 0.9, b = 0.4). Authored note: RRF k = 60 \\*old\\*.\n"))
      << out->markdown;
}

// An experiment over mined tasks says so, and what a mined query is, in its
// first paragraph; one without says nothing of mining.
TEST(GridReportWriterTest, MinedTasksAreNamedFirst) {
  GridReport r = Described();
  absl::StatusOr<RenderedReport> plain = Render(r);
  ASSERT_TRUE(plain.ok()) << plain.status();
  EXPECT_FALSE(Has(plain->markdown, "mined")) << plain->markdown;
  r.set_mined_tasks(2);
  absl::StatusOr<RenderedReport> out = Render(r);
  ASSERT_TRUE(out.ok()) << out.status();
  EXPECT_TRUE(Has(out->markdown, absl::StrCat(" 2 of its ", r.tasks(),
                                              " tasks were mined (//tools/tasks:mine): their query "
                                              "is the fix commit's subject, or a merge's pull "
                                              "request title, not a bug report a person wrote.")))
      << out->markdown;
}

// The S002 advantage of a harness that searches with another field than the
// distractors' is named beside the differences, from the harnesses' data.
TEST(GridReportWriterTest, DistractorSourceArtifactIsNamed) {
  GridReport r = Described();
  absl::StatusOr<RenderedReport> out = Render(r);
  ASSERT_TRUE(out.ok()) << out.status();
  EXPECT_TRUE(Has(out->markdown,
                  "Note on H010-H008 under noise: the distractors take their words from the task "
                  "query; H010 searches with the reformulation, H008 with the query, so H010 "
                  "meets fewer of the distractors' words by construction"))
      << out->markdown;
  r.set_distractor_vocabulary("the task query and the blinded reformulation");
  out = Render(r);
  ASSERT_TRUE(out.ok()) << out.status();
  EXPECT_FALSE(Has(out->markdown, "Note on H010-H008 under noise"));
}

// Per task, whether the dense model's training snapshot holds its gold files.
TEST(GridReportWriterTest, TrainingSnapshotCoverageIsReported) {
  absl::StatusOr<RenderedReport> out = Render(Described());
  ASSERT_TRUE(out.ok()) << out.status();
  EXPECT_TRUE(Has(out->markdown,
                  "The LSA model of H008, H010 trains on one snapshot, at 0123456789ab (derived, "
                  "as the task file names no lsa_training_commit: the base of the newest fix, a "
                  "task's; adding a task with a newer fix retrains the model and moves every "
                  "dense number of every task, so name lsa_training_commit in the task file to "
                  "hold it; docs/retrieval.md). 1 of 2 tasks have every gold file in that "
                  "snapshot; the others' gold files were never seen in training: T2 (0 of 1)."))
      << out->markdown;
}

// Function recall of a file-level harness, and how few tasks the tests rest on.
TEST(GridReportWriterTest, FunctionRecallAndSampleSizeAreExplained) {
  absl::StatusOr<RenderedReport> out = Render(Described());
  ASSERT_TRUE(out.ok()) << out.status();
  EXPECT_TRUE(Has(out->markdown,
                  "function_recall_at_10 of a harness that ranks whole files (H000) walks the "
                  "functions of its top files in file order"));
  EXPECT_TRUE(Has(out->markdown, "- Every interval and test below rests on 2 tasks"));
  GridReport r = Described();
  PairedTest* t = r.add_paired_tests();
  t->set_comparison("H010-H008");
  out = Render(r);
  ASSERT_TRUE(out.ok()) << out.status();
  EXPECT_TRUE(Has(out->markdown,
                  "With 2 tasks the smallest p a paired test can give is 0.5000, and 0.5000 after "
                  "Holm's adjustment over the 1 tests: no harness difference can be significant "
                  "at 0.05 here."))
      << out->markdown;
}

}  // namespace
}  // namespace repro::grid

namespace repro::grid {
namespace {

// S003's shape: a summary bullet with its delta MRR per harness and a
// section of its own; a report without it has neither.
TEST(GridReportWriterTest, CommentsRemovedHasABulletAndASection) {
  absl::StatusOr<RenderedReport> with = Render(Small(true));
  ASSERT_TRUE(with.ok()) << with.status();
  EXPECT_NE(with->markdown.find("- bare (comments removed): delta MRR per harness H000 -0.2500"),
            std::string::npos)
      << with->markdown;
  EXPECT_NE(with->markdown.find("## bare: comments removed (paired with the baseline)"),
            std::string::npos);
  bool token = false;
  for (const auto& [key, value] : with->tokens) token = token || key == "all.bare.delta_mrr";
  EXPECT_TRUE(token);
  absl::StatusOr<RenderedReport> without = Render(Small());
  ASSERT_TRUE(without.ok());
  EXPECT_EQ(without->markdown.find("bare"), std::string::npos);
}

// Which candidates the harnesses indexed is always said; the token only
// when it is not the default, so that no existing tokens file gains a line.
TEST(GridReportWriterTest, CandidatesAreSaidAndCountedBesideTheCorpusFiles) {
  GridReport r = Small();
  r.add_languages("go");
  for (const char* t : {"T1", "T2"}) {
    CorpusCount* c = r.add_corpus_counts();
    c->set_task_id(t);
    c->set_language("go");
    c->set_files(12);
    c->set_chunks(40);
  }
  for (GridUnit& u : *r.mutable_units()) {
    if (u.condition() == kTestBaseline)
      u.mutable_outcome()->mutable_index_stats()->set_documents(9);
  }
  r.set_candidates("all corpus files");
  absl::StatusOr<RenderedReport> all = Render(r);
  ASSERT_TRUE(all.ok()) << all.status();
  EXPECT_NE(all->markdown.find("Candidates: all corpus files, tests included"), std::string::npos)
      << all->markdown;
  EXPECT_NE(all->markdown.find("| Task | go files | go chunks |\n"), std::string::npos);
  for (const auto& [key, value] : all->tokens) EXPECT_NE(key, "grid.candidates");

  r.set_candidates("gold candidates only");
  absl::StatusOr<RenderedReport> gold = Render(r);
  ASSERT_TRUE(gold.ok()) << gold.status();
  const std::string& md = gold->markdown;
  EXPECT_NE(md.find("Candidates: gold candidates only (`candidates: "), std::string::npos) << md;
  EXPECT_NE(md.find("| Task | go files | go chunks | gold candidates indexed |\n"),
            std::string::npos);
  EXPECT_NE(md.find("| T1 | 12 | 40 | 9 |\n"), std::string::npos) << md;
  bool token = false;
  for (const auto& [key, value] : gold->tokens) {
    token = token || (key == "grid.candidates" && value == "gold candidates only");
  }
  EXPECT_TRUE(token);
}

}  // namespace
}  // namespace repro::grid
