// Where the command-line tools (lineage, explain) find a report and the
// workspace they were started from under `bazel run`.
//
// WorkspaceDir(): --workspace when given, else $BUILD_WORKSPACE_DIRECTORY
// (set by `bazel run`), else "".
// BinDir(workspace): <workspace>/bazel-bin when it exists, else "".
// ExternalDir(bin): the output base's external/ directory (bazel-bin is
// <output base>/execroot/<workspace>/bazel-out/<config>/bin), else "".
// ResolveReport(arg, bin): a report label //pkg:name is <bin>/pkg/name; a
// relative path is taken from $BUILD_WORKING_DIRECTORY (where `bazel run`
// was started), then from `bin`; an absolute path as it is.
#ifndef REPRO_STAGES_INSPECT_LINEAGE_REPORT_PATH_H_
#define REPRO_STAGES_INSPECT_LINEAGE_REPORT_PATH_H_

#include <string>

namespace repro::lineage {

std::string WorkspaceDir(const std::string& flag);
std::string BinDir(const std::string& workspace);
std::string ExternalDir(const std::string& bin);
std::string ResolveReport(const std::string& arg, const std::string& bin);

}  // namespace repro::lineage

#endif  // REPRO_STAGES_INSPECT_LINEAGE_REPORT_PATH_H_
