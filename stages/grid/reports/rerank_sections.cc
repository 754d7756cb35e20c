#include "stages/grid/reports/rerank_sections.h"

#include <algorithm>
#include <string>
#include <utility>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"

namespace repro::grid {
namespace {

constexpr std::pair<const char*, const char*> kColumns[] = {{"recall_at_1", "recall@1"},
                                                            {"recall_at_5", "recall@5"},
                                                            {"recall_at_10", "recall@10"},
                                                            {"mrr", "MRR"},
                                                            {"ndcg_at_10", "nDCG@10"}};

// The (condition, dose) of comparison `cmp`'s rows, in the order they were added.
std::vector<std::pair<std::string, int>> ConditionsOf(const GridReport& r, const std::string& cmp) {
  std::vector<std::pair<std::string, int>> out;
  for (const Summary& s : r.summaries()) {
    if (s.harness() != cmp || s.metric() != "rerank_mrr") continue;
    out.emplace_back(s.condition(), s.dose());
  }
  return out;
}

// "Every one of the N cells of R proved its pool: ..." from the units.
std::string PoolProof(const GridReport& r, const std::string& reranker) {
  int cells = 0, proved = 0, smallest = -1, largest = -1;
  int k = 0;
  for (const GridUnit& u : r.units()) {
    if (u.harness() != reranker) continue;
    ++cells;
    if (!u.outcome().has_rerank_pool()) continue;
    const RerankPool& p = u.outcome().rerank_pool();
    ++proved;
    k = p.k();
    smallest = smallest < 0 ? p.candidates() : std::min(smallest, p.candidates());
    largest = std::max(largest, p.candidates());
  }
  return absl::StrCat(
      "Pool proof: ", proved, " of ", cells, " cells of ", reranker,
      " reranked a pool the first stage gave (top k = ", k, "; ", smallest, " to ", largest,
      " candidates) and found the same candidate ids, the same count and the same content sha256 "
      "after reranking (a difference stops the cell); each cell's pool digest is its outcome's "
      "rerank_pool.pool_sha256 in report.json.");
}

}  // namespace

void RerankComparisons(const GridReport& r, Writer& w) {
  if (r.rerank_comparisons_size() == 0) return;
  w.Line("## Rerankers against their first stage (paired by task)");
  w.Line();
  w.Line(
      "Mean over tasks of the reranked list's metric minus the first stage's, under the same "
      "condition, with its 95% task-bootstrap interval (positive: the reranker ranks gold files "
      "higher). Below k the reranked list keeps the first stage's order (docs/rerank.md).");
  w.Line();
  for (const std::string& cmp : r.rerank_comparisons()) {
    w.Line(absl::StrCat("### ", cmp));
    w.Line();
    TableHead head;
    head.Column("Condition");
    for (const auto& [metric, title] : kColumns) head.Column(title);
    head.WriteTo(w);
    for (const auto& [condition, dose] : ConditionsOf(r, cmp)) {
      std::string line = absl::StrCat("| ", w.Label(condition, dose), " |");
      for (const auto& [metric, title] : kColumns) {
        absl::StrAppend(&line, " ", w.Cell(cmp, condition, dose, absl::StrCat("rerank_", metric)),
                        " |");
      }
      w.Line(line);
    }
    w.Line();
    const std::vector<std::string> rf = absl::StrSplit(cmp, '-');
    w.Line(PoolProof(r, rf.front()));
    w.Line();
  }
}

}  // namespace repro::grid
