#include "stages/grid/commands/bm25_reference_command.h"

#include <algorithm>
#include <map>
#include <string>
#include <tuple>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "stages/corpus/index/set_index.h"
#include "stages/framework/pipeline/status_macros.h"
#include "stages/retrieval/bm25.h"
#include "stages/retrieval/harness_config.h"
#include "stages/retrieval/retrieval_corpus.h"
#include "stages/retrieval/tokenizer.h"
#include "stages/retrieval/xapian_reference.h"

namespace repro::grid {
namespace {

using corpus::HarnessPaths;
using corpus::LoadSet;
using corpus::LoadTaskCorpus;
using corpus::LoadTaskSet;
using corpus::SetIndex;
using corpus::TaskCorpus;
using retrieval::Bm25Index;
using retrieval::Bm25Params;
using retrieval::Corpus;
using retrieval::DOCUMENT_UNIT_FILES;
using retrieval::HarnessConfig;
using retrieval::LoadHarnessConfig;
using retrieval::QUERY_FIELD_REFORMULATION;
using retrieval::RankingAgreement;
using retrieval::ScoredId;
using retrieval::Tokenize;
using retrieval::XapianBm25Reference;

int FirstGold(const std::vector<ScoredId>& ranking, const Corpus& corpus,
              const corpus::Labels& labels, size_t limit) {
  for (size_t i = 0; i < ranking.size() && i < limit; ++i) {
    for (const std::string& g : labels.gold_files()) {
      if (corpus.files()[ranking[i].id].path == g) return static_cast<int>(i + 1);
    }
  }
  return static_cast<int>(limit + 1);
}

// One BM25 leg to check: the harnesses (names) that share it.
struct Bm25Leg {
  bool files = false;
  bool reformulation = false;
  Bm25Params params;
  std::vector<std::string> harnesses;
};

// The distinct BM25 legs of the experiment's harness configs (HarnessPaths
// of its search index), in the experiment's order.
absl::StatusOr<std::vector<Bm25Leg>> Bm25Legs(const SetIndex& index) {
  std::map<std::tuple<bool, bool, double, double>, size_t> seen;
  std::vector<Bm25Leg> legs;
  ASSIGN_OR_RETURN(const std::vector<std::string> harness_paths, HarnessPaths(index));
  for (const std::string& path : harness_paths) {
    ASSIGN_OR_RETURN(HarnessConfig c, LoadHarnessConfig(path));
    if (!c.has_bm25()) continue;
    const bool files = c.document_unit() == DOCUMENT_UNIT_FILES;
    const bool reformulation = c.query_field() == QUERY_FIELD_REFORMULATION;
    const Bm25Params params{c.bm25().k1(), c.bm25().b()};
    auto [it, inserted] =
        seen.emplace(std::make_tuple(files, reformulation, params.k1, params.b), legs.size());
    if (inserted) legs.push_back({files, reformulation, params, {}});
    legs[it->second].harnesses.push_back(c.name());
  }
  if (legs.empty())
    return absl::NotFoundError(absl::StrCat("experiment ", index.name, " has no BM25 leg"));
  return legs;
}

struct Totals {
  double worst_rel = 0;
  int64_t same = 0, ties = 0, total = 0, runs = 0;
};

// Our BM25 and Xapian's on one task under one leg; prints the row.
absl::Status CompareTask(const SetIndex& index, const corpus::Task& task, const Bm25Leg& leg,
                         Totals* totals) {
  ASSIGN_OR_RETURN(TaskCorpus data, LoadTaskCorpus(index, task.id()));
  ASSIGN_OR_RETURN(Corpus corpus, Corpus::Create(data.snapshot, data.chunks));
  std::vector<std::vector<std::string>> docs;
  const size_t n = leg.files ? corpus.files().size() : corpus.chunks().size();
  for (size_t i = 0; i < n; ++i) {
    docs.push_back(Tokenize(leg.files ? corpus.FileDocument(i) : corpus.ChunkDocument(i)));
  }
  Bm25Index::Builder builder(leg.params);
  for (const auto& d : docs) builder.AddTokens(d);
  const Bm25Index ours = std::move(builder).Build();
  const XapianBm25Reference xapian(docs, leg.params);
  const std::vector<std::string> q =
      Tokenize(leg.reformulation ? task.reformulation() : task.query());
  const std::vector<ScoredId> a = ours.Search(q);
  const std::vector<ScoredId> b = xapian.SearchLuceneFromXapian(q);
  const std::vector<ScoredId> native = xapian.SearchNative(q);
  const RankingAgreement exact = CompareRankings(a, b, 200);
  const RankingAgreement n10 = CompareRankings(a, native, 10);
  const RankingAgreement n200 = CompareRankings(a, native, 200);
  std::string gold = "-";
  if (leg.files) {
    gold = absl::StrFormat("%d/%d", FirstGold(a, corpus, data.labels, 200),
                           FirstGold(native, corpus, data.labels, 200));
  }
  absl::PrintF("%-4s %-6s %-13s %6d %6d | %9.2e %5d+%d/%-4d | %4d/%-6d %4d/%-6d %s\n", task.id(),
               leg.files ? "files" : "chunks", leg.reformulation ? "reformulation" : "query", n,
               a.size(), exact.max_rel_diff, exact.same_position, exact.near_tie_swaps, exact.top_k,
               n10.top_k_overlap, n10.top_k, n200.top_k_overlap, n200.top_k, gold);
  if (exact.size_a != exact.size_b || exact.top_k_overlap != exact.top_k) {
    return absl::InternalError(
        absl::StrCat(task.id(), ": BM25 and Xapian match different documents"));
  }
  totals->worst_rel = std::max(totals->worst_rel, exact.max_rel_diff);
  totals->same += exact.same_position;
  totals->ties += exact.near_tie_swaps;
  totals->total += exact.top_k;
  ++totals->runs;
  return absl::OkStatus();
}

}  // namespace

absl::Status CompareBm25WithXapian(const std::vector<std::string>& indexes,
                                   const std::string& experiment) {
  ASSIGN_OR_RETURN(SetIndex index, LoadSet(indexes, experiment));
  ASSIGN_OR_RETURN(corpus::TaskSet tasks, LoadTaskSet(index));
  ASSIGN_OR_RETURN(const std::vector<Bm25Leg> legs, Bm25Legs(index));
  absl::PrintF("BM25 (bm25.h) vs Xapian %s on set %s\n", "1.4", index.name);
  Totals totals;
  for (const Bm25Leg& leg : legs) {
    absl::PrintF("\nBM25 leg of %s: k1 = %g, b = %g (from the harness configs)\n",
                 absl::StrJoin(leg.harnesses, ", "), leg.params.k1, leg.params.b);
    absl::PrintF("%-4s %-6s %-13s %6s %6s | %9s %-12s | %-11s %-11s %-11s\n", "task", "unit",
                 "query", "docs", "match", "max rel", "top200 same", "native@10", "native@200",
                 "gold ours/x");
    for (const corpus::Task& task : tasks.tasks())
      RETURN_IF_ERROR(CompareTask(index, task, leg, &totals));
  }
  absl::PrintF(
      "\n%d rankings: max relative score difference %.3g; top-200 positions identical %d of %d, "
      "near-tie swaps %d\n",
      totals.runs, totals.worst_rel, totals.same, totals.total, totals.ties);
  if (totals.worst_rel > 1e-12 || totals.same + totals.ties != totals.total) {
    return absl::InternalError(
        "BM25 disagrees with the Xapian reference beyond rounding (see the table above)");
  }
  return absl::OkStatus();
}

}  // namespace repro::grid
