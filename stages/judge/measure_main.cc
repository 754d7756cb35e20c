// Stage tool: measures imported judge data sets.
//
//   inputs      one JudgeDataset JSON per role (see import_main.cc)
//   --datasets  comma-separated roles in report order (all inputs, each once)
//   --out_json  declared output: {"bootstrap": {...}, "datasets": [...]}
//   --out_csv   declared output: one row per record with every per-task value
//   --seed, --resamples: the task-level bootstrap (stages/stats/cluster_bootstrap.h)
#include <string>
#include <vector>

#include "absl/flags/flag.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"
#include "google/protobuf/util/json_util.h"
#include "stages/judge/summarize.h"
#include "stages/pipeline/stage.h"

ABSL_FLAG(std::string, datasets, "", "Input roles in report order.");
ABSL_FLAG(std::string, out_json, "", "Declared JSON output.");
ABSL_FLAG(std::string, out_csv, "", "Declared CSV output.");
ABSL_FLAG(uint64_t, seed, 20260707, "Bootstrap seed.");
ABSL_FLAG(int, resamples, 2000, "Bootstrap resamples.");

namespace repro::judge {
namespace {

std::string Num(const std::optional<double>& v) {
  return v ? absl::StrFormat("%.17g", *v) : "";
}

std::string CsvRow(const TaskRow& r) {
  auto k = [](const std::map<int, std::optional<double>>& m, int key) {
    auto it = m.find(key);
    return it == m.end() ? std::optional<double>() : it->second;
  };
  auto regret = [&r](int key) {
    auto it = r.policy.find(key);
    return it == r.policy.end() || !it->second ? std::optional<double>() : it->second->regret;
  };
  std::vector<std::string> f = {
      r.record_id, r.dataset, r.judge_id, r.task_id, r.cluster, r.category,
      absl::StrCat(r.candidates), absl::StrCat(r.observed), absl::StrCat(r.missing_outcomes),
      absl::StrCat(r.unplaced), r.output_failed ? "1" : "0", r.exclusion,
      absl::StrFormat("%.17g", r.best_share), Num(r.quality_gap), absl::StrCat(r.predicted_top_group),
      Num(r.pairwise_accuracy), Num(r.top1), Num(k(r.best_in_top_k, 2)), Num(k(r.best_in_top_k, 3)),
      Num(k(r.best_in_top_k, 5)), Num(k(r.prefix, 2)), Num(k(r.prefix, 3)), Num(r.spearman),
      Num(regret(1)), Num(regret(3)),
      r.calls ? Num(r.calls->accuracy) : "", r.calls ? Num(r.calls->position_consistency) : ""};
  for (std::string& s : f) {
    if (s.find_first_of(",\"\n") != std::string::npos) {
      std::string q = "\"";
      for (char c : s) q += c == '"' ? std::string("\"\"") : std::string(1, c);
      s = q + "\"";
    }
  }
  return absl::StrJoin(f, ",");
}

constexpr char kCsvHeader[] =
    "record_id,dataset,judge_id,task_id,cluster,category,candidates,observed,missing_outcomes,"
    "unplaced,output_failed,exclusion,best_share,quality_gap,predicted_top_group,"
    "pairwise_accuracy,top1,best_in_top_2,best_in_top_3,best_in_top_5,prefix_2,prefix_3,"
    "spearman,regret_1,regret_3,calls_accuracy,calls_position_consistency";

}  // namespace
}  // namespace repro::judge

int main(int argc, char** argv) {
  return repro::RunStage(argc, argv, [](repro::Stage& stage) -> absl::Status {
    using namespace repro::judge;
    BootstrapConfig config;
    config.seed = absl::GetFlag(FLAGS_seed);
    config.resamples = absl::GetFlag(FLAGS_resamples);
    Json out;
    out["bootstrap"] = {{"seed", config.seed},
                        {"resamples", config.resamples},
                        {"level", config.level},
                        {"unit", "cluster (task, or one HumanEval problem across languages)"},
                        {"interval", "percentile, order statistics 51 and 1950 of 2000"}};
    out["datasets"] = Json::array();
    std::string csv = std::string(kCsvHeader) + "\n";
    const std::vector<std::string> roles =
        absl::StrSplit(absl::GetFlag(FLAGS_datasets), ',', absl::SkipEmpty());
    if (roles.size() != stage.inputs().size()) {
      return absl::InvalidArgumentError(absl::StrCat("--datasets names ", roles.size(),
                                                     " roles for ", stage.inputs().size(), " inputs"));
    }
    for (const std::string& role : roles) {
      absl::StatusOr<std::string> text = stage.Read(role);
      if (!text.ok()) return text.status();
      JudgeDataset ds;
      google::protobuf::util::JsonParseOptions opts;
      if (!google::protobuf::util::JsonStringToMessage(*text, &ds, opts).ok()) {
        return absl::InvalidArgumentError(absl::StrCat("input '", role, "' is not a JudgeDataset"));
      }
      std::vector<TaskRow> rows;
      absl::StatusOr<Json> j = MeasureDataset(ds, config, &rows);
      if (!j.ok()) return j.status();
      out["datasets"].push_back(*j);
      for (const TaskRow& r : rows) csv += CsvRow(r) + "\n";
    }
    if (absl::Status s = stage.Write(absl::GetFlag(FLAGS_out_json), out.dump(1) + "\n"); !s.ok()) return s;
    return stage.Write(absl::GetFlag(FLAGS_out_csv), csv);
  });
}
