// The commits of a walk of a local clone's history, read for the task
// miner's outputs (miner.h, pull_requests.h).
//
// ResolveCommit(git_dir, revision) is the commit id `revision` names (`git
// rev-parse --verify --end-of-options <revision>^{commit}`), resolved once
// so that every later call walks the same commits.
//
// HasParent(git_dir, commit) is whether `commit` has a parent (`git
// rev-list --parents -n 1`): a root commit has no stale commit for S001.
//
// ReadLog(git_dir, revisions, fields) reads the walk `git rev-list
// --parents <revisions...>` gives (newest first, git's order): the commits
// and their parents from rev-list (lines of ids and nothing else), then each
// message field asked for from a `git log -z --format=tformat:<field>` call
// over the same revisions: "%s" (the subject) always, "%b" (the body) and
// "%ct" (the committer time, Unix seconds) when `fields` asks. `git log -z`
// ends each field with a NUL, a byte git never prints from a message, so the
// fields line up with rev-list's commits: no text of a commit message can
// pass for a commit, a parent or the message of another commit. A count
// that differs is an InternalError, as is any failing git command
// (git_command.h, naming the command).
#ifndef REPRO_TOOLS_TASKS_INTERNAL_GIT_LOG_H_
#define REPRO_TOOLS_TASKS_INTERNAL_GIT_LOG_H_

#include <cstdint>
#include <string>
#include <vector>

#include "absl/status/statusor.h"

namespace repro::tasks::internal {

struct LogEntry {
  std::string commit;
  std::vector<std::string> parents;
  std::string subject;
  std::string body;            // read when LogFields::body
  int64_t committer_time = 0;  // read when LogFields::committer_time
};

struct LogFields {
  bool body = false;
  bool committer_time = false;
};

absl::StatusOr<std::string> ResolveCommit(const std::string& git_dir, const std::string& revision);

absl::StatusOr<bool> HasParent(const std::string& git_dir, const std::string& commit);

absl::StatusOr<std::vector<LogEntry>> ReadLog(const std::string& git_dir,
                                              const std::vector<std::string>& revisions,
                                              LogFields fields);

}  // namespace repro::tasks::internal

#endif  // REPRO_TOOLS_TASKS_INTERNAL_GIT_LOG_H_
