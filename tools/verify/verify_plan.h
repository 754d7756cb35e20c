// Which stage outputs a verification re-executes and checks.
//
// VerifyPlan(lineage, sample, seed) lists, for every stage recorded in a
// report's lineage.json (or for `sample` of them when sample > 0), each
// recorded output: (stage label, workspace-relative path, sha256). The sample
// is fixed by the seed and portable: stages are ordered by
// sha256("<seed>\n<label>") and the first `sample` taken, then listed in
// label order. Volatile outputs are never recorded, so never checked.
// Errors: InvalidArgument for a lineage without stages or sample < 0.
#ifndef REPRO_TOOLS_VERIFY_VERIFY_PLAN_H_
#define REPRO_TOOLS_VERIFY_VERIFY_PLAN_H_

#include <cstdint>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "stages/schemas/provenance.pb.h"

namespace repro {

struct PlannedOutput {
  std::string label;
  std::string path;
  std::string sha256;
};

absl::StatusOr<std::vector<PlannedOutput>> VerifyPlan(const schemas::Lineage& lineage, int sample,
                                                      uint64_t seed);

}  // namespace repro

#endif  // REPRO_TOOLS_VERIFY_VERIFY_PLAN_H_
