#include "stages/grid/reports/cells_csv.h"

#include <string>
#include <vector>

#include "absl/strings/str_split.h"
#include "gtest/gtest.h"

namespace repro::grid {
namespace {

// The units of one task x harness: the baseline, S002 at doses 1 and 5 (the
// second lost its first gold file) and S003; no unit holds a gold function.
GridReport FourUnits() {
  GridReport r;
  struct Row {
    const char* condition;
    int parameter;
    const char* label;
    double delta_mrr;
  };
  for (const Row& row : {Row{"baseline", 0, "baseline", 0}, Row{"S002", 1, "S002.d1", 0},
                         Row{"S002", 5, "S002.d5", -0.5}, Row{"S003", 0, "S003", -0.25}}) {
    GridUnit* u = r.add_units();
    u->set_unit_id(std::string("T1/H000/") + row.label);
    u->set_task_id("T1");
    u->set_harness("H000");
    u->set_condition(row.condition);
    u->set_parameter(row.parameter);
    u->set_label(row.label);
    u->mutable_outcome()->set_condition(row.condition);
    u->mutable_outcome()->set_mrr(0.5);
    if (row.parameter > 0 || std::string(row.condition) == "S003") {
      u->mutable_paired()->set_delta_mrr(row.delta_mrr);
    }
  }
  return r;
}

std::vector<std::string> Lines(const std::string& csv) {
  return absl::StrSplit(csv, '\n', absl::SkipEmpty());
}

TEST(CellsCsvTest, HasAHeaderAndOneRowPerUnit) {
  absl::StatusOr<std::string> csv = CellsCsv(FourUnits());
  ASSERT_TRUE(csv.ok()) << csv.status();
  const std::vector<std::string> lines = Lines(*csv);
  ASSERT_EQ(lines.size(), 1u + 4);
  EXPECT_EQ(lines[0].substr(0, 48), "unit_id,task_id,harness,condition,parameter,labe");
  EXPECT_EQ(lines[1].substr(0, 44), "T1/H000/baseline,T1,H000,baseline,0,baseline");
  EXPECT_EQ(lines[4].substr(0, 27), "T1/H000/S003,T1,H000,S003,0");
}

TEST(CellsCsvTest, RowsHaveTheHeaderColumns) {
  absl::StatusOr<std::string> csv = CellsCsv(FourUnits());
  ASSERT_TRUE(csv.ok()) << csv.status();
  for (const std::string& line : Lines(*csv)) {
    EXPECT_EQ(std::vector<std::string>(absl::StrSplit(line, ',')).size(), 28u) << line;
  }
}

TEST(CellsCsvTest, BaselineRowsLeaveThePairedFieldsEmpty) {
  absl::StatusOr<std::string> csv = CellsCsv(FourUnits());
  ASSERT_TRUE(csv.ok()) << csv.status();
  const std::vector<std::string> lines = Lines(*csv);
  EXPECT_EQ(lines[1].substr(lines[1].size() - 7), ",,,,,,,") << lines[1];
  EXPECT_NE(lines[3].find(",S002.d5,"), std::string::npos) << lines[3];
  EXPECT_NE(lines[3].find(",-0.5000,"), std::string::npos) << lines[3];
  EXPECT_NE(lines[4].find(",-0.2500,"), std::string::npos) << lines[4];
}

}  // namespace
}  // namespace repro::grid
