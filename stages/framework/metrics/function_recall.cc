#include "stages/framework/metrics/function_recall.h"

#include "absl/container/flat_hash_set.h"
#include "absl/strings/str_cat.h"
#include "stages/framework/metrics/qrels.h"
#include "stages/framework/metrics/ranking_metrics.h"
#include "stages/framework/pipeline/status_macros.h"

namespace repro::metrics {
namespace {

absl::Status CheckRef(const FunctionRef& f, const char* list, size_t i) {
  if (f.first.empty() || f.second.empty()) {
    return absl::InvalidArgumentError(absl::StrCat(
        "function recall: ", list, "[", i, "] has an empty ", f.first.empty() ? "path" : "name"));
  }
  return absl::OkStatus();
}

}  // namespace

std::string FunctionId(const std::string& path, const std::string& name) {
  return absl::StrCat(path, "::", name);
}

absl::StatusOr<FunctionRecall> FunctionRecallAtK(const std::vector<FunctionRef>& ranked,
                                                 const std::vector<FunctionRef>& gold, int k) {
  if (k < 1)
    return absl::InvalidArgumentError(absl::StrCat("function recall: k must be >= 1, found ", k));
  std::vector<std::pair<std::string, int>> judgments;
  absl::flat_hash_set<std::string> gold_ids;
  for (size_t i = 0; i < gold.size(); ++i) {
    RETURN_IF_ERROR(CheckRef(gold[i], "gold", i));
    std::string id = FunctionId(gold[i].first, gold[i].second);
    if (gold_ids.insert(id).second) judgments.emplace_back(std::move(id), 1);
  }
  Run run;
  absl::flat_hash_set<std::string> seen;
  for (size_t i = 0; i < ranked.size(); ++i) {
    RETURN_IF_ERROR(CheckRef(ranked[i], "ranked", i));
    std::string id = FunctionId(ranked[i].first, ranked[i].second);
    if (seen.insert(id).second) run.push_back(std::move(id));
  }
  FunctionRecall out;
  out.top_k.assign(run.begin(), run.begin() + std::min<size_t>(run.size(), k));
  out.gold_functions = static_cast<int>(judgments.size());
  if (judgments.empty()) return out;
  ASSIGN_OR_RETURN(Qrels qrels, Qrels::Create(judgments));
  if (run.empty()) return out;
  ASSIGN_OR_RETURN(double recall, RecallAtK(run, qrels, k));
  out.recall = recall;
  return out;
}

}  // namespace repro::metrics
