// `bazel run //stages/grid:summary -- <task id>...`: a corpus summary of
// each task (summary_command.h); with no id, the task ids of every set.
#include <unistd.h>

#include <cstdlib>
#include <string>
#include <vector>

#include "absl/flags/flag.h"
#include "absl/flags/parse.h"
#include "stages/grid/commands/summary_command.h"

ABSL_FLAG(std::vector<std::string>, indexes, {},
          "Runfiles paths of the summary_index.textproto of each task set.");

namespace {

// The binary's own runfiles first: a RUNFILES_DIR inherited from a calling
// process (a test that runs `bazel run`) names that process's runfiles.
std::string RunfilesRoot(const char* argv0) {
  for (const std::string& dir :
       {std::string(argv0) + ".runfiles",
        std::string(std::getenv("RUNFILES_DIR") != nullptr ? std::getenv("RUNFILES_DIR") : "")}) {
    if (dir.empty()) continue;
    const std::string root = dir + "/retrieval_repro/";
    if (access(root.c_str(), F_OK) == 0) return root;
  }
  return "";  // bazel run: the working directory is the runfiles root
}

}  // namespace

int main(int argc, char** argv) {
  const std::vector<char*> args = absl::ParseCommandLine(argc, argv);
  return repro::grid::PrintTaskSummaries(RunfilesRoot(argv[0]), absl::GetFlag(FLAGS_indexes),
                                         std::vector<std::string>(args.begin() + 1, args.end()));
}
