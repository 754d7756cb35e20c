#include "stages/grid/conditions/file_transform.h"

#include <string>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "stages/corpus/testing/languages.h"
#include "stages/grid/conditions/test_snapshots.h"

namespace repro::grid {
namespace {

using ::testing::HasSubstr;

constexpr char kGo[] = "package p\n\nfunc F() int { return 1 }\n";

// A transform writing `text` for every file, the original's parse as
// `had_error`.
FileTransform Writes(const std::string& text, bool had_error = false) {
  return
      [=](const corpus::SourceFile&, corpus::FunctionParser&) -> absl::StatusOr<TransformedText> {
        return TransformedText{text, had_error};
      };
}

// The error of transforming `snapshot`, "" when none.
std::string Transformed(const corpus::Snapshot& snapshot, const FileTransform& transform) {
  return std::string(
      TransformFiles(snapshot, corpus::testing::GoLanguages(), "S999: testing", transform)
          .status()
          .message());
}

TEST(TransformFiles, TheIdentityKeepsEveryHash) {
  const corpus::Snapshot before = TestSnapshot({{"a.go", kGo}, {"b/c.go", kGo}});
  absl::StatusOr<corpus::Snapshot> after =
      TransformFiles(before, corpus::testing::GoLanguages(), "S999: testing", Writes(kGo));
  ASSERT_TRUE(after.ok()) << after.status();
  EXPECT_EQ(after->SerializeAsString(), before.SerializeAsString());
}

TEST(TransformFiles, ANewLengthStopsNamingTheFileCommitAndGrammar) {
  EXPECT_THAT(Transformed(TestSnapshot({{"a.go", kGo}}), Writes(std::string(kGo) + "\n")),
              HasSubstr("S999: testing of a.go at c0 changed its length from 37 to 38 "
                        "(tree-sitter-go"));
}

// A file that parsed cleanly and does not any more stops; one that was
// suspect already stays as transformed.
TEST(TransformFiles, ABrokenParseStopsUnlessTheFileWasSuspect) {
  const std::string broken = "package p\n\nfunc F() int { return 1  \n";
  EXPECT_THAT(Transformed(TestSnapshot({{"a.go", kGo}}), Writes(broken)),
              HasSubstr("S999: testing of a.go at c0 broke its parse (line 4; tree-sitter-go"));
  EXPECT_EQ(Transformed(TestSnapshot({{"a.go", kGo}}), Writes(broken, /*had_error=*/true)), "");
}

TEST(TransformFiles, AFileOfNoLanguageIsAnError) {
  EXPECT_THAT(Transformed(TestSnapshot({{"notes.txt", "text\n"}}), Writes("text\n")),
              HasSubstr("snapshot c0: notes.txt is of none of the task set's languages"));
}

}  // namespace
}  // namespace repro::grid
