#include "stages/framework/metrics/ranking_metrics.h"

#include <algorithm>
#include <cmath>

#include "absl/strings/str_cat.h"
#include "stages/framework/pipeline/status_macros.h"

namespace repro::metrics {
namespace {

absl::Status CheckK(int k) {
  if (k < 1) return absl::InvalidArgumentError(absl::StrCat("cutoff k must be >= 1, got ", k));
  return absl::OkStatus();
}

double Discount(int rank) { return std::log2(static_cast<double>(rank) + 1.0); }

}  // namespace

double GainOf(int grade, Gain gain) {
  return gain == Gain::kExponential ? std::exp2(static_cast<double>(grade)) - 1.0
                                    : static_cast<double>(grade);
}

absl::StatusOr<double> DcgAtK(const Run& run, const Qrels& qrels, int k, Gain gain) {
  RETURN_IF_ERROR(CheckK(k));
  RETURN_IF_ERROR(ValidateRun(run));
  double dcg = 0;
  const int n = std::min<int>(k, static_cast<int>(run.size()));
  for (int i = 0; i < n; ++i) dcg += GainOf(qrels.Grade(run[i]), gain) / Discount(i + 1);
  return dcg;
}

absl::StatusOr<double> IdealDcgAtK(const Qrels& qrels, int k, Gain gain) {
  RETURN_IF_ERROR(CheckK(k));
  const std::vector<int>& grades = qrels.GradesDescending();
  double idcg = 0;
  const int n = std::min<int>(k, static_cast<int>(grades.size()));
  for (int i = 0; i < n; ++i) idcg += GainOf(grades[i], gain) / Discount(i + 1);
  return idcg;
}

absl::StatusOr<double> NdcgAtK(const Run& run, const Qrels& qrels, int k, Gain gain) {
  ASSIGN_OR_RETURN(double dcg, DcgAtK(run, qrels, k, gain));
  ASSIGN_OR_RETURN(double idcg, IdealDcgAtK(qrels, k, gain));
  return idcg > 0 ? dcg / idcg : 0.0;
}

absl::StatusOr<int> RelevantInTopK(const Run& run, const Qrels& qrels, int k) {
  RETURN_IF_ERROR(CheckK(k));
  RETURN_IF_ERROR(ValidateRun(run));
  int hits = 0;
  const int n = std::min<int>(k, static_cast<int>(run.size()));
  for (int i = 0; i < n; ++i) hits += qrels.IsRelevant(run[i]) ? 1 : 0;
  return hits;
}

absl::StatusOr<double> PrecisionAtK(const Run& run, const Qrels& qrels, int k) {
  ASSIGN_OR_RETURN(int hits, RelevantInTopK(run, qrels, k));
  return static_cast<double>(hits) / k;
}

absl::StatusOr<double> RecallAtK(const Run& run, const Qrels& qrels, int k) {
  ASSIGN_OR_RETURN(int hits, RelevantInTopK(run, qrels, k));
  if (qrels.NumRelevant() == 0) return 0.0;
  return static_cast<double>(hits) / qrels.NumRelevant();
}

absl::StatusOr<double> AccuracyAtK(const Run& run, const Qrels& qrels, int k) {
  ASSIGN_OR_RETURN(int hits, RelevantInTopK(run, qrels, k));
  return qrels.NumRelevant() > 0 && hits == qrels.NumRelevant() ? 1.0 : 0.0;
}

absl::StatusOr<FirstRelevant> FirstRelevantRank(const Run& run, const Qrels& qrels,
                                                int censored_rank) {
  RETURN_IF_ERROR(ValidateRun(run));
  for (size_t i = 0; i < run.size(); ++i) {
    if (qrels.IsRelevant(run[i])) return FirstRelevant{static_cast<int>(i) + 1, true};
  }
  return FirstRelevant{censored_rank, false};
}

absl::StatusOr<double> ReciprocalRank(const Run& run, const Qrels& qrels) {
  ASSIGN_OR_RETURN(FirstRelevant first, FirstRelevantRank(run, qrels, 0));
  return first.observed ? 1.0 / first.rank : 0.0;
}

}  // namespace repro::metrics
