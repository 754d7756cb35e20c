// One run of an outside program with bounded wall time and memory: the
// external harnesses' programs (external_harness.h).
//
//   RunBoundedProcess(request) runs request.argv (argv[0]: the program's
//   path, executed directly: no shell, no PATH search) with exactly
//   request.env as its environment, in request.cwd, standard input
//   /dev/null, standard output and error appended to the files named, in a
//   process group of its own, with RLIMIT_AS = memory_bytes and no core
//   file. When the program runs longer than `timeout`, its whole process
//   group is killed (SIGKILL) and the result says timed_out.
//
// The result holds how the program ended and the tail of its standard error
// (the last kStderrTailBytes bytes, cut back to a line start, Utf8Safe).
// Errors: NotFound when argv[0] is not an executable file;
// InternalError when a file cannot be opened or the fork fails. A program
// that ends badly is not an error here: the caller names it.
#ifndef REPRO_STAGES_RETRIEVAL_BOUNDED_PROCESS_H_
#define REPRO_STAGES_RETRIEVAL_BOUNDED_PROCESS_H_

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/time/time.h"

namespace repro::retrieval {

inline constexpr size_t kStderrTailBytes = 2000;

struct ProcessRequest {
  std::vector<std::string> argv;
  std::vector<std::string> env;  // "NAME=value"
  std::string cwd;
  std::string stdout_path;
  std::string stderr_path;
  absl::Duration timeout;
  uint64_t memory_bytes = 0;
};

struct ProcessResult {
  bool timed_out = false;
  int exit_code = -1;  // when the program exited
  int signal = 0;      // when a signal ended it (SIGKILL after a timeout)
  std::string stderr_tail;
  absl::Duration wall_time;  // volatile
  bool ok() const { return !timed_out && signal == 0 && exit_code == 0; }
};

absl::StatusOr<ProcessResult> RunBoundedProcess(const ProcessRequest& request);

}  // namespace repro::retrieval

#endif  // REPRO_STAGES_RETRIEVAL_BOUNDED_PROCESS_H_
