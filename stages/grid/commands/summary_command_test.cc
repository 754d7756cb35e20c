#include "stages/grid/commands/summary_command.h"

#include <string>
#include <vector>

#include "gtest/gtest.h"

namespace repro::grid {
namespace {

// The fixture set's summary index (the test's one argument) with `ids`; what
// it printed, and its exit status in `status`.
std::string Summarize(const std::vector<std::string>& ids, int* status) {
  ::testing::internal::CaptureStdout();
  *status = PrintTaskSummaries("", {::testing::internal::GetArgvs().at(1)}, ids);
  return ::testing::internal::GetCapturedStdout();
}

TEST(PrintTaskSummariesTest, WithoutAnIdListsTheSetsTasks) {
  int status = -1;
  EXPECT_EQ(Summarize({}, &status),
            "usage: bazel run //stages/grid:summary -- <task id>...\n"
            "  e04_fixture: F01 F02 F03\n");
  EXPECT_EQ(status, 0);
}

TEST(PrintTaskSummariesTest, ATaskWhoseLabelsEqualItsLock) {
  int status = -1;
  const std::string out = Summarize({"F01"}, &status);
  EXPECT_EQ(out.substr(0, 18), "F01 (e04_fixture) ") << out;
  EXPECT_NE(out.find("equal to the task lock"), std::string::npos) << out;
  EXPECT_EQ(status, 0);
}

TEST(PrintTaskSummariesTest, AnIdNoSetHoldsFails) {
  int status = -1;
  EXPECT_EQ(Summarize({"Z99"}, &status), "");
  EXPECT_EQ(status, 1);
}

}  // namespace
}  // namespace repro::grid
