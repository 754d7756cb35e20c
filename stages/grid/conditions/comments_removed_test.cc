#include "stages/grid/conditions/comments_removed.h"

#include <string>
#include <utility>
#include <vector>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "stages/corpus/testing/languages.h"
#include "stages/grid/conditions/test_snapshots.h"

namespace repro::grid {
namespace {

using ::testing::HasSubstr;
using ::testing::Not;

corpus::LanguageSet GoAndPython() {
  return corpus::testing::OrDie(corpus::LanguageSet::Create(
      {corpus::testing::RulesOf("go"), corpus::testing::RulesOf("python")}));
}

TEST(RemoveComments, GoAndPythonKeepLinesCodeAndChunks) {
  const corpus::Snapshot before = TestSnapshot({
      {"a.go",
       "// Package a does things.\npackage a\n\n/* block\n   comment */\nfunc F() int { // "
       "trailing\n"
       "\treturn 1 // one\n}\n\nconst s = \"// not a comment\"\n"},
      {"m.py",
       "\"\"\"Module docstring.\"\"\"\nimport os  # why\n\n\nclass C:\n    \"\"\"Class "
       "doc.\"\"\"\n\n"
       "    def f(self):\n        '''Method doc.'''\n        # a comment\n        x = \"# kept\"\n"
       "        return x\n"},
  });
  int comments = 0;
  absl::StatusOr<corpus::Snapshot> after = RemoveComments(before, GoAndPython(), &comments);
  ASSERT_TRUE(after.ok()) << after.status();
  EXPECT_EQ(comments, 9);
  ExpectSameShape(before, *after, GoAndPython(), /*same_names=*/true);
  const std::string& go = after->files(0).content();
  EXPECT_THAT(go, Not(HasSubstr("Package a")));
  EXPECT_THAT(go, Not(HasSubstr("trailing")));
  EXPECT_THAT(go, HasSubstr("func F() int {"));
  EXPECT_THAT(go, HasSubstr("\"// not a comment\""));
  const std::string& py = after->files(1).content();
  EXPECT_THAT(py, Not(HasSubstr("docstring")));
  EXPECT_THAT(py, Not(HasSubstr("doc.")));
  EXPECT_THAT(py, Not(HasSubstr("why")));
  EXPECT_THAT(py, HasSubstr("x = \"# kept\""));
  EXPECT_NE(after->snapshot_sha256(), before.snapshot_sha256());
}

// The fixture's Go files (the data of this test): every one keeps its shape
// and parses without an ERROR or MISSING node after the transform.
TEST(RemoveComments, TheFixturesGoFiles) {
  const std::vector<std::pair<std::string, std::string>> files = ArgumentFiles(GoAndPython());
  ASSERT_GE(files.size(), 10u);
  const corpus::Snapshot before = TestSnapshot(files);
  int comments = 0;
  absl::StatusOr<corpus::Snapshot> after = RemoveComments(before, GoAndPython(), &comments);
  ASSERT_TRUE(after.ok()) << after.status();
  EXPECT_GT(comments, 0);
  ExpectSameShape(before, *after, GoAndPython(), /*same_names=*/true);
}

}  // namespace
}  // namespace repro::grid
