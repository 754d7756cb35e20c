// Stage tool: the measurement files users read, rendered from the
// measurements (report_files.h).
//
//   input "measurements"  JudgeMeasurements (measure_main.cc)
//   --out_json  declared output: judge_measurements.json
//   --out_csv   declared output: judge_tasks.csv, one row per record
#include <string>
#include <utility>

#include "absl/flags/flag.h"
#include "stages/framework/pipeline/stage.h"
#include "stages/framework/pipeline/stage_proto.h"
#include "stages/framework/pipeline/status_macros.h"
#include "stages/studies/judge/judge.pb.h"
#include "stages/studies/judge/report_files.h"

ABSL_FLAG(std::string, out_json, "", "Declared JSON output.");
ABSL_FLAG(std::string, out_csv, "", "Declared CSV output.");

namespace repro::judge {
namespace {

absl::Status Run(Stage& stage) {
  JudgeMeasurements m;
  RETURN_IF_ERROR(ReadInputProto(stage, "measurements", &m));
  RETURN_IF_ERROR(stage.Write(absl::GetFlag(FLAGS_out_json), MeasurementsJsonText(m)));
  ASSIGN_OR_RETURN(std::string csv, TasksCsvText(m));
  return stage.Write(absl::GetFlag(FLAGS_out_csv), std::move(csv));
}

}  // namespace
}  // namespace repro::judge

int main(int argc, char** argv) { return repro::RunStage(argc, argv, repro::judge::Run); }
