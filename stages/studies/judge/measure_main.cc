// Stage tool: measures imported judge data sets.
//
//   inputs      one JudgeDataset per role (import_main.cc)
//   --datasets  comma-separated roles in report order (all inputs, each once)
//   --out       declared output: JudgeMeasurements (judge.proto) as proto3 JSON,
//               read by judge_measure_files and judge_report
//   --seed, --resamples: the task-level bootstrap (stages/framework/stats/cluster_bootstrap.h)
#include <string>
#include <vector>

#include "absl/flags/flag.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "stages/framework/pipeline/stage.h"
#include "stages/framework/pipeline/stage_proto.h"
#include "stages/framework/pipeline/status_macros.h"
#include "stages/framework/pipeline/textproto.h"
#include "stages/studies/judge/judge.pb.h"
#include "stages/studies/judge/summarize.h"

ABSL_FLAG(std::string, datasets, "", "Input roles in report order.");
ABSL_FLAG(std::string, out, "", "Declared output.");
ABSL_FLAG(uint64_t, seed, 20260707, "Bootstrap seed.");
ABSL_FLAG(int, resamples, 2000, "Bootstrap resamples.");

namespace repro::judge {
namespace {

BootstrapSettings Describe(const BootstrapConfig& config) {
  BootstrapSettings b;
  b.set_seed(config.seed);
  b.set_resamples(config.resamples);
  b.set_level(config.level);
  b.set_unit("cluster (task, or one HumanEval problem across languages)");
  b.set_interval("percentile, order statistics 51 and 1950 of 2000");
  return b;
}

absl::Status Run(Stage& stage) {
  BootstrapConfig config;
  config.seed = absl::GetFlag(FLAGS_seed);
  config.resamples = absl::GetFlag(FLAGS_resamples);
  JudgeMeasurements out;
  *out.mutable_bootstrap() = Describe(config);
  const std::vector<std::string> roles =
      absl::StrSplit(absl::GetFlag(FLAGS_datasets), ',', absl::SkipEmpty());
  if (roles.size() != stage.inputs().size()) {
    return absl::InvalidArgumentError(absl::StrCat("--datasets names ", roles.size(), " roles for ",
                                                   stage.inputs().size(), " inputs"));
  }
  for (const std::string& role : roles) {
    JudgeDataset ds;
    RETURN_IF_ERROR(ReadInputProto(stage, role, &ds));
    std::vector<TaskRow> rows;
    ASSIGN_OR_RETURN(*out.add_datasets(), MeasureDataset(ds, config, &rows));
    for (const TaskRow& r : rows) *out.add_tasks() = ToTaskValues(r);
  }
  return stage.Write(absl::GetFlag(FLAGS_out), ToJson(out));
}

}  // namespace
}  // namespace repro::judge

int main(int argc, char** argv) { return repro::RunStage(argc, argv, repro::judge::Run); }
