// Relevance judgments (qrels) of one query, and ranked runs over them.
//
// A Qrels maps document ids to integer grades (trec_eval reads grades as
// integers). A document is *relevant* when its grade is >= the relevance
// threshold (default 1, trec_eval's `-l 1`); unjudged documents have grade 0.
// A Run is a ranked list of document ids, best first; ids must be unique
// (trec_eval rejects duplicate docnos within one query, and so do we).
#ifndef REPRO_STAGES_FRAMEWORK_METRICS_QRELS_H_
#define REPRO_STAGES_FRAMEWORK_METRICS_QRELS_H_

#include <string>
#include <utility>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "absl/status/status.h"
#include "absl/status/statusor.h"

namespace repro::metrics {

class Qrels {
 public:
  // Fails with InvalidArgument on an empty or duplicate id, or a negative grade.
  static absl::StatusOr<Qrels> Create(const std::vector<std::pair<std::string, int>>& judgments,
                                      int relevance_threshold = 1);

  // Grade of `id`, 0 when unjudged.
  int Grade(const std::string& id) const;
  bool IsRelevant(const std::string& id) const { return Grade(id) >= threshold_; }
  // Number of judged documents with grade >= threshold.
  int NumRelevant() const { return num_relevant_; }
  // All judged grades, highest first (for the ideal ranking).
  const std::vector<int>& GradesDescending() const { return sorted_grades_; }
  int threshold() const { return threshold_; }

 private:
  absl::flat_hash_map<std::string, int> grade_;
  std::vector<int> sorted_grades_;
  int num_relevant_ = 0;
  int threshold_ = 1;
};

// A ranked run: ids best first.
using Run = std::vector<std::string>;

// OK when every id of `run` is non-empty and unique; otherwise InvalidArgument
// naming the first offending id and its 1-based ranks.
absl::Status ValidateRun(const Run& run);

// A document with a retrieval score.
struct ScoredDoc {
  std::string id;
  double score = 0;
};

// Orders by score descending, then id ascending in byte order (the W04 and
// grid tie policy; note trec_eval breaks ties by docno *descending*, so a run
// exported for trec_eval must carry strictly decreasing scores: see
// trec_export.h). NaN scores and duplicate ids are InvalidArgument.
absl::StatusOr<Run> OrderByScore(std::vector<ScoredDoc> docs);

}  // namespace repro::metrics

#endif  // REPRO_STAGES_FRAMEWORK_METRICS_QRELS_H_
