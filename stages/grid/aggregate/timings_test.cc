#include "stages/grid/aggregate/timings.h"

#include "gtest/gtest.h"
#include "stages/framework/pipeline/status_testing.h"

namespace repro::grid {
namespace {

TEST(TimingRowTest, OneColumnPerField) {
  absl::StatusOr<std::vector<std::string>> row = TimingRow(
      "{\"task\": \"T01\", \"harness\": \"H000\", \"condition\": \"noise\", \"dose\": 1, "
      "\"build_ms\": 145.329, \"query_ms\": 0.664}\n",
      "cell/c/c.volatile.json");
  ASSERT_TRUE(row.ok()) << row.status();
  EXPECT_EQ(*row, (std::vector<std::string>{"cell/c/c.volatile.json", "T01", "H000", "noise", "1",
                                            "145.329", "0.664"}));
  EXPECT_EQ(row->size(), TimingColumns().size());
}

TEST(TimingRowTest, BadInputNamesRoleAndField) {
  EXPECT_TRUE(IsError(TimingRow("not json", "r"), absl::StatusCode::kInvalidArgument,
                      "r: expected a JSON object"));
  EXPECT_TRUE(IsError(
      TimingRow("{\"task\": \"T\", \"harness\": \"H\", \"condition\": \"stale\"}", "r"),
      absl::StatusCode::kInvalidArgument, "r: field dose: expected a value, found no such field"));
  EXPECT_TRUE(IsError(TimingRow("{\"task\": 3}", "r"), absl::StatusCode::kInvalidArgument,
                      "r: field task: expected a string, found 3"));
  EXPECT_TRUE(IsError(TimingRow("{\"task\": \"T\", \"harness\": \"H\", \"condition\": \"stale\", "
                                "\"dose\": 0, \"build_ms\": \"fast\"}",
                                "r"),
                      absl::StatusCode::kInvalidArgument,
                      "r: field build_ms: expected a number of milliseconds, found \"fast\""));
}

}  // namespace
}  // namespace repro::grid
