#include "tools/tasks/internal/git_log.h"

#include "absl/strings/ascii.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "stages/corpus/git_dump.h"
#include "stages/framework/pipeline/git_command.h"
#include "stages/framework/pipeline/status_macros.h"
#include "stages/framework/pipeline/utf8.h"

namespace repro::tasks::internal {
namespace {

// The commits of the walk, each with its parents, from `git rev-list
// --parents`: lines of commit ids and nothing else.
absl::StatusOr<std::vector<LogEntry>> ReadCommits(const std::string& git_dir,
                                                  const std::vector<std::string>& revisions) {
  std::vector<std::string> args = {"rev-list", "--parents"};
  args.insert(args.end(), revisions.begin(), revisions.end());
  ASSIGN_OR_RETURN(const std::string text, RunGit(git_dir, args));
  std::vector<LogEntry> out;
  for (absl::string_view line : absl::StrSplit(text, '\n', absl::SkipEmpty())) {
    std::vector<std::string> ids = absl::StrSplit(line, ' ');
    for (const std::string& id : ids) {
      if (!corpus::IsCommitId(id)) {
        return absl::InternalError(absl::StrCat(
            "git rev-list --parents: expected commit ids, found \"", Utf8Excerpt(line, 200), "\""));
      }
    }
    LogEntry e;
    e.commit = ids[0];
    e.parents.assign(ids.begin() + 1, ids.end());
    out.push_back(std::move(e));
  }
  return out;
}

// One message field of every commit of the walk, in its order.
absl::StatusOr<std::vector<std::string>> ReadField(const std::string& git_dir,
                                                   const std::vector<std::string>& revisions,
                                                   absl::string_view field, size_t commits) {
  std::vector<std::string> args = {"log", "-z", absl::StrCat("--format=tformat:", field)};
  args.insert(args.end(), revisions.begin(), revisions.end());
  ASSIGN_OR_RETURN(const std::string text, RunGit(git_dir, args));
  std::vector<std::string> out = absl::StrSplit(text, '\0');
  out.pop_back();  // after the last NUL
  if (out.size() != commits) {
    return absl::InternalError(absl::StrCat("git log -z --format=", field, ": expected ", commits,
                                            " field(s), one per commit of git rev-list, found ",
                                            out.size()));
  }
  return out;
}

}  // namespace

absl::StatusOr<std::string> ResolveCommit(const std::string& git_dir, const std::string& revision) {
  ASSIGN_OR_RETURN(std::string id, RunGit(git_dir, {"rev-parse", "--verify", "--end-of-options",
                                                    revision + "^{commit}"}));
  id = std::string(absl::StripTrailingAsciiWhitespace(id));
  if (!corpus::IsCommitId(id)) {
    return absl::InternalError(absl::StrCat("git rev-parse ", revision,
                                            ": expected a commit id, found \"",
                                            Utf8Excerpt(id, 200), "\""));
  }
  return id;
}

absl::StatusOr<bool> HasParent(const std::string& git_dir, const std::string& commit) {
  ASSIGN_OR_RETURN(const std::string line,
                   RunGit(git_dir, {"rev-list", "--parents", "-n", "1", commit}));
  return line.find(' ') != std::string::npos;
}

absl::StatusOr<std::vector<LogEntry>> ReadLog(const std::string& git_dir,
                                              const std::vector<std::string>& revisions,
                                              LogFields fields) {
  ASSIGN_OR_RETURN(std::vector<LogEntry> log, ReadCommits(git_dir, revisions));
  ASSIGN_OR_RETURN(const std::vector<std::string> subjects,
                   ReadField(git_dir, revisions, "%s", log.size()));
  for (size_t i = 0; i < log.size(); ++i) log[i].subject = subjects[i];
  if (fields.body) {
    ASSIGN_OR_RETURN(const std::vector<std::string> bodies,
                     ReadField(git_dir, revisions, "%b", log.size()));
    for (size_t i = 0; i < log.size(); ++i) log[i].body = bodies[i];
  }
  if (fields.committer_time) {
    ASSIGN_OR_RETURN(const std::vector<std::string> times,
                     ReadField(git_dir, revisions, "%ct", log.size()));
    for (size_t i = 0; i < log.size(); ++i) {
      if (!absl::SimpleAtoi(times[i], &log[i].committer_time)) {
        return absl::InternalError(absl::StrCat("git log --format=%ct: expected Unix seconds for ",
                                                log[i].commit, ", found \"",
                                                Utf8Excerpt(times[i], 80), "\""));
      }
    }
  }
  return log;
}

}  // namespace repro::tasks::internal
