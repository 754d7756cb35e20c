#include "stages/retrieval/bounded_process.h"

#include <fcntl.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <csignal>
#include <cstring>
#include <fstream>
#include <sstream>

#include "absl/strings/str_cat.h"
#include "absl/time/clock.h"
#include "stages/framework/pipeline/utf8.h"

namespace repro::retrieval {
namespace {

constexpr absl::Duration kPoll = absl::Milliseconds(5);

std::vector<char*> CStrings(const std::vector<std::string>& v) {
  std::vector<char*> out;
  for (const std::string& s : v) out.push_back(const_cast<char*>(s.c_str()));
  out.push_back(nullptr);
  return out;
}

int OpenAppend(const std::string& path) {
  return open(path.c_str(), O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0600);
}

// In the child, between fork and exec: async-signal-safe calls only.
[[noreturn]] void Exec(const ProcessRequest& r, int in, int out, int err, char* const* argv,
                       char* const* env) {
  setpgid(0, 0);
  const rlim_t bytes = static_cast<rlim_t>(r.memory_bytes);
  const struct rlimit mem = {bytes, bytes};
  const struct rlimit core = {0, 0};
  if (dup2(in, 0) < 0 || dup2(out, 1) < 0 || dup2(err, 2) < 0 || chdir(r.cwd.c_str()) != 0 ||
      setrlimit(RLIMIT_AS, &mem) != 0 || setrlimit(RLIMIT_CORE, &core) != 0) {
    _exit(126);
  }
  execve(argv[0], argv, env);
  static const char kMessage[] = "execve failed\n";
  (void)!write(2, kMessage, sizeof(kMessage) - 1);
  _exit(127);
}

std::string Tail(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream buffer;
  buffer << in.rdbuf();
  std::string text = buffer.str();
  if (text.size() > kStderrTailBytes) {
    text = text.substr(text.size() - kStderrTailBytes);
    const size_t newline = text.find('\n');
    if (newline != std::string::npos && newline + 1 < text.size()) text = text.substr(newline + 1);
  }
  return Utf8Safe(text);
}

// Waits for `pid`, killing its process group at `deadline`.
void Wait(pid_t pid, absl::Time deadline, ProcessResult* result) {
  int status = 0;
  while (true) {
    const pid_t done = waitpid(pid, &status, WNOHANG);
    if (done == pid || (done < 0 && errno != EINTR)) break;
    if (absl::Now() >= deadline && !result->timed_out) {
      result->timed_out = true;
      kill(-pid, SIGKILL);
      kill(pid, SIGKILL);
    }
    absl::SleepFor(kPoll);
  }
  if (WIFEXITED(status)) result->exit_code = WEXITSTATUS(status);
  if (WIFSIGNALED(status)) result->signal = WTERMSIG(status);
  kill(-pid, SIGKILL);  // a child the program left behind
}

}  // namespace

absl::StatusOr<ProcessResult> RunBoundedProcess(const ProcessRequest& r) {
  struct stat st;
  if (r.argv.empty() || stat(r.argv[0].c_str(), &st) != 0 || !S_ISREG(st.st_mode) ||
      access(r.argv[0].c_str(), X_OK) != 0) {
    return absl::NotFoundError(absl::StrCat("program ", r.argv.empty() ? "" : r.argv[0],
                                            ": expected an executable file, found none"));
  }
  const int in = open("/dev/null", O_RDONLY | O_CLOEXEC);
  const int out = OpenAppend(r.stdout_path);
  const int err = OpenAppend(r.stderr_path);
  if (in < 0 || out < 0 || err < 0) {
    for (int fd : {in, out, err}) {
      if (fd >= 0) close(fd);
    }
    return absl::InternalError(
        absl::StrCat("cannot open the program's standard streams: ", std::strerror(errno)));
  }
  std::vector<char*> argv = CStrings(r.argv);
  std::vector<char*> env = CStrings(r.env);
  ProcessResult result;
  const absl::Time start = absl::Now();
  const pid_t pid = fork();
  if (pid == 0) Exec(r, in, out, err, argv.data(), env.data());
  for (int fd : {in, out, err}) close(fd);
  if (pid < 0) return absl::InternalError(absl::StrCat("fork: ", std::strerror(errno)));
  setpgid(pid, pid);  // also here: no race with the kill below
  Wait(pid, start + r.timeout, &result);
  result.wall_time = absl::Now() - start;
  result.stderr_tail = Tail(r.stderr_path);
  return result;
}

}  // namespace repro::retrieval
