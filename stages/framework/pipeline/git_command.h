// Running git on a local clone, for the commands that read a history
// outside the build (the task miner, explain --revision). Never used by a build action: the
// pipeline's stages read git's output as files (extract_history.sh).
//
// RunGit(git_dir, args) runs `git --git-dir=<git_dir> <args...>` without a
// shell (posix_spawnp; PATH's git), with the environment extract_history.sh
// fixes (LC_ALL=C, no user or system configuration, no replace objects, no
// lazy fetch, no prompt), and returns its standard output. InternalError
// naming the command and its exit status (and the first line of its
// standard error) when it does not exit 0.
#ifndef REPRO_STAGES_FRAMEWORK_PIPELINE_GIT_COMMAND_H_
#define REPRO_STAGES_FRAMEWORK_PIPELINE_GIT_COMMAND_H_

#include <string>
#include <vector>

#include "absl/status/statusor.h"

namespace repro {

absl::StatusOr<std::string> RunGit(const std::string& git_dir,
                                   const std::vector<std::string>& args);

}  // namespace repro

#endif  // REPRO_STAGES_FRAMEWORK_PIPELINE_GIT_COMMAND_H_
