#include "stages/corpus/corpus_path.h"

#include "gtest/gtest.h"

namespace repro {
namespace corpus {
namespace {

TEST(CorpusPathTest, GoFilesOutsideVendorIncludingTests) {
  EXPECT_TRUE(IsCorpusPath("shells/cache.go"));
  EXPECT_TRUE(IsCorpusPath("shells/cache_test.go"));
  EXPECT_TRUE(IsCorpusPath("main.go"));
  EXPECT_FALSE(IsCorpusPath("vendor/github.com/x/y.go"));
  EXPECT_FALSE(IsCorpusPath("tools/vendor/x.go"));
  EXPECT_TRUE(IsCorpusPath("vendors/x.go"));
  EXPECT_TRUE(IsCorpusPath("myvendor/x.go"));
  EXPECT_FALSE(IsCorpusPath("README.md"));
  EXPECT_FALSE(IsCorpusPath("x.go.orig"));
}

TEST(CorpusPathTest, OnlyRegularBlobs) {
  EXPECT_TRUE(IsCorpusMode("100644"));
  EXPECT_TRUE(IsCorpusMode("100755"));
  EXPECT_FALSE(IsCorpusMode("120000"));
  EXPECT_FALSE(IsCorpusMode("160000"));
}

TEST(CorpusPathTest, GoldCandidates) {
  EXPECT_TRUE(IsGoldCandidatePath("shells/cache.go"));
  EXPECT_FALSE(IsGoldCandidatePath("shells/cache_test.go"));
  EXPECT_FALSE(IsGoldCandidatePath("common/mock_Network.go"));
  EXPECT_FALSE(IsGoldCandidatePath("helpers/mocks.go"));
  EXPECT_FALSE(IsGoldCandidatePath("helpers/network_mock.go"));
  EXPECT_FALSE(IsGoldCandidatePath("helpers/mocks/network.go"));
  EXPECT_FALSE(IsGoldCandidatePath("api/runner.pb.go"));
  EXPECT_FALSE(IsGoldCandidatePath("executors/docker/bindata.go"));
  EXPECT_FALSE(IsGoldCandidatePath("apis/zz_generated.deepcopy.go"));
  EXPECT_FALSE(IsGoldCandidatePath("vendor/a/b.go"));
  EXPECT_FALSE(IsGoldCandidatePath("x/vendor/b.go"));
  EXPECT_FALSE(IsGoldCandidatePath("Godeps/_workspace/src/a.go"));
  EXPECT_FALSE(IsGoldCandidatePath("docs/example.go"));
  EXPECT_FALSE(IsGoldCandidatePath("shells/cache.sh"));
  EXPECT_TRUE(IsGoldCandidatePath("subdocs/example.go"));
}

}  // namespace
}  // namespace corpus
}  // namespace repro
