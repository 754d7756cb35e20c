#include "stages/corpus/unified_diff.h"

#include "gmock/gmock.h"
#include "gtest/gtest.h"

namespace repro {
namespace corpus {
namespace {

using ::testing::HasSubstr;

TEST(ParseZeroContextDiffTest, OldSideRangesAndInsertions) {
  const char* diff =
      "diff --git a/shells/cache.go b/shells/cache.go\n"
      "index 37abff7450000000000000000000000000000000..64f0dbd670000000000000000000000000000000 "
      "100644\n"
      "--- a/shells/cache.go\n"
      "+++ b/shells/cache.go\n"
      "@@ -55 +55 @@ func getCacheStorageClient(cache *common.CacheConfig) (scl\n"
      "-\tscl, err = minio.New(a, b, c, cache.Insecure)\n"
      "+\tscl, err = minio.New(a, b, c, !cache.Insecure)\n"
      "@@ -70,0 +71,2 @@ func x() {\n"
      "+--- a/looks/like/a/header\n"
      "+@@ -1 +1 @@\n"
      "@@ -80,3 +82,0 @@\n"
      "-a\n"
      "--- b\n"
      "-c\n"
      "\\ No newline at end of file\n"
      "diff --git \"a/d\\303\\244.go\" \"b/d\\303\\244.go\"\n"
      "--- \"a/d\\303\\244.go\"\n"
      "+++ \"b/d\\303\\244.go\"\n"
      "@@ -0,0 +1 @@\n"
      "+// first line\n";
  auto parsed = ParseZeroContextDiff(diff, "u0.diff");
  ASSERT_TRUE(parsed.ok()) << parsed.status();
  ASSERT_EQ(parsed->size(), 2u);
  const auto& cache = parsed->at("shells/cache.go");
  ASSERT_EQ(cache.size(), 3u);
  EXPECT_EQ(cache[0].start, 55u);
  EXPECT_EQ(cache[0].count, 1u);
  EXPECT_EQ(cache[1].start, 70u);
  EXPECT_EQ(cache[1].count, 0u);
  EXPECT_EQ(cache[2].start, 80u);
  EXPECT_EQ(cache[2].count, 3u);
  const auto& d = parsed->at("d\xc3\xa4.go");
  ASSERT_EQ(d.size(), 1u);
  EXPECT_EQ(d[0].start, 0u);
  EXPECT_EQ(d[0].count, 0u);
}

TEST(ParseZeroContextDiffTest, AddedFileKeyedByNewPath) {
  auto parsed = ParseZeroContextDiff(
      "diff --git a/n.go b/n.go\nnew file mode 100644\n--- /dev/null\n"
      "+++ b/n.go\n@@ -0,0 +1 @@\n+package n\n",
      "u0.diff");
  ASSERT_TRUE(parsed.ok()) << parsed.status();
  EXPECT_EQ(parsed->count("n.go"), 1u);
}

TEST(ParseZeroContextDiffTest, ShortHunkBodyIsAnError) {
  auto parsed = ParseZeroContextDiff(
      "diff --git a/x.go b/x.go\n--- a/x.go\n+++ b/x.go\n@@ -1,2 +1 @@\n-a\n", "u0.diff");
  ASSERT_FALSE(parsed.ok());
  EXPECT_THAT(parsed.status().message(), HasSubstr("u0.diff: line 4"));
}

TEST(ParseZeroContextDiffTest, BinaryIsAnError) {
  auto parsed = ParseZeroContextDiff(
      "diff --git a/x.go b/x.go\nBinary files a/x.go and b/x.go differ\n", "u0.diff");
  ASSERT_FALSE(parsed.ok());
  EXPECT_THAT(parsed.status().message(), HasSubstr("binary"));
}

// Found by unified_diff_fuzz: "+++ b/" gave a section keyed by "".
TEST(ParseZeroContextDiffTest, EmptyOrNullPathsAreErrors) {
  auto empty = ParseZeroContextDiff("diff --git a/w.go b/\n--- /dev/null\n+++ b/\n", "u1.diff");
  ASSERT_FALSE(empty.ok());
  EXPECT_THAT(empty.status().message(),
              HasSubstr("u1.diff: line 3: empty path after the 'b/' prefix"));
  auto null = ParseZeroContextDiff("diff --git a/x b/x\n--- /dev/null\n+++ /dev/null\n", "u2.diff");
  ASSERT_FALSE(null.ok());
  EXPECT_THAT(null.status().message(), HasSubstr("u2.diff: line 3: both sides are /dev/null"));
}

TEST(UnquoteGitPathTest, Escapes) {
  EXPECT_EQ(*UnquoteGitPath("plain.go"), "plain.go");
  EXPECT_EQ(*UnquoteGitPath("\"a\\tb\\\"c\\\\.go\""), "a\tb\"c\\.go");
  EXPECT_EQ(*UnquoteGitPath("with space.go\t"), "with space.go");
  EXPECT_FALSE(UnquoteGitPath("\"bad\\q\"").ok());
}

}  // namespace
}  // namespace corpus
}  // namespace repro
