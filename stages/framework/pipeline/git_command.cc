#include "stages/framework/pipeline/git_command.h"

#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"

extern char** environ;

namespace repro {
namespace {

// Reads `fd` to its end.
std::string ReadAll(int fd) {
  std::string out;
  char buf[1 << 16];
  for (;;) {
    const ssize_t n = read(fd, buf, sizeof buf);
    if (n > 0) {
      out.append(buf, static_cast<size_t>(n));
    } else if (n == 0 || errno != EINTR) {
      break;
    }
  }
  return out;
}

}  // namespace

absl::StatusOr<std::string> RunGit(const std::string& git_dir,
                                   const std::vector<std::string>& args) {
  std::vector<std::string> argv = {"git", "--git-dir=" + git_dir, "-c", "protocol.allow=never",
                                   "-c",  "core.quotePath=true"};
  argv.insert(argv.end(), args.begin(), args.end());
  std::vector<std::string> env = {"LC_ALL=C",
                                  "GIT_CONFIG_NOSYSTEM=1",
                                  "GIT_CONFIG_GLOBAL=/dev/null",
                                  "HOME=/nonexistent",
                                  "GIT_NO_REPLACE_OBJECTS=1",
                                  "GIT_NO_LAZY_FETCH=1",
                                  "GIT_TERMINAL_PROMPT=0"};
  for (char** e = environ; *e != nullptr; ++e) {
    if (std::strncmp(*e, "PATH=", 5) == 0) env.push_back(*e);
  }
  std::vector<char*> c_argv, c_env;
  for (std::string& a : argv) c_argv.push_back(a.data());
  c_argv.push_back(nullptr);
  for (std::string& e : env) c_env.push_back(e.data());
  c_env.push_back(nullptr);

  int out[2], err[2];
  if (pipe(out) != 0 || pipe(err) != 0) {
    return absl::InternalError(absl::StrCat("pipe: ", std::strerror(errno)));
  }
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_adddup2(&actions, out[1], 1);
  posix_spawn_file_actions_adddup2(&actions, err[1], 2);
  posix_spawn_file_actions_addclose(&actions, out[0]);
  posix_spawn_file_actions_addclose(&actions, err[0]);
  pid_t pid = 0;
  const int spawned = posix_spawnp(&pid, "git", &actions, nullptr, c_argv.data(), c_env.data());
  posix_spawn_file_actions_destroy(&actions);
  close(out[1]);
  close(err[1]);
  if (spawned != 0) {
    close(out[0]);
    close(err[0]);
    return absl::InternalError(absl::StrCat("cannot run git: ", std::strerror(spawned)));
  }
  // git's stderr is small; read stdout first, then stderr.
  std::string stdout_text = ReadAll(out[0]);
  const std::string stderr_text = ReadAll(err[0]);
  close(out[0]);
  close(err[0]);
  int status = 0;
  while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
  }
  if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
    return absl::InternalError(absl::StrCat(
        absl::StrJoin(argv, " "), ": exit status ", WIFEXITED(status) ? WEXITSTATUS(status) : -1,
        stderr_text.empty() ? "" : ": ", stderr_text.substr(0, stderr_text.find('\n'))));
  }
  return stdout_text;
}

}  // namespace repro
