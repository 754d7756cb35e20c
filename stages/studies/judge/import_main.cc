// Stage tool: imports one judge data set into JudgeDataset records.
//
//   --source=fixture    one input (any role): a judge-log JSONL file
//   --source=humaneval  inputs: the ICE-Score files (roles "<group>/<file>")
//   --source=vicuna     inputs: the Vicuna-80 QLoRA/PRD files
//   --out=<name>        the declared output, e.g. "fixture.records.json"
//   --dataset_name      for --source=fixture: the data set name
//
// Inputs may be gzip-compressed (detected by magic bytes). The output is the
// JudgeDataset as compact JSON (proto field names; deterministic: no map
// fields, records in importer order). A data set with a bad file stops the
// build naming the file; bad records inside a file are ImportIssues.
#include <map>
#include <string>
#include <utility>

#include "absl/flags/flag.h"
#include "absl/strings/str_cat.h"
#include "google/protobuf/util/json_util.h"
#include "stages/framework/pipeline/stage.h"
#include "stages/framework/pipeline/status_macros.h"
#include "stages/studies/judge/fixture_import.h"
#include "stages/studies/judge/humaneval_import.h"
#include "stages/studies/judge/json_input.h"
#include "stages/studies/judge/record_util.h"
#include "stages/studies/judge/vicuna_import.h"

ABSL_FLAG(std::string, source, "", "fixture | humaneval | vicuna");
ABSL_FLAG(std::string, out, "", "Declared output file name.");
ABSL_FLAG(std::string, dataset_name, "fixture", "Data set name for --source=fixture.");

namespace repro::judge {
namespace {

// Logical name (base name without ".gz") -> plain bytes, and -> the
// workspace-relative path issues and raw references name.
struct InputFiles {
  std::map<std::string, std::string> files, paths;
};

absl::StatusOr<InputFiles> ReadInputs(const Stage& stage) {
  InputFiles in;
  for (const Stage::Input& input : stage.inputs()) {
    ASSIGN_OR_RETURN(const std::string bytes, stage.Read(input.role));
    ASSIGN_OR_RETURN(std::string plain, MaybeGunzip(bytes, input.short_path));
    const std::string name = LogicalName(input.short_path);
    if (in.files.count(name)) {
      return absl::InvalidArgumentError(absl::StrCat("two inputs named ", name));
    }
    in.files[name] = std::move(plain);
    in.paths[name] = input.short_path;
  }
  return in;
}

absl::StatusOr<JudgeDataset> Import(const std::string& source, const InputFiles& in) {
  if (source == "fixture") {
    if (in.files.size() != 1) {
      return absl::InvalidArgumentError("--source=fixture takes one input");
    }
    return ImportJudgeLog(in.files.begin()->second, in.paths.begin()->second,
                          absl::GetFlag(FLAGS_dataset_name));
  }
  if (source == "humaneval") return ImportHumanEval(in.files, in.paths);
  if (source == "vicuna") return ImportVicuna(in.files, in.paths);
  return absl::InvalidArgumentError(
      absl::StrCat("--source must be fixture, humaneval or vicuna, got '", source, "'"));
}

absl::Status Run(Stage& stage) {
  ASSIGN_OR_RETURN(const InputFiles in, ReadInputs(stage));
  ASSIGN_OR_RETURN(const JudgeDataset ds, Import(absl::GetFlag(FLAGS_source), in));
  google::protobuf::util::JsonPrintOptions opts;
  opts.preserve_proto_field_names = true;
  std::string json;
  if (!google::protobuf::util::MessageToJsonString(ds, &json, opts).ok()) {
    return absl::InternalError("cannot print the records as JSON");
  }
  return stage.Write(absl::GetFlag(FLAGS_out), json + "\n");
}

}  // namespace
}  // namespace repro::judge

int main(int argc, char** argv) { return repro::RunStage(argc, argv, repro::judge::Run); }
