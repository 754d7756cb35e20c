#include "stages/grid/reports/localization.h"

#include <set>
#include <utility>

#include "absl/strings/str_cat.h"
#include "stages/framework/metrics/qrels.h"
#include "stages/framework/metrics/ranking_metrics.h"
#include "stages/framework/pipeline/status_macros.h"
#include "stages/grid/reports/rankings.h"

namespace repro::grid {
namespace {

// Grade-1 qrels of the distinct `ids` (function ids may repeat in labels).
absl::StatusOr<metrics::Qrels> BinaryQrels(const std::vector<std::string>& ids) {
  std::set<std::string> seen;
  std::vector<std::pair<std::string, int>> judgments;
  for (const std::string& id : ids) {
    if (seen.insert(id).second) judgments.emplace_back(id, 1);
  }
  return metrics::Qrels::Create(judgments);
}

absl::StatusOr<AccuracyRow> AccuracyOf(const metrics::Run& run, const metrics::Qrels& qrels) {
  AccuracyRow row{};
  for (size_t i = 0; i < kAccuracyCutoffs.size(); ++i) {
    ASSIGN_OR_RETURN(row[i], metrics::AccuracyAtK(run, qrels, kAccuracyCutoffs[i]));
  }
  return row;
}

absl::StatusOr<UnitAccuracy> AccuracyOfUnit(const Rankings& rankings, int i,
                                            const GoldLocations& gold) {
  const UnitRanking& ranking = rankings.units(i);
  metrics::Run files;
  for (uint32_t f : ranking.file()) files.push_back(rankings.paths(f));
  ASSIGN_OR_RETURN(const metrics::Qrels file_qrels, BinaryQrels(gold.files));
  UnitAccuracy out;
  ASSIGN_OR_RETURN(out.file, AccuracyOf(files, file_qrels));
  if (gold.functions.empty()) return out;
  ASSIGN_OR_RETURN(const metrics::Qrels function_qrels, BinaryQrels(gold.functions));
  const metrics::Run functions(ranking.top_functions().begin(), ranking.top_functions().end());
  ASSIGN_OR_RETURN(out.function, AccuracyOf(functions, function_qrels));
  return out;
}

}  // namespace

std::string FileAccuracyMetric(int k) { return absl::StrCat("file_acc_at_", k); }

std::string FunctionAccuracyMetric(int k) { return absl::StrCat("function_acc_at_", k); }

absl::StatusOr<std::vector<UnitAccuracy>> LocalizationAccuracy(
    const google::protobuf::RepeatedPtrField<GridUnit>& units, const Rankings& rankings,
    const std::map<std::string, GoldLocations>& gold) {
  std::vector<std::string> ids;
  for (const GridUnit& u : units) ids.push_back(u.unit_id());
  RETURN_IF_ERROR(ValidateRankings(rankings, ids, "rankings"));
  std::vector<UnitAccuracy> out;
  for (int i = 0; i < units.size(); ++i) {
    const auto it = gold.find(units[i].task_id());
    if (it == gold.end() || it->second.files.empty()) {
      return absl::InvalidArgumentError(absl::StrCat("unit ", units[i].unit_id(), ": task ",
                                                     units[i].task_id(),
                                                     " has no gold file (labels)"));
    }
    absl::StatusOr<UnitAccuracy> a = AccuracyOfUnit(rankings, i, it->second);
    if (!a.ok()) {
      return absl::InvalidArgumentError(
          absl::StrCat("unit ", units[i].unit_id(), ": ", a.status().message()));
    }
    out.push_back(*std::move(a));
  }
  return out;
}

}  // namespace repro::grid
