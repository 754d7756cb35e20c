#include "stages/grid/reports/cells_csv.h"

#include <string>
#include <vector>

#include "absl/strings/str_split.h"
#include "gtest/gtest.h"

namespace repro::grid {
namespace {

// Two cells of one task x harness (doses 1 and 5); the second's S002 lost
// its first gold file, and no unit holds a gold function.
GridReport TwoCells() {
  GridReport r;
  for (int dose : {1, 5}) {
    Cell* c = r.add_cells();
    c->set_cell_id("T1/H000/" + std::to_string(dose == 1 ? 0 : 1));
    c->set_task_id("T1");
    c->set_harness("H000");
    c->set_seed_coordinate(dose == 1 ? 0 : 1);
    c->set_dose(dose);
    c->mutable_baseline()->set_condition("baseline");
    c->mutable_baseline()->set_mrr(0.5);
    c->mutable_s001()->set_condition("S001");
    c->mutable_s002()->set_condition("S002");
    c->mutable_s002_paired()->set_delta_mrr(dose == 1 ? 0.0 : -0.5);
  }
  return r;
}

std::vector<std::string> Lines(const std::string& csv) {
  return absl::StrSplit(csv, '\n', absl::SkipEmpty());
}

TEST(CellsCsvTest, HasAHeaderAndThreeRowsPerCell) {
  absl::StatusOr<std::string> csv = CellsCsv(TwoCells());
  ASSERT_TRUE(csv.ok()) << csv.status();
  const std::vector<std::string> lines = Lines(*csv);
  ASSERT_EQ(lines.size(), 1u + 3 * 2);
  EXPECT_EQ(lines[0].substr(0, 30), "cell_id,task_id,harness,seed_c");
  EXPECT_EQ(lines[1].substr(0, 31), "T1/H000/0,T1,H000,0,1,baseline,");
}

TEST(CellsCsvTest, RowsHaveTheHeaderColumns) {
  absl::StatusOr<std::string> csv = CellsCsv(TwoCells());
  ASSERT_TRUE(csv.ok()) << csv.status();
  for (const std::string& line : Lines(*csv)) {
    EXPECT_EQ(std::vector<std::string>(absl::StrSplit(line, ',')).size(), 28u) << line;
  }
}

TEST(CellsCsvTest, BaselineRowsLeaveThePairedFieldsEmpty) {
  absl::StatusOr<std::string> csv = CellsCsv(TwoCells());
  ASSERT_TRUE(csv.ok()) << csv.status();
  const std::vector<std::string> lines = Lines(*csv);
  EXPECT_EQ(lines[1].substr(lines[1].size() - 7), ",,,,,,,") << lines[1];
  EXPECT_NE(lines[6].find(",S002,"), std::string::npos) << lines[6];
  EXPECT_NE(lines[6].find(",-0.5000,"), std::string::npos) << lines[6];
}

}  // namespace
}  // namespace repro::grid
