// What `bazel run //stages/grid:summary` runs (summary_main.cc parses the
// flags): a human-readable corpus summary of an experiment's tasks,
//
//   bazel run //stages/grid:summary -- F01 T29
//   bazel run //stages/grid:summary            (lists the tasks)
//
// For each task: query, reformulation and commits; per snapshot (base,
// stale) the files, bytes, missing blobs, function and rest-of-file chunks,
// suspect files and snapshot_sha256; what changed between stale and base
// (the S001 dose); the gold labels and whether they equal the committed task
// lock's (the lock a task file of authored fields only is checked against;
// stages/corpus/task_lock.h), each difference as the lock check names it;
// an id held by several task sets is summarized in each.
// The artifacts come from the runfiles listed by each set's summary_index
// (stages/corpus/defs.bzl); a set whose history is not configured says how
// to configure it, one without a lock how to write it. Not a stage: prints
// to stdout, writes nothing. Exit status: 0 when every task's labels equal
// its lock, 1 otherwise (or on an error), 2 for a set not configured.
#ifndef REPRO_STAGES_GRID_COMMANDS_SUMMARY_COMMAND_H_
#define REPRO_STAGES_GRID_COMMANDS_SUMMARY_COMMAND_H_

#include <string>
#include <vector>

namespace repro::grid {

// Prints the summary of every task of `ids` (the usage and every set's task
// ids when there is none) from the summary indexes `indexes`, runfiles paths
// under `root` (a directory ending in '/', or "" for the working directory).
// Returns the exit status above.
int PrintTaskSummaries(const std::string& root, const std::vector<std::string>& indexes,
                       const std::vector<std::string>& ids);

}  // namespace repro::grid

#endif  // REPRO_STAGES_GRID_COMMANDS_SUMMARY_COMMAND_H_
