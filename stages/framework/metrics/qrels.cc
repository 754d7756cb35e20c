#include "stages/framework/metrics/qrels.h"

#include <algorithm>
#include <cmath>
#include <functional>

#include "absl/strings/str_cat.h"
#include "stages/framework/pipeline/status_macros.h"

namespace repro::metrics {

absl::StatusOr<Qrels> Qrels::Create(const std::vector<std::pair<std::string, int>>& judgments,
                                    int relevance_threshold) {
  Qrels q;
  q.threshold_ = relevance_threshold;
  for (const auto& [id, grade] : judgments) {
    if (id.empty()) return absl::InvalidArgumentError("qrels: empty document id");
    if (grade < 0) {
      return absl::InvalidArgumentError(
          absl::StrCat("qrels: document '", id, "' has negative grade ", grade));
    }
    if (!q.grade_.emplace(id, grade).second) {
      return absl::InvalidArgumentError(absl::StrCat("qrels: document '", id, "' is judged twice"));
    }
    q.sorted_grades_.push_back(grade);
    if (grade >= relevance_threshold) ++q.num_relevant_;
  }
  std::sort(q.sorted_grades_.begin(), q.sorted_grades_.end(), std::greater<int>());
  return q;
}

int Qrels::Grade(const std::string& id) const {
  auto it = grade_.find(id);
  return it == grade_.end() ? 0 : it->second;
}

absl::Status ValidateRun(const Run& run) {
  absl::flat_hash_map<std::string, size_t> first_rank;
  for (size_t i = 0; i < run.size(); ++i) {
    if (run[i].empty()) {
      return absl::InvalidArgumentError(absl::StrCat("run: empty id at rank ", i + 1));
    }
    auto [it, inserted] = first_rank.emplace(run[i], i + 1);
    if (!inserted) {
      return absl::InvalidArgumentError(
          absl::StrCat("run: duplicate id '", run[i], "' at ranks ", it->second, " and ", i + 1));
    }
  }
  return absl::OkStatus();
}

absl::StatusOr<Run> OrderByScore(std::vector<ScoredDoc> docs) {
  for (const ScoredDoc& d : docs) {
    if (std::isnan(d.score)) {
      return absl::InvalidArgumentError(absl::StrCat("run: id '", d.id, "' has a NaN score"));
    }
  }
  std::sort(docs.begin(), docs.end(), [](const ScoredDoc& a, const ScoredDoc& b) {
    if (a.score != b.score) return a.score > b.score;
    return a.id < b.id;
  });
  Run run;
  run.reserve(docs.size());
  for (ScoredDoc& d : docs) run.push_back(std::move(d.id));
  RETURN_IF_ERROR(ValidateRun(run));
  return run;
}

}  // namespace repro::metrics
