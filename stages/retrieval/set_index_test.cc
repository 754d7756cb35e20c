#include "stages/retrieval/set_index.h"

#include <cstdlib>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "stages/framework/pipeline/file_io.h"

namespace repro::retrieval {
namespace {

using ::testing::HasSubstr;

std::string WriteIndex(const std::string& name, const std::string& text) {
  const std::string path = absl::StrCat(std::getenv("TEST_TMPDIR"), "/", name, ".tsv");
  EXPECT_TRUE(WriteFileAtomically(path, text).ok());
  return path;
}

TEST(SetIndexTest, HarnessPathsInTheExperimentsOrderPastTen) {
  std::string text = "# set\tx\n-\ttask_set\tt.pb\n";
  for (int i = 11; i >= 0; --i) absl::StrAppend(&text, "-\tharness/", i, "\tH", i, ".textproto\n");
  const std::string path = WriteIndex("order", text);
  absl::StatusOr<SetIndex> index = LoadSet({path}, "x");
  ASSERT_TRUE(index.ok()) << index.status();
  absl::StatusOr<std::vector<std::string>> paths = HarnessPaths(*index);
  ASSERT_TRUE(paths.ok()) << paths.status();
  ASSERT_EQ(paths->size(), 12u);
  for (int i = 0; i < 12; ++i) EXPECT_EQ((*paths)[i], absl::StrCat("H", i, ".textproto"));
}

TEST(SetIndexTest, AnUnknownLineIsNamedNotSkipped) {
  const std::string path = WriteIndex("header", "# set\tx\n# pins_file\tp\n");
  absl::StatusOr<SetIndex> index = LoadSet({path}, "x");
  ASSERT_FALSE(index.ok());
  EXPECT_EQ(index.status().code(), absl::StatusCode::kInvalidArgument);
  EXPECT_THAT(index.status().message(), HasSubstr(path + ":2: expected"));
  EXPECT_THAT(index.status().message(), HasSubstr("found \"# pins_file\\tp\""));
}

TEST(SetIndexTest, AGapInTheHarnessIndicesIsAnError) {
  const std::string path = WriteIndex("gap", "# set\tx\n-\tharness/0\ta\n-\tharness/2\tb\n");
  absl::StatusOr<SetIndex> index = LoadSet({path}, "x");
  ASSERT_TRUE(index.ok()) << index.status();
  EXPECT_THAT(HarnessPaths(*index).status().message(), HasSubstr("role harness/2: expected"));
}

}  // namespace
}  // namespace repro::retrieval
