#include "stages/grid/commands/search_command.h"

#include <string>
#include <vector>

#include "gtest/gtest.h"
#include "stages/framework/pipeline/status_testing.h"

namespace repro::grid {
namespace {

// A request over the fixture experiment's search index, the test's one argument.
SearchRequest Fixture(const std::string& harness, const std::string& task) {
  SearchRequest r;
  r.indexes = {::testing::internal::GetArgvs().at(1)};
  r.experiment = "e04_fixture";
  r.harness = harness;
  r.task = task;
  r.top = 2;
  return r;
}

TEST(RunSearchTest, RunsAHarnessOnATask) {
  const absl::Status status = RunSearch(Fixture("H000", "F01"));
  EXPECT_TRUE(status.ok()) << status;
}

TEST(RunSearchTest, AHarnessOrTaskTheExperimentLacksIsNamed) {
  EXPECT_TRUE(IsError(RunSearch(Fixture("H999", "F01")), absl::StatusCode::kNotFound,
                      "experiment e04_fixture has no harness H999; harnesses: H000"));
  EXPECT_TRUE(IsError(RunSearch(Fixture("H000", "F99")), absl::StatusCode::kNotFound,
                      "no task F99 in experiment e04_fixture"));
}

}  // namespace
}  // namespace repro::grid
