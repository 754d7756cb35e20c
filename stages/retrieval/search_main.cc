// `bazel run //stages/retrieval:search -- --set=<set> --harness=<H> --task=<T>`
//
// Runs harness H (H000, H008, H010, or "all") on task T ("all" = every task
// of the set) at its base commit and prints the ranked files with scores and
// gold marks, the first functions, and the task's recall@1/5/10, MRR,
// nDCG@10, first-gold rank (censored at candidate_limit + 1) and function
// recall@10 (task_metrics.h). With several runs it ends with a table of means
// over tasks per harness. --json prints each HarnessResult as JSON instead of
// the ranked lists. Query and build times are printed as volatile.
//
// Sets: "fixture" (the authored fixture corpus) and "gitlab-runner" (needs
// --repo_env=GITLAB_RUNNER_GIT=<clone>; without it the command says so).
#include <cstdio>
#include <fstream>
#include <map>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include "absl/flags/flag.h"
#include "absl/flags/parse.h"
#include "absl/flags/usage.h"
#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"
#include "stages/corpus/corpus.pb.h"
#include "stages/corpus/task.pb.h"
#include "stages/pipeline/file_io.h"
#include "stages/pipeline/textproto.h"
#include "stages/retrieval/dense_backend.h"
#include "stages/retrieval/harness.h"
#include "stages/retrieval/harness_config.h"
#include "stages/retrieval/retrieval_corpus.h"
#include "stages/retrieval/set_index.h"
#include "stages/retrieval/task_metrics.h"

ABSL_FLAG(std::string, set, "fixture", "task set: fixture or gitlab-runner");
ABSL_FLAG(std::string, harness, "H000", "H000, H008, H010 or all");
ABSL_FLAG(std::string, task, "all", "task id, or all");
ABSL_FLAG(int, top, 20, "ranked files (and functions) to print per run");
ABSL_FLAG(bool, json, false, "print each HarnessResult as JSON");
ABSL_FLAG(std::vector<std::string>, indexes, {}, "search_index.tsv files (set by the BUILD rule)");
ABSL_FLAG(std::string, harness_dir, "data/e04/harnesses", "directory of the harness configs");

namespace repro::retrieval {
namespace {

struct Mean {
  int n = 0;
  double r1 = 0, r5 = 0, r10 = 0, mrr = 0, ndcg = 0, fr10 = 0;
  int fr_n = 0;
};

absl::Status Main() {
  absl::StatusOr<SetIndex> index = LoadSet(absl::GetFlag(FLAGS_indexes), absl::GetFlag(FLAGS_set));
  if (!index.ok()) return index.status();
  absl::StatusOr<corpus::TaskSet> loaded_set = LoadTaskSet(*index);
  if (!loaded_set.ok()) return loaded_set.status();
  const corpus::TaskSet& task_set = *loaded_set;

  std::vector<std::string> harness_names = {"H000", "H008", "H010"};
  if (absl::GetFlag(FLAGS_harness) != "all") harness_names = {absl::GetFlag(FLAGS_harness)};
  std::vector<HarnessConfig> configs;
  for (const std::string& h : harness_names) {
    absl::StatusOr<HarnessConfig> c =
        LoadHarnessConfig(absl::StrCat(absl::GetFlag(FLAGS_harness_dir), "/", h, ".textproto"));
    if (!c.ok()) return c.status();
    configs.push_back(*std::move(c));
  }

  // One backend per pinned sha256 (H008 and H010 pin the same model); each
  // pin is checked when it is opened.
  std::map<std::string, std::unique_ptr<EmbeddingBackend>> backends;
  absl::StatusOr<std::string> model_path = PathOf(*index, "-", "lsa_model");
  if (!model_path.ok()) return model_path.status();
  for (const HarnessConfig& c : configs) {
    if (c.document_unit() != DOCUMENT_UNIT_FUNCTION_CHUNKS) continue;
    absl::StatusOr<PinnedModel> pinned = PinnedModelFor(c, task_set.repository());
    if (!pinned.ok()) return pinned.status();
    if (backends.count(pinned->sha256())) continue;
    absl::StatusOr<std::unique_ptr<EmbeddingBackend>> b =
        OpenPinnedBackend(c, task_set.repository(), *model_path);
    if (!b.ok()) return b.status();
    backends[pinned->sha256()] = *std::move(b);
  }

  std::map<std::string, Mean> means;
  const int top = absl::GetFlag(FLAGS_top);
  int runs = 0;
  for (const corpus::Task& task : task_set.tasks()) {
    if (absl::GetFlag(FLAGS_task) != "all" && task.id() != absl::GetFlag(FLAGS_task)) continue;
    absl::StatusOr<TaskCorpus> data = LoadTaskCorpus(*index, task.id());
    if (!data.ok()) return data.status();
    const corpus::Labels& labels = data->labels;
    absl::StatusOr<Corpus> corpus = Corpus::Create(data->snapshot, data->chunks);
    if (!corpus.ok()) return corpus.status();
    std::map<std::string, bool> gold;
    for (const std::string& g : labels.gold_files()) gold[g] = true;

    for (const HarnessConfig& config : configs) {
      EmbeddingBackend* dense = nullptr;
      if (config.document_unit() == DOCUMENT_UNIT_FUNCTION_CHUNKS) {
        dense = backends[PinnedModelFor(config, task_set.repository())->sha256()].get();
      }
      const std::string query(SelectQuery(config, task.query(), task.reformulation()));
      absl::StatusOr<HarnessRun> run = RunHarness(config, *corpus, dense, query);
      if (!run.ok()) return run.status();
      absl::StatusOr<TaskMetrics> m =
          ComputeTaskMetrics(run->result, labels, static_cast<int>(config.candidate_limit()));
      if (!m.ok()) return m.status();
      ++runs;
      Mean& mean = means[config.name()];
      ++mean.n;
      mean.r1 += m->recall_at_1;
      mean.r5 += m->recall_at_5;
      mean.r10 += m->recall_at_10;
      mean.mrr += m->mrr;
      mean.ndcg += m->ndcg_at_10;
      if (m->gold_functions > 0) {
        ++mean.fr_n;
        mean.fr10 += m->function_recall_at_10;
      }

      if (absl::GetFlag(FLAGS_json)) {
        std::fputs(ToJson(run->result).c_str(), stdout);
        continue;
      }
      const IndexStats& st = run->result.index_stats();
      absl::PrintF("== %s on %s %s at base %s\n", config.name(), index->name, task.id(),
                   task.base_commit());
      absl::PrintF("query (%s): %s\n", QueryField_Name(config.query_field()), query);
      absl::PrintF("index: %d files, %d chunks; BM25 %d documents, %d terms, %d postings; dense %d x %d%s\n",
                   st.files(), st.chunks(), st.documents(), st.vocabulary(), st.postings(),
                   st.dense_vectors(), st.dense_dim(),
                   run->result.dense_query_empty() ? " (query has no dense vector)" : "");
      absl::PrintF("%5s  %-14s %-4s %s\n", "rank", "score", "gold", "file");
      for (int i = 0; i < run->result.files_size(); ++i) {
        const RankedFile& f = run->result.files(i);
        const bool is_gold = gold.count(f.path()) > 0;
        if (i >= top && !is_gold) continue;
        absl::PrintF("%5d  %-14.10g %-4s %s\n", i + 1, f.score(), is_gold ? "*" : "", f.path());
      }
      absl::PrintF("functions (first %d of %d):\n", std::min(top, run->result.functions_size()),
                   run->result.functions_size());
      for (int i = 0; i < run->result.functions_size() && i < top; ++i) {
        const RankedFunction& f = run->result.functions(i);
        bool is_gold = false;
        for (const corpus::GoldFunction& g : labels.gold_functions()) {
          is_gold |= g.file() == f.path() && g.function() == f.function();
        }
        absl::PrintF("%5d  %-14.10g %-4s %s %s (lines %d-%d)\n", i + 1, f.score(), is_gold ? "*" : "",
                     f.path(), f.function(), f.start_line(), f.end_line());
      }
      absl::PrintF(
          "recall@1 %.3f  recall@5 %.3f  recall@10 %.3f  MRR %.4f  nDCG@10 %.4f  first-gold rank "
          "%d%s  function recall@10 %s\n",
          m->recall_at_1, m->recall_at_5, m->recall_at_10, m->mrr, m->ndcg_at_10,
          m->first_gold_rank, m->first_gold_observed ? "" : " (censored: no gold file returned)",
          m->gold_functions > 0 ? absl::StrFormat("%.3f", m->function_recall_at_10)
                                : std::string("n/a (no gold function)"));
      absl::PrintF("volatile: build %.1f ms, query %.2f ms\n\n",
                   absl::ToDoubleMilliseconds(run->build_time),
                   absl::ToDoubleMilliseconds(run->query_time));
    }
  }
  if (runs == 0) {
    return absl::NotFoundError(absl::StrCat("no task ", absl::GetFlag(FLAGS_task), " in set ",
                                            index->name));
  }
  if (runs > 1 && !absl::GetFlag(FLAGS_json)) {
    absl::PrintF("means over tasks (set %s)\n%-6s %5s %9s %9s %9s %8s %8s %14s\n", index->name,
                 "harness", "tasks", "recall@1", "recall@5", "recall@10", "MRR", "nDCG@10",
                 "fn recall@10");
    for (const std::string& h : harness_names) {
      const Mean& m = means[h];
      if (m.n == 0) continue;
      absl::PrintF("%-6s %5d %9.4f %9.4f %9.4f %8.4f %8.4f %9.4f (n=%d)\n", h, m.n, m.r1 / m.n,
                   m.r5 / m.n, m.r10 / m.n, m.mrr / m.n, m.ndcg / m.n,
                   m.fr_n ? m.fr10 / m.fr_n : 0.0, m.fr_n);
    }
  }
  return absl::OkStatus();
}

}  // namespace
}  // namespace repro::retrieval

int main(int argc, char** argv) {
  absl::SetProgramUsageMessage(
      "bazel run //stages/retrieval:search -- --set=<fixture|gitlab-runner> --harness=<H000|H008|H010|all> "
      "--task=<id|all>");
  absl::ParseCommandLine(argc, argv);
  absl::Status s = repro::retrieval::Main();
  if (!s.ok()) {
    std::fprintf(stderr, "search: %s\n", std::string(s.message()).c_str());
    return 1;
  }
  return 0;
}
