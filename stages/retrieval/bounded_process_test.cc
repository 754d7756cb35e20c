#include "stages/retrieval/bounded_process.h"

#include <sys/stat.h>

#include <cstdlib>
#include <fstream>
#include <string>

#include "gtest/gtest.h"
#include "stages/framework/pipeline/status_testing.h"

namespace repro::retrieval {
namespace {

std::string TempDir() {
  const char* dir = std::getenv("TEST_TMPDIR");
  return dir != nullptr ? dir : "/tmp";
}

// A /bin/sh script of `body`, executable.
std::string Script(const std::string& name, const std::string& body) {
  const std::string path = TempDir() + "/" + name;
  std::ofstream(path) << "#!/bin/sh\n" << body << "\n";
  chmod(path.c_str(), 0755);
  return path;
}

ProcessRequest RequestFor(const std::string& program, absl::Duration timeout) {
  ProcessRequest r;
  r.argv = {program, "first argument"};
  r.env = {"PATH=/usr/bin:/bin", "GREETING=hello"};
  r.cwd = TempDir();
  r.stdout_path = TempDir() + "/" + "stdout";
  r.stderr_path = TempDir() + "/" + "stderr." + program.substr(program.rfind('/') + 1);
  r.timeout = timeout;
  r.memory_bytes = uint64_t{512} << 20;
  return r;
}

TEST(BoundedProcessTest, ExitStatusAndTheTailOfStandardError) {
  const std::string p = Script("fails.sh", "echo \"$GREETING $1\" >&2; exit 3");
  absl::StatusOr<ProcessResult> r = RunBoundedProcess(RequestFor(p, absl::Seconds(30)));
  ASSERT_TRUE(r.ok()) << r.status();
  EXPECT_FALSE(r->ok());
  EXPECT_FALSE(r->timed_out);
  EXPECT_EQ(r->exit_code, 3);
  EXPECT_EQ(r->stderr_tail, "hello first argument\n");
}

TEST(BoundedProcessTest, KillsTheProcessGroupAtTheTimeout) {
  const std::string p = Script("sleeps.sh", "sleep 30 & sleep 30");
  absl::StatusOr<ProcessResult> r = RunBoundedProcess(RequestFor(p, absl::Milliseconds(300)));
  ASSERT_TRUE(r.ok()) << r.status();
  EXPECT_TRUE(r->timed_out);
  EXPECT_LT(r->wall_time, absl::Seconds(10));
}

TEST(BoundedProcessTest, TheTailIsCutAtALineStart) {
  const std::string p = Script("long.sh",
                               "i=0; while [ $i -lt 500 ]; do echo \"line $i\" >&2; "
                               "i=$((i+1)); done; exit 1");
  absl::StatusOr<ProcessResult> r = RunBoundedProcess(RequestFor(p, absl::Seconds(30)));
  ASSERT_TRUE(r.ok()) << r.status();
  EXPECT_LE(r->stderr_tail.size(), kStderrTailBytes);
  EXPECT_EQ(r->stderr_tail.rfind("line ", 0), 0u) << r->stderr_tail;
  EXPECT_NE(r->stderr_tail.find("line 499\n"), std::string::npos);
}

TEST(BoundedProcessTest, TheAddressSpaceIsBounded) {
  const std::string p = Script("grows.sh", "exec /usr/bin/python3 -c 'x = bytearray(1 << 30)'");
  ProcessRequest request = RequestFor(p, absl::Seconds(30));
  request.memory_bytes = uint64_t{256} << 20;
  absl::StatusOr<ProcessResult> r = RunBoundedProcess(request);
  ASSERT_TRUE(r.ok()) << r.status();
  EXPECT_FALSE(r->ok());
  EXPECT_NE(r->stderr_tail.find("MemoryError"), std::string::npos) << r->stderr_tail;
}

TEST(BoundedProcessTest, AMissingProgramIsNotFound) {
  EXPECT_TRUE(IsError(RunBoundedProcess(RequestFor(TempDir() + "/absent", absl::Seconds(1))),
                      absl::StatusCode::kNotFound, "expected an executable file"));
}

TEST(BoundedProcessTest, SucceedsWithExitZero) {
  const std::string p = Script("ok.sh", "test \"$GREETING\" = hello");
  absl::StatusOr<ProcessResult> r = RunBoundedProcess(RequestFor(p, absl::Seconds(30)));
  ASSERT_TRUE(r.ok()) << r.status();
  EXPECT_TRUE(r->ok());
}

}  // namespace
}  // namespace repro::retrieval
