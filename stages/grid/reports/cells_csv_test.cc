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

// Acc@k of the four units: the baseline has every gold file at rank 1 and
// no gold function; the others hold it at rank 5.
std::vector<UnitAccuracy> Accuracy() {
  std::vector<UnitAccuracy> a(4);
  a[0].file = {1, 1, 1, 1};
  for (int i = 1; i < 4; ++i) a[i].file = {0, 0, 1, 1};
  a[1].function = AccuracyRow{0, 1, 1, 1};
  return a;
}

std::vector<std::string> Lines(const std::string& csv) {
  return absl::StrSplit(csv, '\n', absl::SkipEmpty());
}

TEST(CellsCsvTest, HasAHeaderAndOneRowPerUnit) {
  absl::StatusOr<std::string> csv = CellsCsv(FourUnits(), Accuracy());
  ASSERT_TRUE(csv.ok()) << csv.status();
  const std::vector<std::string> lines = Lines(*csv);
  ASSERT_EQ(lines.size(), 1u + 4);
  EXPECT_EQ(lines[0].substr(0, 48), "unit_id,task_id,harness,condition,parameter,labe");
  EXPECT_EQ(lines[1].substr(0, 44), "T1/H000/baseline,T1,H000,baseline,0,baseline");
  EXPECT_EQ(lines[4].substr(0, 27), "T1/H000/S003,T1,H000,S003,0");
}

TEST(CellsCsvTest, RowsHaveTheHeaderColumns) {
  absl::StatusOr<std::string> csv = CellsCsv(FourUnits(), Accuracy());
  ASSERT_TRUE(csv.ok()) << csv.status();
  for (const std::string& line : Lines(*csv)) {
    EXPECT_EQ(std::vector<std::string>(absl::StrSplit(line, ',')).size(), 36u) << line;
  }
}

TEST(CellsCsvTest, AccuracyBesideTheOtherMetrics) {
  absl::StatusOr<std::string> csv = CellsCsv(FourUnits(), Accuracy());
  ASSERT_TRUE(csv.ok()) << csv.status();
  const std::vector<std::string> lines = Lines(*csv);
  EXPECT_NE(lines[0].find(",ndcg_at_10,file_acc_at_1,file_acc_at_3,file_acc_at_5,file_acc_at_10,"),
            std::string::npos);
  EXPECT_NE(lines[0].find(",gold_functions,function_acc_at_1,function_acc_at_3,"),
            std::string::npos);
  EXPECT_NE(lines[1].find(",1.0000,1.0000,1.0000,1.0000,"), std::string::npos) << lines[1];
  EXPECT_NE(lines[1].find(",0,,,,,"), std::string::npos) << lines[1];  // no gold function
  EXPECT_NE(lines[2].find(",0,0.0000,1.0000,1.0000,1.0000,"), std::string::npos) << lines[2];
}

TEST(CellsCsvTest, AccuracyOfEveryUnitOrAnError) {
  EXPECT_FALSE(CellsCsv(FourUnits(), std::vector<UnitAccuracy>(3)).ok());
}

TEST(CellsCsvTest, BaselineRowsLeaveThePairedFieldsEmpty) {
  absl::StatusOr<std::string> csv = CellsCsv(FourUnits(), Accuracy());
  ASSERT_TRUE(csv.ok()) << csv.status();
  const std::vector<std::string> lines = Lines(*csv);
  EXPECT_EQ(lines[1].substr(lines[1].size() - 7), ",,,,,,,") << lines[1];
  EXPECT_NE(lines[3].find(",S002.d5,"), std::string::npos) << lines[3];
  EXPECT_NE(lines[3].find(",-0.5000,"), std::string::npos) << lines[3];
  EXPECT_NE(lines[4].find(",-0.2500,"), std::string::npos) << lines[4];
}

}  // namespace
}  // namespace repro::grid
