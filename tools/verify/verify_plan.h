// Which stage outputs a verification re-executes and checks.
//
// VerifyPlan(lineage, sample, seed) lists, for every stage recorded in a
// report's lineage.json (or for `sample` of them when sample > 0), each
// recorded output: (stage label, workspace-relative path, sha256). The sample
// is fixed by the seed and portable: stages are ordered by
// sha256("<seed>\n<label>") and the first `sample` taken, then listed in
// label order. Volatile outputs are never recorded, so never checked.
//
// A lineage.json is untrusted input (verify exists to catch a poisoned cache,
// and the report may come from one): its labels reach a nested `bazel build`
// and its paths a file read. So every entry is checked before any is listed:
//   - the label is a target of this workspace, "//<package>:<name>": no
//     repository prefix, package and name segments of [A-Za-z0-9_.+=,~-]
//     (the name may also hold '/'), none empty, "." or "..", none starting
//     with '-'. Nothing a shell splits or Bazel reads as a flag gets through;
//   - each output path is a normalized relative path (no leading '/', no empty,
//     "." or ".." segment, the same characters) inside the stage's package:
//     "<package>/...", where Bazel puts every output of that target. The
//     caller hashes it under bazel-bin, so it cannot name a file elsewhere;
//   - the sha256 is 64 lowercase hex characters.
// Errors: InvalidArgument for a lineage without stages, sample < 0, or an
// entry that fails a check above, naming the entry (its label, escaped) and
// the field (label, outputs[<j>].path or outputs[<j>].sha256), expected vs
// found. Nothing is listed when any entry fails.
#ifndef REPRO_TOOLS_VERIFY_VERIFY_PLAN_H_
#define REPRO_TOOLS_VERIFY_VERIFY_PLAN_H_

#include <cstdint>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "stages/framework/schemas/provenance.pb.h"

namespace repro::verify {

struct PlannedOutput {
  std::string label;
  std::string path;
  std::string sha256;
};

absl::StatusOr<std::vector<PlannedOutput>> VerifyPlan(const schemas::Lineage& lineage, int sample,
                                                      uint64_t seed);

// OK when `label` is "//<package>:<name>" of this workspace (rules above);
// otherwise InvalidArgument "expected ..., found '<label>'".
absl::Status CheckWorkspaceLabel(absl::string_view label);

// OK when `path` is a normalized relative path under `package` + "/" (rules
// above); otherwise InvalidArgument "expected ..., found '<path>'".
absl::Status CheckOutputPath(absl::string_view package, absl::string_view path);

}  // namespace repro::verify

#endif  // REPRO_TOOLS_VERIFY_VERIFY_PLAN_H_
