// Stage tool: compares the committed task lock of a task set with the lock
// the pipeline derives (CompareTaskLock, task_lock.h), two-sided; any
// difference stops the build.
//
// Flags: --refreeze (the command that rewrites the lock, e.g. "bazel run
// //reports:gitlab_runner_tasks_refreeze"), --lock_file (the lock's workspace
// path, e.g. "data/e04/tasks/tasks.lock.textproto"); both for messages, both
// required. Inputs (roles): derived (the lock text from derived_lock) and,
// when the lock file exists, locked (its text). Output: task_lock_check.txt, the one line
// "<lock_file>: <n> task(s), equal to the derivation\n".
//
// Errors (FailedPrecondition), each naming the lock file and the refreeze
// command: no `locked` input (the set has no lock yet, or the history
// repository was fetched before it was written: the message names the sync); a lock that does not
// parse (the parse error, file:line:col, then the hint); a lock that differs
// from the derivation (every difference, one "  - " line each). A derived
// lock that does not parse is InvalidArgument (ParseTaskLock).
#include <algorithm>
#include <string>
#include <vector>

#include "absl/flags/flag.h"
#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "stages/corpus/task.pb.h"
#include "stages/corpus/task_lock.h"
#include "stages/framework/pipeline/stage.h"
#include "stages/framework/pipeline/status_macros.h"

ABSL_FLAG(std::string, refreeze, "",
          "Command that rewrites the lock, e.g. bazel run //reports:<set>_tasks_refreeze.");
ABSL_FLAG(std::string, lock_file, "", "Workspace path of the task lock, for messages.");

namespace repro {
namespace corpus {
namespace {

struct Flags {
  std::string refreeze;
  std::string lock_file;
};

absl::StatusOr<Flags> ReadFlags() {
  Flags flags{absl::GetFlag(FLAGS_refreeze), absl::GetFlag(FLAGS_lock_file)};
  if (flags.refreeze.empty()) return absl::InvalidArgumentError("flag --refreeze is required");
  if (flags.lock_file.empty()) return absl::InvalidArgumentError("flag --lock_file is required");
  return flags;
}

bool HasRole(const Stage& stage, const std::string& role) {
  const std::vector<std::string> roles = stage.Roles(role);
  return std::find(roles.begin(), roles.end(), role) != roles.end();
}

// The committed lock, or FailedPrecondition when it is absent or does not
// parse.
absl::StatusOr<TaskLock> ReadLocked(const Stage& stage, const Flags& flags,
                                    const TaskLock& derived) {
  if (!HasRole(stage, "locked")) {
    return absl::FailedPreconditionError(absl::StrCat(
        flags.lock_file, " (absent): task set ", derived.task_set(),
        " has no task lock; write it with `", flags.refreeze,
        "`, review it, commit it (a lock written since the history was fetched is read after "
        "`bazel sync --only=",
        derived.task_set(), "_history`)"));
  }
  ASSIGN_OR_RETURN(const Stage::NamedBytes in, stage.ReadNamed("locked"));
  absl::StatusOr<TaskLock> locked = ParseTaskLock(in.bytes, in.name);
  if (!locked.ok()) {
    return absl::FailedPreconditionError(
        absl::StrCat(locked.status().message(), "\n", flags.lock_file,
                     ": the task lock does not parse; write it again with `", flags.refreeze,
                     "`, review the diff and commit it"));
  }
  return locked;
}

absl::Status Run(Stage& stage) {
  ASSIGN_OR_RETURN(const Flags flags, ReadFlags());
  ASSIGN_OR_RETURN(const Stage::NamedBytes derived_text, stage.ReadNamed("derived"));
  ASSIGN_OR_RETURN(const TaskLock derived, ParseTaskLock(derived_text.bytes, derived_text.name));
  ASSIGN_OR_RETURN(const TaskLock locked, ReadLocked(stage, flags, derived));
  const std::vector<std::string> diffs = CompareTaskLock(locked, derived);
  if (!diffs.empty()) {
    return absl::FailedPreconditionError(absl::StrCat(
        flags.lock_file, ": the task lock differs from what the pipeline derives (", diffs.size(),
        " difference(s)); if the derivation is right, run `", flags.refreeze,
        "`, review the diff and commit it:\n  - ", absl::StrJoin(diffs, "\n  - ")));
  }
  return stage.Write("task_lock_check.txt",
                     absl::StrCat(flags.lock_file, ": ", derived.tasks_size(),
                                  " task(s), equal to the derivation\n"));
}

}  // namespace
}  // namespace corpus
}  // namespace repro

int main(int argc, char** argv) { return repro::RunStage(argc, argv, repro::corpus::Run); }
