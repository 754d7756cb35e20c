#include "stages/grid/conditions/comments_removed.h"

#include <string>
#include <vector>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "stages/corpus/chunker.h"
#include "stages/corpus/snapshot.h"
#include "stages/corpus/testing/languages.h"
#include "stages/framework/pipeline/file_io.h"
#include "stages/framework/pipeline/sha256.h"

namespace repro::grid {
namespace {

using ::testing::HasSubstr;
using ::testing::Not;

corpus::Snapshot SnapshotOf(const std::vector<std::pair<std::string, std::string>>& files) {
  corpus::Snapshot s;
  s.set_commit("c0");
  for (const auto& [path, content] : files) {
    corpus::SourceFile* f = s.add_files();
    f->set_path(path);
    f->set_content(content);
    f->set_bytes(content.size());
    f->set_sha256(Sha256Hex(content));
  }
  s.set_snapshot_sha256(corpus::SnapshotSha256(s));
  return s;
}

corpus::LanguageSet GoAndPython() {
  return corpus::testing::OrDie(corpus::LanguageSet::Create(
      {corpus::testing::RulesOf("go"), corpus::testing::RulesOf("python")}));
}

// What S003 must keep: every file's bytes count and lines, and the line
// range of every chunk (so the gold functions at base are the same), and
// what it must remove: the comment text.
void ExpectSameShape(const corpus::Snapshot& before, const corpus::Snapshot& after) {
  const corpus::LanguageSet languages = GoAndPython();
  ASSERT_EQ(before.files_size(), after.files_size());
  for (int i = 0; i < before.files_size(); ++i) {
    const std::string& a = before.files(i).content();
    const std::string& b = after.files(i).content();
    EXPECT_EQ(a.size(), b.size()) << before.files(i).path();
    EXPECT_EQ(corpus::SplitLines(a).size(), corpus::SplitLines(b).size()) << before.files(i).path();
    EXPECT_EQ(after.files(i).sha256(), Sha256Hex(b));
  }
  absl::StatusOr<corpus::ChunkSet> ca = corpus::ChunkSnapshot(before, languages);
  absl::StatusOr<corpus::ChunkSet> cb = corpus::ChunkSnapshot(after, languages);
  ASSERT_TRUE(ca.ok() && cb.ok());
  ASSERT_EQ(ca->chunks_size(), cb->chunks_size());
  for (int i = 0; i < ca->chunks_size(); ++i) {
    EXPECT_EQ(ca->chunks(i).function(), cb->chunks(i).function());
    EXPECT_EQ(ca->chunks(i).start_line(), cb->chunks(i).start_line());
    EXPECT_EQ(ca->chunks(i).end_line(), cb->chunks(i).end_line());
  }
  EXPECT_EQ(cb->suspect_files_size(), 0);
}

TEST(RemoveComments, GoAndPythonKeepLinesCodeAndChunks) {
  const corpus::Snapshot before = SnapshotOf({
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
  ExpectSameShape(before, *after);
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
  std::vector<std::pair<std::string, std::string>> files;
  for (const std::string& path : ::testing::internal::GetArgvs()) {
    if (path.size() < 3 || path.substr(path.size() - 3) != ".go") continue;
    absl::StatusOr<std::string> content = ReadFile(path);
    ASSERT_TRUE(content.ok()) << content.status();
    files.emplace_back(path, *content);
  }
  ASSERT_GE(files.size(), 10u);
  std::sort(files.begin(), files.end());
  const corpus::Snapshot before = SnapshotOf(files);
  int comments = 0;
  absl::StatusOr<corpus::Snapshot> after = RemoveComments(before, GoAndPython(), &comments);
  ASSERT_TRUE(after.ok()) << after.status();
  EXPECT_GT(comments, 0);
  ExpectSameShape(before, *after);
}

}  // namespace
}  // namespace repro::grid
