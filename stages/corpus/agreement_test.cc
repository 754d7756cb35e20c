#include "stages/corpus/agreement.h"

#include "absl/strings/match.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "stages/corpus/testing/languages.h"

namespace repro {
namespace corpus {
namespace {

using ::testing::HasSubstr;

bool IsGo(absl::string_view path) { return absl::EndsWith(path, ".go"); }

Snapshot Manifest() {
  Snapshot s;
  s.set_commit("c");
  s.set_snapshot_sha256("h");
  s.add_files()->set_path("a.go");
  s.add_files()->set_path("b.go");
  MissingBlob* m = s.add_missing();
  m->set_path("big.go");
  return s;
}

ChunkSet Chunks() {
  ChunkSet c;
  c.set_snapshot_sha256("h");
  c.set_chunker("ts");
  auto add = [&](const char* path, const char* fn, int s, int e) {
    Chunk* k = c.add_chunks();
    k->set_path(path);
    k->set_function(fn);
    k->set_start_line(s);
    k->set_end_line(e);
  };
  add("a.go", "A", 3, 5);
  add("a.go", "T.M", 7, 9);
  add("a.go", "", 1, 9);
  add("b.go", "B", 2, 4);
  add("b.go", "", 1, 4);
  return c;
}

TEST(ParseCheckTest, Records) {
  auto go = ParseCheck(
      "# check v1 go/parser go1.19.8\nF\ta.go\tok\nD\ta.go\tA\t3\t5\n"
      "F\tb.go\terror\tb.go:3:1: expected '}'\nM\tbig.go\n",
      "gofuncs.tsv");
  ASSERT_TRUE(go.ok()) << go.status();
  EXPECT_EQ(go->checker, "go/parser go1.19.8");
  EXPECT_EQ(go->files.at("a.go").functions.size(), 1u);
  EXPECT_FALSE(go->files.at("b.go").parse_ok);
  EXPECT_EQ(go->missing.size(), 1u);
  EXPECT_FALSE(ParseCheck("F\ta.go\tok\n", "x").ok());
  EXPECT_THAT(ParseCheck("# check v1 go/parser go\nD\tz.go\tA\t1\t2\n", "x").status().message(),
              HasSubstr("x: line 2"));
}

TEST(CompareWithCheckerTest, FullAgreement) {
  auto go = ParseCheck(
      "# check v1 go/parser go1.19.8\nF\ta.go\tok\nD\ta.go\tA\t3\t5\nD\ta.go\tT.M\t7\t9\n"
      "F\tb.go\tok\nD\tb.go\tB\t2\t4\nM\tbig.go\n",
      "g");
  ASSERT_TRUE(go.ok());
  auto a = CompareWithChecker(Manifest(), Chunks(), *go, "go", IsGo);
  ASSERT_TRUE(a.ok()) << a.status();
  EXPECT_EQ(a->files(), 2u);
  EXPECT_EQ(a->files_agreeing(), 2u);
  EXPECT_EQ(a->functions_agreeing(), 3u);
  EXPECT_EQ(a->functions_checker(), 3u);
  EXPECT_EQ(a->missing_blobs(), 1u);
  EXPECT_EQ(a->differences_size(), 0);
}

TEST(CompareWithCheckerTest, DifferencesAndExplanations) {
  auto go = ParseCheck(
      "# check v1 go/parser go1.19.8\nF\ta.go\tok\nD\ta.go\tA\t3\t6\nD\ta.go\tExtra\t10\t11\n"
      "F\tb.go\tok\nD\tb.go\tB\t2\t4\n",
      "g");
  ASSERT_TRUE(go.ok());
  auto a = CompareWithChecker(Manifest(), Chunks(), *go, "go", IsGo);
  ASSERT_TRUE(a.ok()) << a.status();
  EXPECT_EQ(a->files_agreeing(), 1u);
  EXPECT_EQ(a->functions_agreeing(), 1u);
  ASSERT_EQ(a->differences_size(), 4);
  EXPECT_EQ(a->differences(0).kind(), "file_set");  // big.go missing only on one side
  EXPECT_EQ(a->differences(1).kind(), "line_range");
  EXPECT_EQ(a->differences(1).tree_sitter(), "3-5");
  EXPECT_EQ(a->differences(1).checker(), "3-6");
  EXPECT_EQ(a->differences(2).kind(), "only_tree_sitter");
  EXPECT_EQ(a->differences(2).function(), "T.M");
  EXPECT_EQ(a->differences(3).kind(), "only_checker");
  EXPECT_EQ(a->differences(3).function(), "Extra");

  DifferenceExplanations e;
  FunctionDifference* x = e.add_explained();
  x->set_path("a.go");
  x->set_kind("line_range");
  x->set_function("A");
  x->set_explanation("known");
  EXPECT_EQ(Explain(e, &*a), 3);
  EXPECT_EQ(a->differences(1).explanation(), "known");
}

TEST(CompareWithCheckerTest, MismatchedSnapshotIsAnError) {
  ChunkSet c = Chunks();
  c.set_snapshot_sha256("other");
  auto go = ParseCheck("# check v1 go/parser go1.19.8\n", "g");
  EXPECT_FALSE(CompareWithChecker(Manifest(), c, *go, "go", IsGo).ok());
}

TEST(CompareWithCheckerTest, OnlyTheLanguagesFilesAreCompared) {
  Snapshot m = Manifest();
  m.add_files()->set_path("tool.py");
  m.add_missing()->set_path("old.py");
  ChunkSet c = Chunks();
  Chunk* k = c.add_chunks();
  k->set_path("tool.py");
  k->set_function("main");
  k->set_start_line(1);
  k->set_end_line(2);
  c.add_suspect_files("tool.py");
  auto go = ParseCheck(
      "# check v1 go/parser go1.19.8\nF\ta.go\tok\nD\ta.go\tA\t3\t5\nD\ta.go\tT.M\t7\t9\n"
      "F\tb.go\tok\nD\tb.go\tB\t2\t4\nM\tbig.go\n",
      "g");
  ASSERT_TRUE(go.ok());
  auto a = CompareWithChecker(m, c, *go, "go", IsGo);
  ASSERT_TRUE(a.ok()) << a.status();
  EXPECT_EQ(a->language(), "go");
  EXPECT_EQ(a->files(), 2u);
  EXPECT_EQ(a->missing_blobs(), 1u);
  EXPECT_EQ(a->functions_tree_sitter(), 3u);
  EXPECT_EQ(a->suspect_files_size(), 0);
  EXPECT_EQ(a->differences_size(), 0);
}

// The checker reads git's bytes and so lists a file whose path is not valid
// UTF-8; the snapshot skipped it (Snapshot.skipped, escaped): both sides leave
// it out, and no difference holds a path that is not valid UTF-8.
TEST(CompareWithCheckerTest, FilesTheSnapshotSkippedForTheirNameAreLeftOut) {
  Snapshot m = Manifest();
  NonUtf8Path* n = m.mutable_skipped()->add_non_utf8_paths();
  n->set_escaped_path("caf\\xe9.go");
  m.mutable_skipped()->add_non_utf8_paths()->set_escaped_path("gone\\xff.go");
  auto go = ParseCheck(
      "# check v1 go/parser go1.19.8\nF\ta.go\tok\nD\ta.go\tA\t3\t5\nD\ta.go\tT.M\t7\t9\n"
      "F\tb.go\tok\nD\tb.go\tB\t2\t4\nM\tbig.go\n"
      "F\tcaf\xe9.go\terror\tcaf\xe9.go:1:1: expected 'package'\nD\tcaf\xe9.go\tF\t2\t3\n"
      "M\tgone\xff.go\nF\tnew\xfe.go\tok\n",
      "g");
  ASSERT_TRUE(go.ok()) << go.status();
  auto a = CompareWithChecker(m, Chunks(), *go, "go", IsGo);
  ASSERT_TRUE(a.ok()) << a.status();
  EXPECT_EQ(a->files(), 2u);
  EXPECT_EQ(a->files_agreeing(), 2u);
  EXPECT_EQ(a->functions_checker(), 3u);
  EXPECT_EQ(a->checker_parse_errors_size(), 0);
  // A name the snapshot did not skip stays a difference, escaped.
  ASSERT_EQ(a->differences_size(), 1);
  EXPECT_EQ(a->differences(0).path(), "new\\xfe.go");
  EXPECT_EQ(a->differences(0).kind(), "file_set");
}

TEST(NameSuspectsTest, TheFirstErrorLineAndItsConstruct) {
  Snapshot snapshot;
  snapshot.set_commit("c");
  SourceFile* f = snapshot.add_files();
  f->set_path("a.go");
  f->set_content("package a\n\nfunc A() *int64 {\n\treturn new(int64(5))\n}\n\nfunc B() {}\n");
  f = snapshot.add_files();
  f->set_path("b.go");
  f->set_content("package b\n\nfunc B() {\n\tx := [}\n}\n");
  ChunkerAgreement a;
  a.add_suspect_files("a.go");
  a.add_suspect_files("b.go");
  const languages::Rules rules = testing::RulesOf("go");
  ASSERT_TRUE(NameSuspects(snapshot, *testing::GoParser(), rules, &a).ok());
  ASSERT_EQ(a.suspects_size(), 2);
  EXPECT_EQ(a.suspects(0).path(), "a.go");
  EXPECT_EQ(a.suspects(0).line(), 4u);
  EXPECT_EQ(a.suspects(0).text(), "return new(int64(5))");
  EXPECT_EQ(a.suspects(0).construct(), "new(expr): new with an expression operand (Go 1.26)");
  EXPECT_EQ(a.suspects(1).line(), 4u);
  EXPECT_EQ(a.suspects(1).construct(), "unknown");
  // A Latin-1 byte on the failing line: the text stays valid UTF-8.
  f = snapshot.add_files();
  f->set_path("c.go");
  f->set_content("package c\n\nvar s = [} + \"caf\xe9\"\n");
  ChunkerAgreement c;
  c.add_suspect_files("c.go");
  ASSERT_TRUE(NameSuspects(snapshot, *testing::GoParser(), rules, &c).ok());
  ASSERT_EQ(c.suspects_size(), 1);
  EXPECT_EQ(c.suspects(0).line(), 3u);
  EXPECT_EQ(c.suspects(0).text(), "var s = [} + \"caf\\xe9\"");
  a.add_suspect_files("gone.go");
  EXPECT_THAT(NameSuspects(snapshot, *testing::GoParser(), rules, &a).message(),
              HasSubstr("suspect file gone.go is not in the snapshot of c"));
}

}  // namespace
}  // namespace corpus
}  // namespace repro
