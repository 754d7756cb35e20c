// The runtime of a pipeline stage tool.
//
// Every evaluation stage is a Bazel action (rule `eval_stage` in defs.bzl) that
// runs one small C++ tool over declared inputs. RunStage is that tool's main:
//
//   int main(int argc, char** argv) {
//     return repro::RunStage(argc, argv, [](repro::Stage& stage) {
//       absl::StatusOr<std::string> text = stage.Read("candidates");
//       ...
//       return stage.Write("w04.json", json);
//     });
//   }
//
// Contract:
//  - Inputs are named by role (the string given in the BUILD file). Read()
//    (or ReadNamed(), which also gives the input's workspace-relative path)
//    of an unknown role is NotFound listing the known roles.
//  - Outputs are named by the file names declared in `outs`. Write() buffers
//    bytes in memory; nothing reaches disk unless the body returns OK and every
//    declared output was written. Then each output is written atomically, then
//    the provenance record (stage, version, label, sha256 of the tool binary,
//    of every input and of every output; workspace-relative paths only).
//  - A failing body prints "<label>: <message>" on stderr and exits 1 with no
//    artifact written: a stop condition is a build failure. An exception that
//    escapes the body (or the finish) is caught and reported the same way,
//    "uncaught exception: <what>" (StatusFromExceptions).
//  - Volatile outputs ("*.volatile.*", e.g. query times) are written like any
//    other but left out of the provenance record (see IsVolatile).
//  - Stage-specific flags are ordinary ABSL_FLAGs of the tool; RunStage parses
//    the command line. The provenance record holds them too, as `args`: every
//    argument as given, in order, except the runtime flags that eval_stage
//    passes (--stage, --stage_version, --label: fields of their own;
//    --tool_binary, --manifest, --provenance: machine paths, whose files are
//    recorded by hash as the tool, the inputs and outputs, and the record
//    itself). A stage argument that is a machine path (absolute, or under
//    bazel-out/) stops the stage: a file is an input by role (StageArgs).
//
// The pieces of RunStage, for tests and for tools that drive a stage
// themselves:
//  - StageFromManifest(label, manifest_path) reads the manifest eval_stage
//    writes (lines "input<TAB>role<TAB>path" and "output<TAB>name<TAB>path")
//    into a Stage. Errors: the manifest cannot be read (NotFound naming it);
//    InvalidArgument naming the manifest and the line for a malformed line, a
//    role declared twice or an output declared twice.
//  - StageArgs(argc, argv) is the `args` above, or InvalidArgument naming the
//    argument that is a machine path.
//  - Finish(stage, record) is what follows a body that returned OK: Internal
//    naming a declared output the body did not write; otherwise the outputs,
//    then the provenance record, each written atomically. If any read or
//    write fails, outputs already written are removed again: after a failing
//    stage no output file exists.
#ifndef REPRO_STAGES_FRAMEWORK_PIPELINE_STAGE_H_
#define REPRO_STAGES_FRAMEWORK_PIPELINE_STAGE_H_

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "absl/functional/function_ref.h"
#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"

namespace repro {

class Stage {
 public:
  struct Input {
    std::string role;
    std::string path;        // path to open (exec path)
    std::string short_path;  // workspace-relative, machine independent
  };

  Stage(std::string label, std::vector<Input> inputs,
        std::map<std::string, std::string> output_paths);

  // Bytes of the input with this role.
  absl::StatusOr<std::string> Read(absl::string_view role) const;
  // The same, with the input's workspace-relative path (for messages).
  struct NamedBytes {
    std::string name;  // short_path of the input
    std::string bytes;
  };
  absl::StatusOr<NamedBytes> ReadNamed(absl::string_view role) const;
  // The input with this role, or NotFound listing the known roles.
  absl::StatusOr<const Input*> Find(absl::string_view role) const;
  // Roles that start with `prefix`, sorted.
  std::vector<std::string> Roles(absl::string_view prefix = "") const;
  // The sha256 and size of the input with this role, computed once per stage
  // run (the provenance record reuses it): a body that checks a large input
  // against a pin asks here instead of hashing the file a second time.
  struct Digest {
    std::string sha256;
    uint64_t bytes = 0;
  };
  absl::StatusOr<Digest> InputDigest(absl::string_view role) const;

  // Buffers `bytes` as output `name`; `name` must be a declared output.
  absl::Status Write(absl::string_view name, std::string bytes);

  const std::string& label() const { return label_; }
  const std::vector<Input>& inputs() const { return inputs_; }
  const std::map<std::string, std::string>& output_paths() const { return output_paths_; }
  const std::map<std::string, std::string>& written() const { return written_; }

 private:
  std::string label_;
  std::vector<Input> inputs_;
  std::map<std::string, std::string> output_paths_;  // name -> path
  std::map<std::string, std::string> written_;       // name -> bytes
  mutable std::map<std::string, Digest> digests_;    // role -> digest (InputDigest)
};

// What the provenance record holds besides the label, inputs and outputs
// (RunStage fills it from its runtime flags; see the contract above).
struct StageRecord {
  std::string stage;              // --stage
  std::string stage_version;      // --stage_version
  std::string tool_binary;        // --tool_binary: the tool, hashed as `tool`
  std::string provenance;         // --provenance: where the record is written
  std::vector<std::string> args;  // StageArgs
};

absl::StatusOr<Stage> StageFromManifest(const std::string& label, const std::string& manifest_path);

absl::StatusOr<std::vector<std::string>> StageArgs(int argc, char** argv);

absl::Status Finish(const Stage& stage, const StageRecord& record);

// Outputs named "*.volatile.*" (timings) are written but never hashed into
// the provenance record (as outputs, or as inputs of a stage that collects
// them), and later stages receive them only when asked for (eval_stage's
// `volatile_inputs`).
bool IsVolatile(absl::string_view output_name);

// Workspace-relative form of an exec path: strips "bazel-out/<cfg>/bin/".
std::string ShortPath(absl::string_view exec_path);

// f(), with any exception it throws turned into Internal "uncaught exception:
// <what>" (RunStage reports it with the stage label, like any failure).
absl::Status StatusFromExceptions(absl::FunctionRef<absl::Status()> f);

int RunStage(int argc, char** argv, absl::FunctionRef<absl::Status(Stage&)> body);

// A list carried as numbered roles ("harness/0", "harness/1", ...: the
// experiment's harness order): the roles of `roles` that start with `prefix`,
// in the order of the integer after it. InvalidArgument naming the role when
// those integers are not exactly 0..n-1 (n may be 0).
absl::StatusOr<std::vector<std::string>> IndexedRoles(const std::vector<std::string>& roles,
                                                      absl::string_view prefix);

}  // namespace repro

#endif  // REPRO_STAGES_FRAMEWORK_PIPELINE_STAGE_H_
