#include "stages/framework/report/csv.h"

#include "gtest/gtest.h"
#include "stages/framework/pipeline/status_testing.h"

namespace repro::report {
namespace {

TEST(CsvFieldTest, QuotesOnlyWhatRfc4180Requires) {
  EXPECT_EQ(CsvField("plain 0.5"), "plain 0.5");
  EXPECT_EQ(CsvField(""), "");
  EXPECT_EQ(CsvField("a,b"), "\"a,b\"");
  EXPECT_EQ(CsvField("say \"hi\""), "\"say \"\"hi\"\"\"");
  EXPECT_EQ(CsvField("two\nlines"), "\"two\nlines\"");
  EXPECT_EQ(CsvField("cr\r"), "\"cr\r\"");
}

TEST(CsvLineTest, JoinsQuotedFieldsAndEndsWithLf) {
  EXPECT_EQ(CsvLine({"a", "b,c", ""}), "a,\"b,c\",\n");
  EXPECT_EQ(CsvLine({}), "\n");
}

TEST(CsvTableTest, HeaderThenRows) {
  CsvTable t("t.csv", {"id", "note"});
  ASSERT_TRUE(t.AddRow({"1", "x"}).ok());
  ASSERT_TRUE(t.AddRow({"2", "y, z"}).ok());
  EXPECT_EQ(t.text(), "id,note\n1,x\n2,\"y, z\"\n");
}

TEST(CsvTableTest, RowOfAnotherWidthIsAnErrorAndNotAppended) {
  CsvTable t("t.csv", {"id", "note"});
  EXPECT_TRUE(IsError(t.AddRow({"1"}), absl::StatusCode::kInvalidArgument,
                      "t.csv: row 1: expected 2 fields (the header's), found 1"));
  EXPECT_EQ(t.text(), "id,note\n");
}

}  // namespace
}  // namespace repro::report
