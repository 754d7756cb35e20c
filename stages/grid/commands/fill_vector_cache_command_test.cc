#include "stages/grid/commands/fill_vector_cache_command.h"

#include <string>
#include <vector>

#include "absl/strings/str_split.h"
#include "gtest/gtest.h"
#include "stages/framework/pipeline/status_testing.h"

namespace repro::grid {
namespace {

// A request over the fixture experiment's search index, the test's one argument.
FillRequest Fixture() {
  FillRequest r;
  r.indexes = {::testing::internal::GetArgvs().at(1)};
  r.experiment = "e04_fixture";
  return r;
}

TEST(FillVectorCacheTest, ListsASampleOfTheTextsWithoutAServer) {
  FillRequest r = Fixture();
  r.list_texts = true;
  r.limit = 3;
  ::testing::internal::CaptureStdout();
  const absl::Status status = FillVectorCache(r);
  const std::string out = ::testing::internal::GetCapturedStdout();
  ASSERT_TRUE(status.ok()) << status;
  const std::vector<std::string> lines = absl::StrSplit(out, '\n', absl::SkipEmpty());
  ASSERT_EQ(lines.size(), 3u) << out;
  for (const std::string& line : lines) EXPECT_EQ(line.substr(0, 11), "{\"sha256\":\"") << line;
}

TEST(FillVectorCacheTest, AFillNamesTheModelAndTheCache) {
  FillRequest r = Fixture();
  r.limit = -1;
  EXPECT_TRUE(IsError(FillVectorCache(r), absl::StatusCode::kInvalidArgument,
                      "--limit: expected 0 (all) or a positive count, found -1"));
  EXPECT_TRUE(IsError(FillVectorCache(Fixture()), absl::StatusCode::kInvalidArgument,
                      "--cache, --model_id, --model_sha256 (64 hex) and --dims are required"));
}

}  // namespace
}  // namespace repro::grid
