#include "stages/retrieval/vector_cache.h"

#include <cstdlib>
#include <string>
#include <vector>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "stages/pipeline/sha256.h"
#include "stages/pipeline/status_testing.h"

namespace repro::retrieval {
namespace {

using ::testing::HasSubstr;

std::string TempPath(const std::string& name) {
  const char* dir = std::getenv("TEST_TMPDIR");
  return std::string(dir ? dir : "/tmp") + "/" + name;
}

CacheKey Key(const std::string& text) {
  return {"embed-model", std::string(64, 'e'), Sha256Hex(text)};
}

TEST(VectorCacheTest, WriteThenReadThroughTheBackend) {
  const std::string path = TempPath("cache1.sqlite");
  {
    auto w = VectorCacheWriter::Open(path);
    ASSERT_TRUE(w.ok()) << w.status();
    ASSERT_TRUE((*w)->PutMany({{Key("alpha"), {0.6f, 0.8f}}, {Key("beta"), {1.0f, 0.0f}}}).ok());
    auto got = (*w)->Get(Key("alpha"));
    ASSERT_TRUE(got.ok() && got->has_value());
    EXPECT_EQ(**got, (std::vector<float>{0.6f, 0.8f}));
    EXPECT_FALSE((*w)->Get(Key("gamma"))->has_value());
    // Same bytes again: no-op. Different bytes: refused, nothing written.
    EXPECT_TRUE((*w)->PutMany({{Key("alpha"), {0.6f, 0.8f}}}).ok());
    absl::Status s = (*w)->PutMany({{Key("delta"), {0.0f, 1.0f}}, {Key("alpha"), {0.8f, 0.6f}}});
    EXPECT_EQ(s.code(), absl::StatusCode::kAlreadyExists);
    EXPECT_FALSE((*w)->Get(Key("delta"))->has_value());  // rolled back
  }
  auto r = CachedEmbeddings::Open(path, "embed-model", std::string(64, 'e'), 2);
  ASSERT_TRUE(r.ok()) << r.status();
  std::vector<float> out;
  ASSERT_TRUE((*r)->Embed({"beta", "alpha"}, &out).ok());
  EXPECT_EQ(out, (std::vector<float>{1.0f, 0.0f, 0.6f, 0.8f}));
}

TEST(VectorCacheTest, MissingTextsAreAnErrorNamingTheFillCommand) {
  const std::string path = TempPath("cache2.sqlite");
  ASSERT_TRUE((*VectorCacheWriter::Open(path))->PutMany({{Key("alpha"), {1.0f, 0.0f}}}).ok());
  auto r = CachedEmbeddings::Open(path, "embed-model", std::string(64, 'e'), 2);
  ASSERT_TRUE(r.ok());
  std::vector<float> out;
  absl::Status s = (*r)->Embed({"alpha", "unseen"}, &out);
  EXPECT_EQ(s.code(), absl::StatusCode::kNotFound);
  EXPECT_THAT(s.message(), HasSubstr("1 of 2 texts have no vector"));
  EXPECT_THAT(s.message(), HasSubstr(Sha256Hex("unseen")));
  EXPECT_THAT(s.message(), HasSubstr("fill_vector_cache"));
  EXPECT_TRUE(out.empty());
  // Another model sha does not see these vectors.
  auto other = CachedEmbeddings::Open(path, "embed-model", std::string(64, 'f'), 2);
  ASSERT_TRUE(other.ok());
  EXPECT_TRUE(
      IsError((*other)->Embed({"alpha"}, &out), absl::StatusCode::kNotFound,
              "1 of 1 texts have no vector for model embed-model (" + std::string(64, 'f') + ")"));
}

TEST(VectorCacheTest, PinnedFileHashIsChecked) {
  const std::string path = TempPath("cache3.sqlite");
  ASSERT_TRUE((*VectorCacheWriter::Open(path))->PutMany({{Key("alpha"), {1.0f}}}).ok());
  const std::string wrong(64, '0');
  auto r = CachedEmbeddings::Open(path, "embed-model", std::string(64, 'e'), 1, wrong);
  EXPECT_TRUE(
      IsError(r, absl::StatusCode::kFailedPrecondition,
              path + ": vector cache sha256 mismatch: expected " + wrong + " (pinned), found "));
  absl::StatusOr<std::string> sha = Sha256File(path);
  ASSERT_TRUE(sha.ok());
  auto ok = CachedEmbeddings::Open(path, "embed-model", std::string(64, 'e'), 1, *sha);
  ASSERT_TRUE(ok.ok()) << ok.status();
  std::vector<float> out;
  ASSERT_TRUE((*ok)->Embed({"alpha"}, &out).ok());
  // Reading never changes the file.
  EXPECT_EQ(*Sha256File(path), *sha);
}

TEST(VectorCacheTest, NotACacheFile) {
  const std::string path = TempPath("not_a_cache.sqlite");
  FILE* f = std::fopen(path.c_str(), "w");
  std::fputs("hello", f);
  std::fclose(f);
  EXPECT_TRUE(IsError(CachedEmbeddings::Open(path, "m", std::string(64, 'e'), 2),
                      absl::StatusCode::kInternal, path + ": SQLite not a vector cache: "));
  const std::string absent = TempPath("absent.sqlite");
  EXPECT_TRUE(IsError(CachedEmbeddings::Open(absent, "m", "s", 2), absl::StatusCode::kInternal,
                      absent + ": SQLite open read-only: "));
}

}  // namespace
}  // namespace repro::retrieval
