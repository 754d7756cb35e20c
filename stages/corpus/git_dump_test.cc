#include "stages/corpus/git_dump.h"

#include <string>

#include "gmock/gmock.h"
#include "gtest/gtest.h"

namespace repro {
namespace corpus {
namespace {

using ::testing::HasSubstr;

const char kOid1[] = "1111111111111111111111111111111111111111";
const char kOid2[] = "2222222222222222222222222222222222222222";

TEST(ParseLsTreeTest, ParsesRecordsWithTabsAndSpacesInPaths) {
  std::string bytes = std::string("100644 blob ") + kOid1 + "\ta b.go" + std::string(1, '\0') +
                      "120000 blob " + kOid2 + "\tlink.go" + std::string(1, '\0');
  auto entries = ParseLsTree(bytes, "tree.z");
  ASSERT_TRUE(entries.ok()) << entries.status();
  ASSERT_EQ(entries->size(), 2u);
  EXPECT_EQ((*entries)[0].path, "a b.go");
  EXPECT_EQ((*entries)[0].oid, kOid1);
  EXPECT_EQ((*entries)[1].mode, "120000");
}

TEST(ParseLsTreeTest, RejectsTruncatedRecord) {
  auto entries = ParseLsTree(std::string("100644 blob ") + kOid1 + "\tx.go", "tree.z");
  ASSERT_FALSE(entries.ok());
  EXPECT_THAT(entries.status().message(), HasSubstr("tree.z: record 1"));
}

TEST(ParseCatFileBatchTest, ContentAndMissing) {
  std::string bytes = std::string(kOid1) + " blob 5\nab\ncd\n" + kOid2 + " missing\n";
  auto objects = ParseCatFileBatch(bytes, "blobs.batch");
  ASSERT_TRUE(objects.ok()) << objects.status();
  ASSERT_EQ(objects->size(), 2u);
  EXPECT_EQ(objects->at(kOid1).content, "ab\ncd");
  EXPECT_FALSE(objects->at(kOid1).missing);
  EXPECT_TRUE(objects->at(kOid2).missing);
}

TEST(ParseCatFileBatchTest, RejectsShortContent) {
  auto objects = ParseCatFileBatch(std::string(kOid1) + " blob 50\nabc\n", "blobs.batch");
  ASSERT_FALSE(objects.ok());
  EXPECT_THAT(objects.status().message(),
              HasSubstr("blobs.batch: byte 0: expected 50 content bytes"));
}

TEST(ParseNameStatusZTest, RenamesCarryTwoPaths) {
  std::string z("M\0a.go\0R087\0old.go\0new.go\0D\0gone.go\0", 35);
  auto rows = ParseNameStatusZ(z, "ns");
  ASSERT_TRUE(rows.ok()) << rows.status();
  ASSERT_EQ(rows->size(), 3u);
  EXPECT_EQ((*rows)[1].status, "R087");
  EXPECT_EQ((*rows)[1].path, "old.go");
  EXPECT_EQ((*rows)[1].new_path, "new.go");
  EXPECT_EQ((*rows)[2].path, "gone.go");
}

TEST(ParseNameStatusZTest, RejectsMissingPath) {
  auto rows = ParseNameStatusZ(std::string("M\0", 2), "ns");
  ASSERT_FALSE(rows.ok());
  EXPECT_THAT(rows.status().message(), HasSubstr("ns: row 1"));
}

TEST(ParseCommitIndexTest, StatusesAndParents) {
  std::string text = std::string(kOid1) + "\tpresent\t" + kOid2 + "\n" + kOid2 + "\tmissing\n";
  auto index = ParseCommitIndex(text, "index.tsv");
  ASSERT_TRUE(index.ok()) << index.status();
  EXPECT_EQ(index->at(kOid1).parents.size(), 1u);
  EXPECT_EQ(index->at(kOid2).status, "missing");
}

TEST(ParseCommitIndexTest, RejectsUnknownStatus) {
  auto index = ParseCommitIndex(std::string(kOid1) + "\tgone\n", "index.tsv");
  ASSERT_FALSE(index.ok());
  EXPECT_THAT(index.status().message(), HasSubstr("index.tsv: line 1"));
}

TEST(IsCommitIdTest, FortyLowercaseHex) {
  EXPECT_TRUE(IsCommitId(kOid1));
  EXPECT_FALSE(IsCommitId("HEAD"));
  EXPECT_FALSE(IsCommitId("ABCDEF1111111111111111111111111111111111"));
}

}  // namespace
}  // namespace corpus
}  // namespace repro
