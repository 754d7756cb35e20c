// `bazel run //stages/e04:bm25_reference -- --experiment=<name>`
//
// Compares bm25.h with Xapian (xapian_reference.h) on every task of a set, on
// the same token streams: file documents with the task query (the file harness's BM25),
// chunk documents with the query (a hybrid harness's BM25 leg) and with the
// reformulation (the reformulation harness's). For each it prints
//   - exact check: our Lucene scores vs Lucene scores rebuilt from Xapian's
//     per-term weights: max relative difference, and top-200 positions with
//     the same document (plus swaps of near-ties within 1e-9);
//   - native Xapian BM25 (its own idf variant): top-10 and top-200 overlap
//     with our ranking and, for files, the first gold rank under each.
// Exits 1 when a relative difference exceeds 1e-12 or a top-200 position
// differs other than by a near-tie swap (the fixture test runs it).
#include <string>
#include <vector>

#include "absl/flags/flag.h"
#include "absl/status/status.h"
#include "absl/strings/str_format.h"
#include "stages/pipeline/status_macros.h"
#include "stages/retrieval/bm25.h"
#include "stages/retrieval/retrieval_corpus.h"
#include "stages/retrieval/run_command.h"
#include "stages/retrieval/set_index.h"
#include "stages/retrieval/tokenizer.h"
#include "stages/retrieval/xapian_reference.h"

ABSL_FLAG(std::string, experiment, "e04_fixture",
          "experiment name (data/experiments/<name>.textproto)");
ABSL_FLAG(std::vector<std::string>, indexes, {}, "search_index.tsv files (set by the BUILD rule)");

namespace repro::retrieval {
namespace {

int FirstGold(const std::vector<ScoredId>& ranking, const Corpus& corpus,
              const corpus::Labels& labels, size_t limit) {
  for (size_t i = 0; i < ranking.size() && i < limit; ++i) {
    for (const std::string& g : labels.gold_files()) {
      if (corpus.files()[ranking[i].id].path == g) return static_cast<int>(i + 1);
    }
  }
  return static_cast<int>(limit + 1);
}

absl::Status Main() {
  ASSIGN_OR_RETURN(SetIndex index,
                   LoadSet(absl::GetFlag(FLAGS_indexes), absl::GetFlag(FLAGS_experiment)));
  ASSIGN_OR_RETURN(corpus::TaskSet tasks, LoadTaskSet(index));
  const Bm25Params params;  // k1 = 0.9, b = 0.4, as in every harness config

  absl::PrintF("BM25 (bm25.h) vs Xapian %s on set %s, k1 = %g, b = %g\n\n", "1.4", index.name,
               params.k1, params.b);
  absl::PrintF("%-4s %-6s %-13s %6s %6s | %9s %-12s | %-11s %-11s %-11s\n", "task", "unit", "query",
               "docs", "match", "max rel", "top200 same", "native@10", "native@200", "gold ours/x");
  double worst_rel = 0;
  int64_t same = 0, ties = 0, total = 0, runs = 0;
  for (const corpus::Task& task : tasks.tasks()) {
    ASSIGN_OR_RETURN(TaskCorpus data, LoadTaskCorpus(index, task.id()));
    ASSIGN_OR_RETURN(Corpus corpus, Corpus::Create(data.snapshot, data.chunks));
    for (const bool files : {true, false}) {
      std::vector<std::vector<std::string>> docs;
      const size_t n = files ? corpus.files().size() : corpus.chunks().size();
      for (size_t i = 0; i < n; ++i) {
        docs.push_back(Tokenize(files ? corpus.FileDocument(i) : corpus.ChunkDocument(i)));
      }
      Bm25Index::Builder builder(params);
      for (const auto& d : docs) builder.AddTokens(d);
      const Bm25Index ours = std::move(builder).Build();
      const XapianBm25Reference xapian(docs, params);
      std::vector<std::pair<std::string, std::string>> queries = {{"query", task.query()}};
      if (!files) queries.push_back({"reformulation", task.reformulation()});
      for (const auto& [field, text] : queries) {
        const std::vector<std::string> q = Tokenize(text);
        const std::vector<ScoredId> a = ours.Search(q);
        const std::vector<ScoredId> b = xapian.SearchLuceneFromXapian(q);
        const std::vector<ScoredId> native = xapian.SearchNative(q);
        const RankingAgreement exact = CompareRankings(a, b, 200);
        const RankingAgreement n10 = CompareRankings(a, native, 10);
        const RankingAgreement n200 = CompareRankings(a, native, 200);
        std::string gold = "-";
        if (files) {
          gold = absl::StrFormat("%d/%d", FirstGold(a, corpus, data.labels, 200),
                                 FirstGold(native, corpus, data.labels, 200));
        }
        absl::PrintF("%-4s %-6s %-13s %6d %6d | %9.2e %5d+%d/%-4d | %4d/%-6d %4d/%-6d %s\n",
                     task.id(), files ? "files" : "chunks", field, n, a.size(), exact.max_rel_diff,
                     exact.same_position, exact.near_tie_swaps, exact.top_k, n10.top_k_overlap,
                     n10.top_k, n200.top_k_overlap, n200.top_k, gold);
        if (exact.size_a != exact.size_b || exact.top_k_overlap != exact.top_k) {
          return absl::InternalError(
              absl::StrCat(task.id(), ": BM25 and Xapian match different documents"));
        }
        worst_rel = std::max(worst_rel, exact.max_rel_diff);
        same += exact.same_position;
        ties += exact.near_tie_swaps;
        total += exact.top_k;
        ++runs;
      }
    }
  }
  absl::PrintF(
      "\n%d rankings: max relative score difference %.3g; top-200 positions identical %d of %d, "
      "near-tie swaps %d\n",
      runs, worst_rel, same, total, ties);
  if (worst_rel > 1e-12 || same + ties != total) {
    return absl::InternalError(
        "BM25 disagrees with the Xapian reference beyond rounding (see the table above)");
  }
  return absl::OkStatus();
}

}  // namespace
}  // namespace repro::retrieval

int main(int argc, char** argv) {
  return repro::retrieval::RunCommand(argc, argv, "bm25_reference", repro::retrieval::Main);
}
