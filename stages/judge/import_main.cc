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

#include "absl/flags/flag.h"
#include "absl/strings/str_cat.h"
#include "google/protobuf/util/json_util.h"
#include "stages/judge/fixture_import.h"
#include "stages/judge/humaneval_import.h"
#include "stages/judge/json_input.h"
#include "stages/judge/record_util.h"
#include "stages/judge/vicuna_import.h"
#include "stages/pipeline/stage.h"

ABSL_FLAG(std::string, source, "", "fixture | humaneval | vicuna");
ABSL_FLAG(std::string, out, "", "Declared output file name.");
ABSL_FLAG(std::string, dataset_name, "fixture", "Data set name for --source=fixture.");

int main(int argc, char** argv) {
  return repro::RunStage(argc, argv, [](repro::Stage& stage) -> absl::Status {
    using namespace repro::judge;
    std::map<std::string, std::string> files, paths;
    for (const repro::Stage::Input& in : stage.inputs()) {
      absl::StatusOr<std::string> bytes = stage.Read(in.role);
      if (!bytes.ok()) return bytes.status();
      absl::StatusOr<std::string> plain = MaybeGunzip(*bytes, in.short_path);
      if (!plain.ok()) return plain.status();
      const std::string name = LogicalName(in.short_path);
      if (files.count(name)) {
        return absl::InvalidArgumentError(absl::StrCat("two inputs named ", name));
      }
      files[name] = *std::move(plain);
      paths[name] = in.short_path;
    }
    const std::string source = absl::GetFlag(FLAGS_source);
    absl::StatusOr<JudgeDataset> ds;
    if (source == "fixture") {
      if (files.size() != 1) return absl::InvalidArgumentError("--source=fixture takes one input");
      ds = ImportJudgeLog(files.begin()->second, paths.begin()->second,
                          absl::GetFlag(FLAGS_dataset_name));
    } else if (source == "humaneval") {
      ds = ImportHumanEval(files, paths);
    } else if (source == "vicuna") {
      ds = ImportVicuna(files, paths);
    } else {
      return absl::InvalidArgumentError(
          absl::StrCat("--source must be fixture, humaneval or vicuna, got '", source, "'"));
    }
    if (!ds.ok()) return ds.status();
    google::protobuf::util::JsonPrintOptions opts;
    opts.preserve_proto_field_names = true;
    std::string json;
    if (!google::protobuf::util::MessageToJsonString(*ds, &json, opts).ok()) {
      return absl::InternalError("cannot print the records as JSON");
    }
    return stage.Write(absl::GetFlag(FLAGS_out), json + "\n");
  });
}
