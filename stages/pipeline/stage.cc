#include "stages/pipeline/stage.h"

#include <algorithm>
#include <iostream>
#include <utility>

#include "absl/flags/flag.h"
#include "absl/flags/parse.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"
#include "stages/pipeline/file_io.h"
#include "stages/pipeline/sha256.h"
#include "stages/pipeline/textproto.h"
#include "stages/schemas/provenance.pb.h"

ABSL_FLAG(std::string, stage, "", "Stage name recorded in the provenance.");
ABSL_FLAG(std::string, stage_version, "", "Stage version.");
ABSL_FLAG(std::string, label, "", "Bazel label of the stage target.");
ABSL_FLAG(std::string, tool_binary, "", "Path of this tool's binary (hashed).");
ABSL_FLAG(std::string, manifest, "",
          "File of lines 'input<TAB>role<TAB>path' and 'output<TAB>name<TAB>path'.");
ABSL_FLAG(std::string, provenance, "", "Where to write the provenance JSON.");

namespace repro {

Stage::Stage(std::string label, std::vector<Input> inputs,
             std::map<std::string, std::string> output_paths)
    : label_(std::move(label)),
      inputs_(std::move(inputs)),
      output_paths_(std::move(output_paths)) {
  std::sort(inputs_.begin(), inputs_.end(),
            [](const Input& a, const Input& b) { return a.role < b.role; });
}

absl::StatusOr<const Stage::Input*> Stage::Find(absl::string_view role) const {
  for (const Input& in : inputs_) {
    if (in.role == role) return &in;
  }
  return absl::NotFoundError(absl::StrCat("no input with role '", role,
                                          "'; known roles: ",
                                          absl::StrJoin(Roles(), ", ")));
}

absl::StatusOr<std::string> Stage::Read(absl::string_view role) const {
  absl::StatusOr<const Input*> in = Find(role);
  if (!in.ok()) return in.status();
  return ReadFile((*in)->path);
}

std::vector<std::string> Stage::Roles(absl::string_view prefix) const {
  std::vector<std::string> roles;
  for (const Input& in : inputs_) {
    if (absl::StartsWith(in.role, prefix)) roles.push_back(in.role);
  }
  return roles;  // inputs_ is sorted by role
}

absl::Status Stage::Write(absl::string_view name, std::string bytes) {
  if (output_paths_.count(std::string(name)) == 0) {
    std::vector<std::string> names;
    for (const auto& [n, p] : output_paths_) names.push_back(n);
    return absl::InvalidArgumentError(
        absl::StrCat("output '", name, "' is not declared; declared outputs: ",
                     absl::StrJoin(names, ", ")));
  }
  written_[std::string(name)] = std::move(bytes);
  return absl::OkStatus();
}

bool IsVolatile(absl::string_view output_name) {
  return absl::StrContains(output_name, ".volatile.");
}

std::string ShortPath(absl::string_view exec_path) {
  if (absl::StartsWith(exec_path, "bazel-out/")) {
    std::vector<absl::string_view> parts =
        absl::StrSplit(exec_path, absl::MaxSplits('/', 3));
    if (parts.size() == 4 && parts[2] == "bin") return std::string(parts[3]);
  }
  return std::string(exec_path);
}

namespace {

absl::StatusOr<Stage> LoadStage() {
  const std::string manifest_path = absl::GetFlag(FLAGS_manifest);
  absl::StatusOr<std::string> manifest = ReadFile(manifest_path);
  if (!manifest.ok()) return manifest.status();
  std::vector<Stage::Input> inputs;
  std::map<std::string, std::string> outputs;
  int line_no = 0;
  for (absl::string_view line : absl::StrSplit(*manifest, '\n')) {
    ++line_no;
    if (line.empty()) continue;
    std::vector<std::string> f = absl::StrSplit(line, '\t');
    if (f.size() != 3 || (f[0] != "input" && f[0] != "output")) {
      return absl::InvalidArgumentError(absl::StrCat(
          "stage manifest line ", line_no, ": expected 'input|output<TAB>name<TAB>path'"));
    }
    if (f[0] == "input") {
      for (const Stage::Input& in : inputs) {
        if (in.role == f[1]) {
          return absl::InvalidArgumentError(
              absl::StrCat("input role '", f[1], "' is declared twice"));
        }
      }
      inputs.push_back({f[1], f[2], ShortPath(f[2])});
    } else {
      outputs[f[1]] = f[2];
    }
  }
  return Stage(absl::GetFlag(FLAGS_label), std::move(inputs), std::move(outputs));
}

absl::StatusOr<schemas::FileDigest> Digest(const std::string& role,
                                           const std::string& path,
                                           const std::string& short_path) {
  absl::StatusOr<std::string> bytes = ReadFile(path);
  if (!bytes.ok()) return bytes.status();
  schemas::FileDigest d;
  d.set_role(role);
  d.set_path(short_path);
  d.set_sha256(Sha256Hex(*bytes));
  d.set_bytes(bytes->size());
  return d;
}

absl::Status Finish(const Stage& stage) {
  for (const auto& [name, path] : stage.output_paths()) {
    if (stage.written().count(name) == 0) {
      return absl::InternalError(
          absl::StrCat("stage did not write its declared output '", name, "'"));
    }
  }
  schemas::Provenance prov;
  prov.set_stage(absl::GetFlag(FLAGS_stage));
  prov.set_stage_version(absl::GetFlag(FLAGS_stage_version));
  prov.set_label(stage.label());
  const std::string tool = absl::GetFlag(FLAGS_tool_binary);
  absl::StatusOr<schemas::FileDigest> tool_digest = Digest("", tool, ShortPath(tool));
  if (!tool_digest.ok()) return tool_digest.status();
  *prov.mutable_tool() = *tool_digest;
  for (const Stage::Input& in : stage.inputs()) {
    if (IsVolatile(in.short_path.substr(in.short_path.rfind('/') + 1))) continue;
    absl::StatusOr<schemas::FileDigest> d = Digest(in.role, in.path, in.short_path);
    if (!d.ok()) return d.status();
    *prov.add_inputs() = *d;
  }
  for (const auto& [name, path] : stage.output_paths()) {
    if (IsVolatile(name)) continue;  // times etc.: never part of provenance
    const std::string& bytes = stage.written().at(name);
    schemas::FileDigest* d = prov.add_outputs();
    d->set_path(ShortPath(path));
    d->set_sha256(Sha256Hex(bytes));
    d->set_bytes(bytes.size());
  }
  for (const auto& [name, path] : stage.output_paths()) {
    absl::Status s = WriteFileAtomically(path, stage.written().at(name));
    if (!s.ok()) return s;
  }
  return WriteFileAtomically(absl::GetFlag(FLAGS_provenance), ToJson(prov));
}

}  // namespace

absl::Status StatusFromExceptions(absl::FunctionRef<absl::Status()> f) {
  try {
    return f();
  } catch (const std::exception& e) {
    return absl::InternalError(absl::StrCat("uncaught exception: ", e.what()));
  } catch (...) {
    return absl::InternalError("uncaught exception of a non-standard type");
  }
}

int RunStage(int argc, char** argv,
             absl::FunctionRef<absl::Status(Stage&)> body) {
  absl::ParseCommandLine(argc, argv);
  absl::StatusOr<Stage> stage = LoadStage();
  absl::Status status = stage.status();
  if (status.ok()) status = StatusFromExceptions([&] { return body(*stage); });
  if (status.ok()) status = StatusFromExceptions([&] { return Finish(*stage); });
  if (!status.ok()) {
    std::cerr << absl::GetFlag(FLAGS_label) << ": stage "
              << absl::GetFlag(FLAGS_stage) << " failed: " << status.message()
              << "\n";
    return 1;
  }
  return 0;
}

}  // namespace repro
