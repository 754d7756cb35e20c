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

TEST(TimingShardRowsTest, TheRecordsAfterTheHeader) {
  const std::string header = "cell_stage,task,harness,condition,dose,build_ms,query_ms\n";
  absl::StatusOr<absl::string_view> rows =
      TimingShardRows(header + "c,T01,H000,noise,1,1.000,2.000\n", "timings/000");
  ASSERT_TRUE(rows.ok()) << rows.status();
  EXPECT_EQ(*rows, "c,T01,H000,noise,1,1.000,2.000\n");
  EXPECT_TRUE(IsError(TimingShardRows("task,build_ms\nT01,1\n", "timings/001"),
                      absl::StatusCode::kInvalidArgument,
                      "timings/001: expected the header cell_stage,task,harness,condition,dose,"
                      "build_ms,query_ms\nfound task,build_ms\n"));
}

}  // namespace
}  // namespace repro::grid
