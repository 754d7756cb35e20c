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

// A path that is not valid UTF-8 (git allows any bytes but NUL and '/') cannot
// be a proto3 string: the file is skipped, counted and listed with its path
// escaped, as a missing blob is, and the rest of the snapshot is kept. Its
// blob need not be in the dump (a snapshot stored against a reference).
TEST(BuildSnapshotTest, NonUtf8PathIsSkippedCountedAndNamedEscaped) {
  const std::string a = "package a\n", bad = "package bad\n";
  std::vector<TreeEntry> tree = {
      {"100644", "blob", GitBlobId(a), "a.go"},
      {"100644", "blob", GitBlobId(bad), "l\xe9gacy/caf\xe9.go"},
      {"100644", "blob", "4444444444444444444444444444444444444444", "x\xff.go"},
      {"100644", "blob", GitBlobId(bad), "notes\xff.txt"},
  };
  std::map<std::string, BatchObject> blobs;
  blobs[GitBlobId(a)] = Blob(a);
  blobs[GitBlobId(bad)] = Blob(bad);

  auto s = BuildSnapshot("r", "c1", tree, blobs, testing::GoLanguages());
  ASSERT_TRUE(s.ok()) << s.status();
  ASSERT_EQ(s->files_size(), 1);
  EXPECT_EQ(s->files(0).path(), "a.go");
  EXPECT_EQ(s->missing_size(), 0);
  ASSERT_EQ(s->skipped().non_utf8_paths_size(), 2);
  EXPECT_EQ(s->skipped().non_utf8_paths(0).escaped_path(), "l\\xe9gacy/caf\\xe9.go");
  EXPECT_EQ(s->skipped().non_utf8_paths(0).blob_id(), GitBlobId(bad));
  EXPECT_EQ(s->skipped().non_utf8_paths(1).escaped_path(), "x\\xff.go");
  EXPECT_EQ(s->skipped().non_utf8_paths(1).blob_id(), "4444444444444444444444444444444444444444");
  EXPECT_EQ(s->snapshot_sha256(),
            Sha256Hex("a.go\t" + GitBlobId(a) + "\t" + Sha256Hex(a) + "\t10\n"));
  EXPECT_TRUE(VerifySnapshot(*s, true).ok());
  EXPECT_EQ(NonUtf8PathsNote(*s),
            "2 file(s) whose path is not valid UTF-8, skipped and recorded: "
            "l\\xe9gacy/caf\\xe9.go, x\\xff.go");
}

TEST(BuildSnapshotTest, NoNonUtf8PathNoNote) {
  const std::string a = "package a\n";
  std::vector<TreeEntry> tree = {{"100644", "blob", GitBlobId(a), "caf\xc3\xa9.go"}};
  std::map<std::string, BatchObject> blobs;
  blobs[GitBlobId(a)] = Blob(a);
  auto s = BuildSnapshot("r", "c1", tree, blobs, testing::GoLanguages());
  ASSERT_TRUE(s.ok()) << s.status();
  ASSERT_EQ(s->files_size(), 1);
  EXPECT_FALSE(s->has_skipped());  // not written: existing artifacts keep their bytes
  EXPECT_EQ(NonUtf8PathsNote(*s), "");
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

// A language whose only file has a path that is not valid UTF-8 is in the
// tree: the declaration is right, the file is listed as skipped.
TEST(CheckLanguagesPresentTest, ANonUtf8PathCountsAsAFileOfItsLanguage) {
  const std::string src = "package p\n";
  std::vector<TreeEntry> tree = {{"100644", "blob", GitBlobId(src), "p\xff.go"}};
  std::map<std::string, BatchObject> blobs;
  auto s = BuildSnapshot("r", "c1", tree, blobs, testing::GoLanguages());
  ASSERT_TRUE(s.ok()) << s.status();
  EXPECT_TRUE(CheckLanguagesPresent(*s, testing::GoLanguages()).ok());
}

}  // namespace
}  // namespace corpus
}  // namespace repro
