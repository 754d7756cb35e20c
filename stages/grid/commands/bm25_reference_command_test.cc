#include "stages/grid/commands/bm25_reference_command.h"

#include <string>
#include <vector>

#include "gtest/gtest.h"
#include "stages/framework/pipeline/status_testing.h"

namespace repro::grid {
namespace {

// The fixture experiment's search index, the test's one argument.
std::vector<std::string> FixtureIndex() {
  const std::vector<std::string> argv = ::testing::internal::GetArgvs();
  return {argv.at(1)};
}

TEST(CompareBm25WithXapianTest, AgreesOnTheFixture) {
  const absl::Status status = CompareBm25WithXapian(FixtureIndex(), "e04_fixture");
  EXPECT_TRUE(status.ok()) << status;
}

TEST(CompareBm25WithXapianTest, AnExperimentNoIndexNamesIsAnError) {
  EXPECT_FALSE(CompareBm25WithXapian(FixtureIndex(), "no_such_experiment").ok());
}

}  // namespace
}  // namespace repro::grid
