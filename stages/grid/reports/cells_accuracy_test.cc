#include "stages/grid/reports/cells_accuracy.h"

#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_replace.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "stages/grid/reports/cells_csv.h"

namespace repro::grid {
namespace {

using ::testing::HasSubstr;

// Two units of one task, the first unit id quoted in cells.csv (a quote and
// a comma in it).
GridReport TwoUnits() {
  GridReport r;
  for (const char* label : {"baseline", "S003"}) {
    GridUnit* u = r.add_units();
    u->set_unit_id(absl::StrCat("T\"1,x/H000/", label));
    u->set_task_id("T\"1,x");
    u->set_harness("H000");
    u->set_condition(label);
    u->set_label(label);
  }
  return r;
}

std::vector<UnitAccuracy> Accuracy() {
  std::vector<UnitAccuracy> a(2);
  a[0].file = {0, 1, 1, 1};
  a[0].function = AccuracyRow{0, 0, 1, 1};
  a[1].file = {0, 0, 0, 1};
  return a;
}

std::string Csv() { return *CellsCsv(TwoUnits(), Accuracy()); }

std::string Error(const GridReport& r, const std::string& csv) {
  absl::StatusOr<std::vector<UnitAccuracy>> a = ReadCellsAccuracy(r, csv);
  EXPECT_FALSE(a.ok());
  return std::string(a.status().message());
}

TEST(ReadCellsAccuracyTest, ReadsBackWhatCellsCsvWrote) {
  absl::StatusOr<std::vector<UnitAccuracy>> a = ReadCellsAccuracy(TwoUnits(), Csv());
  ASSERT_TRUE(a.ok()) << a.status();
  ASSERT_EQ(a->size(), 2u);
  EXPECT_EQ((*a)[0].file, Accuracy()[0].file);
  EXPECT_EQ((*a)[0].function, Accuracy()[0].function);
  EXPECT_EQ((*a)[1].file, Accuracy()[1].file);
  EXPECT_FALSE((*a)[1].function.has_value());  // no gold function: undefined, not 0
}

TEST(ReadCellsAccuracyTest, AcceptsCrlfLineEnds) {
  absl::StatusOr<std::vector<UnitAccuracy>> a =
      ReadCellsAccuracy(TwoUnits(), absl::StrReplaceAll(Csv(), {{"\n", "\r\n"}}));
  ASSERT_TRUE(a.ok()) << a.status();
  EXPECT_EQ((*a)[1].file, Accuracy()[1].file);
}

TEST(ReadCellsAccuracyTest, RefusesRowsThatAreNotTheReportsUnits) {
  GridReport other = TwoUnits();
  other.mutable_units(1)->set_unit_id("T2/H000/S003");
  EXPECT_THAT(Error(other, Csv()),
              HasSubstr("line 3: unit_id 'T\"1,x/H000/S003', report.json's unit 2 is "
                        "'T2/H000/S003'"));
  GridReport three = TwoUnits();
  *three.add_units() = three.units(0);
  EXPECT_THAT(Error(three, Csv()), HasSubstr("2 rows, report.json has 3 units"));
}

TEST(ReadCellsAccuracyTest, RefusesAValueOtherThanZeroOrOne) {
  std::string csv = Csv();
  csv.replace(csv.rfind(",0.0000,0.0000,0.0000,1.0000,"), 29, ",0.0000,0.5000,0.0000,1.0000,");
  EXPECT_THAT(Error(TwoUnits(), csv),
              HasSubstr("line 3: file_acc_at_3: '0.5000', expected 0 or 1"));
}

TEST(ReadCellsAccuracyTest, RefusesAnEmptyFileFieldAndAPartlyEmptyFunctionRow) {
  std::string csv = Csv();
  std::string file_empty = csv;
  file_empty.replace(file_empty.rfind(",0.0000,0.0000,0.0000,1.0000,"), 29,
                     ",,0.0000,0.0000,1.0000,");
  EXPECT_THAT(Error(TwoUnits(), file_empty),
              HasSubstr("line 3: file_acc_at_1: empty, while a unit's file Acc@k is always "
                        "defined"));
  std::string function_partly = csv;
  function_partly.replace(function_partly.rfind(",0.0000,0.0000,1.0000,1.0000,"), 29,
                          ",,0.0000,1.0000,1.0000,");
  EXPECT_THAT(Error(TwoUnits(), function_partly),
              HasSubstr("line 2: function_acc_at_1: empty, while other cutoffs of it are set"));
}

TEST(ReadCellsAccuracyTest, RefusesAMissingColumnAndAnOpenQuote) {
  EXPECT_THAT(Error(TwoUnits(), absl::StrReplaceAll(Csv(), {{"function_acc_at_5", "x"}})),
              HasSubstr("cells.csv: line 1: no column 'function_acc_at_5'"));
  EXPECT_THAT(Error(TwoUnits(), Csv() + "\"T3"),
              HasSubstr("line 4: a quoted field without its closing quote"));
}

}  // namespace
}  // namespace repro::grid
