#include "stages/corpus/chunker.h"

#include "gtest/gtest.h"
#include "stages/corpus/git_dump.h"
#include "stages/corpus/snapshot.h"
#include "stages/corpus/testing/languages.h"

namespace repro {
namespace corpus {
namespace {

TEST(SplitLinesTest, KeepsNewlinesAndLastPartialLine) {
  EXPECT_EQ(SplitLines("a\nb\n").size(), 2u);
  EXPECT_EQ(SplitLines("a\nb").size(), 2u);
  EXPECT_EQ(SplitLines("").size(), 0u);
  EXPECT_EQ(SplitLines("a\n\n")[1], "\n");
}

TEST(ChunkSnapshotTest, FunctionsThenRestOfFile) {
  const std::string src =
      "package p\n"              // 1
      "\n"                       // 2
      "// F does f.\n"           // 3
      "func F() {\n"             // 4
      "}\n"                      // 5
      "\n"                       // 6
      "type T struct{}\n"        // 7
      "\n"                       // 8
      "func (t *T) M() int {\n"  // 9
      "\treturn 1\n"             // 10
      "}\n";                     // 11
  std::vector<TreeEntry> tree = {{"100644", "blob", GitBlobId(src), "p/p.go"},
                                 {"100644", "blob", GitBlobId("package q\n"), "q/q.go"}};
  std::map<std::string, BatchObject> blobs;
  blobs[GitBlobId(src)] = {false, "blob", src};
  blobs[GitBlobId("package q\n")] = {false, "blob", "package q\n"};
  auto snapshot = BuildSnapshot("r", "c", tree, blobs, testing::GoLanguages());
  ASSERT_TRUE(snapshot.ok());
  auto set = ChunkSnapshot(*snapshot, testing::GoLanguages());
  ASSERT_TRUE(set.ok()) << set.status();
  EXPECT_EQ(set->snapshot_sha256(), snapshot->snapshot_sha256());
  EXPECT_EQ(set->chunker(), "tree-sitter-go 0.23.4 / chunker v1");
  ASSERT_EQ(set->chunks_size(), 4);
  EXPECT_EQ(set->chunks(0).function(), "F");
  EXPECT_EQ(set->chunks(0).text(), "func F() {\n}\n");
  EXPECT_EQ(set->chunks(1).function(), "T.M");
  EXPECT_EQ(set->chunks(1).start_line(), 9u);
  EXPECT_EQ(set->chunks(1).end_line(), 11u);
  EXPECT_EQ(set->chunks(2).function(), "");
  EXPECT_EQ(set->chunks(2).start_line(), 1u);
  EXPECT_EQ(set->chunks(2).end_line(), 11u);
  EXPECT_EQ(set->chunks(2).text(), "package p\n\n// F does f.\n\ntype T struct{}\n\n");
  EXPECT_EQ(set->chunks(3).path(), "q/q.go");
  EXPECT_EQ(set->chunks(3).text(), "package q\n");
  EXPECT_EQ(set->suspect_files_size(), 0);
}

TEST(ChunkSnapshotTest, SuspectFilesAreFlaggedAndKept) {
  const std::string src = "package p\nfunc A() {\n\tx := \n}\n";
  std::vector<TreeEntry> tree = {{"100644", "blob", GitBlobId(src), "a.go"}};
  std::map<std::string, BatchObject> blobs;
  blobs[GitBlobId(src)] = {false, "blob", src};
  auto snapshot = BuildSnapshot("r", "c", tree, blobs, testing::GoLanguages());
  ASSERT_TRUE(snapshot.ok());
  auto set = ChunkSnapshot(*snapshot, testing::GoLanguages());
  ASSERT_TRUE(set.ok());
  ASSERT_EQ(set->suspect_files_size(), 1);
  EXPECT_EQ(set->suspect_files(0), "a.go");
}

TEST(ChunkSnapshotTest, BrokenFunctionEndingAtANewlineIsKeptAsSuspect) {
  // 10 bytes: the function node ends at (row 1, column 0), after the only line.
  const std::string src = "func e({g\n";
  std::vector<TreeEntry> tree = {{"100644", "blob", GitBlobId(src), "e.go"}};
  std::map<std::string, BatchObject> blobs;
  blobs[GitBlobId(src)] = {false, "blob", src};
  auto snapshot = BuildSnapshot("r", "c", tree, blobs, testing::GoLanguages());
  ASSERT_TRUE(snapshot.ok()) << snapshot.status();
  auto set = ChunkSnapshot(*snapshot, testing::GoLanguages());
  ASSERT_TRUE(set.ok()) << set.status();
  ASSERT_EQ(set->suspect_files_size(), 1);
  for (const Chunk& c : set->chunks()) {
    EXPECT_GE(c.start_line(), 1u);
    EXPECT_LE(c.end_line(), 1u) << c.function();
  }
}

TEST(ChunkSnapshotTest, ManifestWithoutContentIsRejected) {
  const std::string src = "package p\n";
  std::vector<TreeEntry> tree = {{"100644", "blob", GitBlobId(src), "a.go"}};
  std::map<std::string, BatchObject> blobs;
  blobs[GitBlobId(src)] = {false, "blob", src};
  auto snapshot = BuildSnapshot("r", "c", tree, blobs, testing::GoLanguages());
  ASSERT_TRUE(snapshot.ok());
  EXPECT_FALSE(ChunkSnapshot(StripContent(*snapshot), testing::GoLanguages()).ok());
}

}  // namespace
}  // namespace corpus
}  // namespace repro
