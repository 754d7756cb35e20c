#include "stages/framework/pipeline/stage.h"

#include <algorithm>
#include <iostream>
#include <utility>

#include "absl/flags/flag.h"
#include "absl/flags/parse.h"
#include "absl/strings/match.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"
#include "absl/strings/strip.h"
#include "stages/framework/pipeline/file_io.h"
#include "stages/framework/pipeline/sha256.h"
#include "stages/framework/pipeline/status_macros.h"
#include "stages/framework/pipeline/textproto.h"
#include "stages/framework/schemas/provenance.pb.h"

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
    : label_(std::move(label)), inputs_(std::move(inputs)), output_paths_(std::move(output_paths)) {
  std::sort(inputs_.begin(), inputs_.end(),
            [](const Input& a, const Input& b) { return a.role < b.role; });
}

absl::StatusOr<const Stage::Input*> Stage::Find(absl::string_view role) const {
  for (const Input& in : inputs_) {
    if (in.role == role) return &in;
  }
  return absl::NotFoundError(
      absl::StrCat("no input with role '", role, "'; known roles: ", absl::StrJoin(Roles(), ", ")));
}

absl::StatusOr<std::string> Stage::Read(absl::string_view role) const {
  ASSIGN_OR_RETURN(const Input* in, Find(role));
  return ReadFile(in->path);
}

absl::StatusOr<Stage::NamedBytes> Stage::ReadNamed(absl::string_view role) const {
  ASSIGN_OR_RETURN(const Input* in, Find(role));
  ASSIGN_OR_RETURN(std::string bytes, ReadFile(in->path));
  return NamedBytes{in->short_path, std::move(bytes)};
}

std::vector<std::string> Stage::Roles(absl::string_view prefix) const {
  std::vector<std::string> roles;
  for (const Input& in : inputs_) {
    if (absl::StartsWith(in.role, prefix)) roles.push_back(in.role);
  }
  return roles;  // inputs_ is sorted by role
}

absl::StatusOr<std::vector<std::string>> IndexedRoles(const std::vector<std::string>& roles,
                                                      absl::string_view prefix) {
  std::vector<std::string> ordered;
  for (const std::string& role : roles) {
    if (absl::StartsWith(role, prefix)) ordered.push_back(role);
  }
  std::vector<bool> seen(ordered.size(), false);
  std::vector<std::string> out(ordered.size());
  for (const std::string& role : ordered) {
    const absl::string_view digits = absl::string_view(role).substr(prefix.size());
    size_t i = 0;
    const bool canonical = !digits.empty() && (digits == "0" || digits[0] != '0');
    if (!canonical || !absl::SimpleAtoi(digits, &i) || i >= out.size() || seen[i]) {
      return absl::InvalidArgumentError(absl::StrCat("role ", role, ": expected ", prefix,
                                                     "<i>, i one of 0..", out.size() - 1,
                                                     " once each (", out.size(), " such roles)"));
    }
    seen[i] = true;
    out[i] = role;
  }
  return out;
}

absl::StatusOr<Stage::Digest> Stage::InputDigest(absl::string_view role) const {
  auto it = digests_.find(std::string(role));
  if (it != digests_.end()) return it->second;
  ASSIGN_OR_RETURN(const Input* in, Find(role));
  ASSIGN_OR_RETURN(FileSha256 file, Sha256OfFile(in->path));
  Digest d{std::move(file.hex), file.bytes};
  digests_.emplace(in->role, d);
  return d;
}

absl::Status Stage::Write(absl::string_view name, std::string bytes) {
  if (output_paths_.count(std::string(name)) == 0) {
    std::vector<std::string> names;
    for (const auto& [n, p] : output_paths_) names.push_back(n);
    return absl::InvalidArgumentError(absl::StrCat(
        "output '", name, "' is not declared; declared outputs: ", absl::StrJoin(names, ", ")));
  }
  written_[std::string(name)] = std::move(bytes);
  return absl::OkStatus();
}

bool IsVolatile(absl::string_view output_name) {
  return absl::StrContains(output_name, ".volatile.");
}

std::string ShortPath(absl::string_view exec_path) {
  if (absl::StartsWith(exec_path, "bazel-out/")) {
    std::vector<absl::string_view> parts = absl::StrSplit(exec_path, absl::MaxSplits('/', 3));
    if (parts.size() == 4 && parts[2] == "bin") return std::string(parts[3]);
  }
  return std::string(exec_path);
}

namespace {

schemas::FileDigest MakeDigest(const std::string& role, const std::string& short_path,
                               const std::string& sha256, uint64_t bytes) {
  schemas::FileDigest d;
  d.set_role(role);
  d.set_path(short_path);
  d.set_sha256(sha256);
  d.set_bytes(bytes);
  return d;
}

absl::StatusOr<schemas::Provenance> MakeProvenance(const Stage& stage, const StageRecord& record) {
  schemas::Provenance prov;
  prov.set_stage(record.stage);
  prov.set_stage_version(record.stage_version);
  for (const std::string& arg : record.args) prov.add_args(arg);
  prov.set_label(stage.label());
  ASSIGN_OR_RETURN(const FileSha256 tool, Sha256OfFile(record.tool_binary));
  *prov.mutable_tool() = MakeDigest("", ShortPath(record.tool_binary), tool.hex, tool.bytes);
  for (const Stage::Input& in : stage.inputs()) {
    if (IsVolatile(in.short_path.substr(in.short_path.rfind('/') + 1))) continue;
    ASSIGN_OR_RETURN(const Stage::Digest digest, stage.InputDigest(in.role));
    *prov.add_inputs() = MakeDigest(in.role, in.short_path, digest.sha256, digest.bytes);
  }
  for (const auto& [name, path] : stage.output_paths()) {
    if (IsVolatile(name)) continue;  // times etc.: never part of provenance
    const std::string& bytes = stage.written().at(name);
    schemas::FileDigest* d = prov.add_outputs();
    d->set_path(ShortPath(path));
    d->set_sha256(Sha256Hex(bytes));
    d->set_bytes(bytes.size());
  }
  return prov;
}

// The runtime flags eval_stage passes; StageArgs leaves them out.
bool IsRuntimeFlag(absl::string_view name) {
  for (absl::string_view f :
       {"stage", "stage_version", "label", "tool_binary", "manifest", "provenance"}) {
    if (name == f) return true;
  }
  return false;
}

// A path that names a place on this machine or in this configuration.
bool IsMachinePath(absl::string_view value) {
  return absl::StartsWith(value, "/") || absl::StartsWith(value, "~/") ||
         absl::StrContains(value, "bazel-out/");
}

}  // namespace

absl::StatusOr<Stage> StageFromManifest(const std::string& label,
                                        const std::string& manifest_path) {
  ASSIGN_OR_RETURN(const std::string manifest, ReadFile(manifest_path));
  std::vector<Stage::Input> inputs;
  std::map<std::string, std::string> outputs;
  int line_no = 0;
  for (absl::string_view line : absl::StrSplit(manifest, '\n')) {
    ++line_no;
    if (line.empty()) continue;
    const std::string where = absl::StrCat("stage manifest ", manifest_path, " line ", line_no);
    std::vector<std::string> f = absl::StrSplit(line, '\t');
    if (f.size() != 3 || (f[0] != "input" && f[0] != "output")) {
      return absl::InvalidArgumentError(
          absl::StrCat(where, ": expected 'input|output<TAB>name<TAB>path', found '", line, "'"));
    }
    if (f[0] == "input") {
      for (const Stage::Input& in : inputs) {
        if (in.role == f[1]) {
          return absl::InvalidArgumentError(
              absl::StrCat(where, ": input role '", f[1], "' is declared twice"));
        }
      }
      inputs.push_back({f[1], f[2], ShortPath(f[2])});
    } else if (!outputs.emplace(f[1], f[2]).second) {
      return absl::InvalidArgumentError(
          absl::StrCat(where, ": output '", f[1], "' is declared twice"));
    }
  }
  return Stage(label, std::move(inputs), std::move(outputs));
}

absl::StatusOr<std::vector<std::string>> StageArgs(int argc, char** argv) {
  std::vector<std::string> args;
  bool flags_done = false;  // after "--" every argument is positional
  for (int i = 1; i < argc; ++i) {
    const absl::string_view arg = argv[i];
    if (!flags_done && arg == "--") {
      flags_done = true;
    } else if (!flags_done && absl::StartsWith(arg, "-")) {
      const absl::string_view flag = absl::StripPrefix(absl::StripPrefix(arg, "-"), "-");
      const size_t eq = flag.find('=');
      if (IsRuntimeFlag(flag.substr(0, eq))) {
        if (eq == absl::string_view::npos) ++i;  // "--manifest <path>": skip the value too
        continue;
      }
    }
    const size_t eq = arg.find('=');
    const absl::string_view value =
        absl::StartsWith(arg, "-") && eq != absl::string_view::npos ? arg.substr(eq + 1) : arg;
    if (IsMachinePath(value)) {
      return absl::InvalidArgumentError(absl::StrCat(
          "argument '", arg,
          "' is a machine path; a file is passed as an input by role (eval_stage inputs), "
          "so that the provenance records its bytes, not its path"));
    }
    args.push_back(std::string(arg));
  }
  return args;
}

absl::Status Finish(const Stage& stage, const StageRecord& record) {
  for (const auto& [name, path] : stage.output_paths()) {
    if (stage.written().count(name) == 0) {
      return absl::InternalError(
          absl::StrCat("stage did not write its declared output '", name, "'"));
    }
  }
  ASSIGN_OR_RETURN(const schemas::Provenance prov, MakeProvenance(stage, record));
  std::vector<std::pair<std::string, std::string>> files;
  for (const auto& [name, path] : stage.output_paths()) {
    files.emplace_back(path, stage.written().at(name));
  }
  files.emplace_back(record.provenance, ToJson(prov));
  return WriteFilesAtomically(files);
}

absl::Status StatusFromExceptions(absl::FunctionRef<absl::Status()> f) {
  try {
    return f();
  } catch (const std::exception& e) {
    return absl::InternalError(absl::StrCat("uncaught exception: ", e.what()));
  } catch (...) {
    return absl::InternalError("uncaught exception of a non-standard type");
  }
}

int RunStage(int argc, char** argv, absl::FunctionRef<absl::Status(Stage&)> body) {
  absl::StatusOr<std::vector<std::string>> args = StageArgs(argc, argv);
  absl::ParseCommandLine(argc, argv);
  absl::Status status = args.status();
  absl::StatusOr<Stage> stage = absl::UnknownError("not loaded");
  if (status.ok()) {
    stage = StageFromManifest(absl::GetFlag(FLAGS_label), absl::GetFlag(FLAGS_manifest));
    status = stage.status();
  }
  if (status.ok()) status = StatusFromExceptions([&] { return body(*stage); });
  if (status.ok()) {
    const StageRecord record{absl::GetFlag(FLAGS_stage), absl::GetFlag(FLAGS_stage_version),
                             absl::GetFlag(FLAGS_tool_binary), absl::GetFlag(FLAGS_provenance),
                             *std::move(args)};
    status = StatusFromExceptions([&] { return Finish(*stage, record); });
  }
  if (!status.ok()) {
    std::cerr << absl::GetFlag(FLAGS_label) << ": stage " << absl::GetFlag(FLAGS_stage)
              << " failed: " << status.message() << "\n";
    return 1;
  }
  return 0;
}

}  // namespace repro
