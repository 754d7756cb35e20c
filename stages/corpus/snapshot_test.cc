#include "stages/corpus/snapshot.h"

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "stages/corpus/testing/languages.h"
#include "stages/framework/pipeline/sha256.h"

namespace repro {
namespace corpus {
namespace {

using ::testing::HasSubstr;

BatchObject Blob(std::string content) {
  BatchObject b;
  b.type = "blob";
  b.content = std::move(content);
  return b;
}

TEST(GitBlobIdTest, MatchesGit) {
  // printf 'hi\n' | git hash-object --stdin
  EXPECT_EQ(GitBlobId("hi\n"), "45b983be36b73c0788dc9cbcb76cbb80fc7bb057");
  EXPECT_EQ(GitBlobId(""), "e69de29bb2d1d6434b8b29ae775ad8c2e48c5391");
}

TEST(BuildSnapshotTest, SelectsSortsHashesAndCountsMissing) {
  const std::string a = "package a\n", b = "package b\n";
  std::vector<TreeEntry> tree = {
      {"100644", "blob", GitBlobId(b), "z/b.go"},
      {"100644", "blob", GitBlobId(a), "a/a.go"},
      {"100644", "blob", "3333333333333333333333333333333333333333", "m/gone.go"},
      {"100644", "blob", GitBlobId(a), "vendor/x/a.go"},
      {"120000", "blob", GitBlobId(a), "link.go"},
      {"160000", "commit", GitBlobId(a), "sub.go"},
      {"100644", "blob", GitBlobId(a), "README.md"},
  };
  std::map<std::string, BatchObject> blobs;
  blobs[GitBlobId(a)] = Blob(a);
  blobs[GitBlobId(b)] = Blob(b);
  blobs["3333333333333333333333333333333333333333"].missing = true;

  auto s = BuildSnapshot("fixture", "c0ffee", tree, blobs, testing::GoLanguages());
  ASSERT_TRUE(s.ok()) << s.status();
  ASSERT_EQ(s->files_size(), 2);
  EXPECT_EQ(s->files(0).path(), "a/a.go");
  EXPECT_EQ(s->files(1).path(), "z/b.go");
  EXPECT_EQ(s->files(0).sha256(), Sha256Hex(a));
  EXPECT_EQ(s->files(0).bytes(), a.size());
  ASSERT_EQ(s->missing_size(), 1);
  EXPECT_EQ(s->missing(0).path(), "m/gone.go");
  const std::string lines = "a/a.go\t" + GitBlobId(a) + "\t" + Sha256Hex(a) + "\t10\nz/b.go\t" +
                            GitBlobId(b) + "\t" + Sha256Hex(b) + "\t10\n";
  EXPECT_EQ(s->snapshot_sha256(), Sha256Hex(lines));
  EXPECT_TRUE(VerifySnapshot(*s, true).ok());
  EXPECT_EQ(SnapshotBytes(*s), 20u);
}

TEST(BuildSnapshotTest, SameContentSameHashWhateverTheCommit) {
  const std::string a = "package a\n";
  std::vector<TreeEntry> tree = {{"100644", "blob", GitBlobId(a), "a.go"}};
  std::map<std::string, BatchObject> blobs;
  blobs[GitBlobId(a)] = Blob(a);
  auto s1 = BuildSnapshot("r", "c1", tree, blobs, testing::GoLanguages());
  auto s2 = BuildSnapshot("r", "c2", tree, blobs, testing::GoLanguages());
  ASSERT_TRUE(s1.ok() && s2.ok());
  EXPECT_EQ(s1->snapshot_sha256(), s2->snapshot_sha256());
}

TEST(BuildSnapshotTest, ContentNotMatchingTheTreeIsDataLoss) {
  std::vector<TreeEntry> tree = {{"100644", "blob", GitBlobId("x"), "a.go"}};
  std::map<std::string, BatchObject> blobs;
  blobs[GitBlobId("x")] = Blob("y");
  auto s = BuildSnapshot("r", "c1", tree, blobs, testing::GoLanguages());
  ASSERT_FALSE(s.ok());
  EXPECT_THAT(s.status().message(), HasSubstr("a.go: dumped content hashes"));
}

TEST(BuildSnapshotTest, BlobAbsentFromDumpIsInternal) {
  std::vector<TreeEntry> tree = {{"100644", "blob", GitBlobId("x"), "a.go"}};
  auto s = BuildSnapshot("r", "c1", tree, {}, testing::GoLanguages());
  ASSERT_FALSE(s.ok());
  EXPECT_EQ(s.status().code(), absl::StatusCode::kInternal);
}

TEST(VerifySnapshotTest, DetectsTamperingAndStripKeepsHash) {
  const std::string a = "package a\n";
  std::vector<TreeEntry> tree = {{"100644", "blob", GitBlobId(a), "a.go"}};
  std::map<std::string, BatchObject> blobs;
  blobs[GitBlobId(a)] = Blob(a);
  auto s = BuildSnapshot("r", "c1", tree, blobs, testing::GoLanguages());
  ASSERT_TRUE(s.ok());
  Snapshot manifest = StripContent(*s);
  EXPECT_TRUE(VerifySnapshot(manifest, false).ok());
  EXPECT_FALSE(VerifySnapshot(manifest, true).ok());
  Snapshot bad = *s;
  bad.mutable_files(0)->set_content("package b\n");
  EXPECT_FALSE(VerifySnapshot(bad, true).ok());
}

}  // namespace
}  // namespace corpus
}  // namespace repro

namespace repro {
namespace corpus {
namespace {

TEST(CheckLanguagesPresentTest, EveryDeclaredLanguageHasAFile) {
  const std::string src = "package p\n";
  std::vector<TreeEntry> tree = {{"100644", "blob", GitBlobId(src), "p/p.go"}};
  std::map<std::string, BatchObject> blobs;
  blobs[GitBlobId(src)] = {false, "blob", src};
  const LanguageSet go_and_python =
      testing::OrDie(LanguageSet::Create({testing::RulesOf("go"), testing::RulesOf("python")}));
  auto s = BuildSnapshot("r", "c1", tree, blobs, go_and_python);
  ASSERT_TRUE(s.ok()) << s.status();
  EXPECT_TRUE(CheckLanguagesPresent(*s, testing::GoLanguages()).ok());
  const absl::Status missing = CheckLanguagesPresent(*s, go_and_python);
  EXPECT_EQ(missing.code(), absl::StatusCode::kFailedPrecondition);
  EXPECT_NE(missing.message().find("commit c1 of r: no file of language python (.py) in its tree; "
                                   "the task set's field languages"),
            std::string::npos)
      << missing;
}

}  // namespace
}  // namespace corpus
}  // namespace repro
