#include "stages/retrieval/vector_cache.h"

#include <sqlite3.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <future>
#include <limits>
#include <string>
#include <thread>
#include <vector>

#include "absl/strings/str_cat.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "stages/framework/pipeline/sha256.h"
#include "stages/framework/pipeline/status_testing.h"

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
    auto got = (*w)->Get(Key("alpha"), 2);
    ASSERT_TRUE(got.ok() && got->has_value());
    EXPECT_EQ(**got, (std::vector<float>{0.6f, 0.8f}));
    EXPECT_FALSE((*w)->Get(Key("gamma"), 2)->has_value());
    // Same bytes again: no-op. Different bytes: refused, nothing written.
    EXPECT_TRUE((*w)->PutMany({{Key("alpha"), {0.6f, 0.8f}}}).ok());
    absl::Status s = (*w)->PutMany({{Key("delta"), {0.0f, 1.0f}}, {Key("alpha"), {0.8f, 0.6f}}});
    EXPECT_EQ(s.code(), absl::StatusCode::kAlreadyExists);
    EXPECT_FALSE((*w)->Get(Key("delta"), 2)->has_value());  // rolled back
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

// A reader of the file (another process counting rows while a fill runs)
// holds a shared lock when the writer commits: the commit waits for it (the
// busy timeout) instead of failing with "database is locked".
TEST(VectorCacheTest, ACommitWaitsForAReader) {
  const std::string path = TempPath("busy.sqlite");
  std::remove(path.c_str());
  auto w = VectorCacheWriter::Open(path);
  ASSERT_TRUE(w.ok()) << w.status();
  ASSERT_TRUE((*w)->PutMany({{Key("alpha"), {0.6f, 0.8f}}}).ok());
  std::promise<void> locked;
  std::thread reader([&path, &locked] {
    sqlite3* db = nullptr;
    EXPECT_EQ(sqlite3_open(path.c_str(), &db), SQLITE_OK);
    // A read transaction: its shared lock lasts until COMMIT. The writer is
    // released whatever happens here (no ASSERT before set_value).
    EXPECT_EQ(sqlite3_exec(db, "BEGIN; SELECT count(*) FROM vectors;", nullptr, nullptr, nullptr),
              SQLITE_OK);
    locked.set_value();
    std::this_thread::sleep_for(std::chrono::milliseconds(300));
    EXPECT_EQ(sqlite3_exec(db, "COMMIT", nullptr, nullptr, nullptr), SQLITE_OK);
    sqlite3_close(db);
  });
  locked.get_future().wait();
  const absl::Status put = (*w)->PutMany({{Key("beta"), {1.0f, 0.0f}}});
  reader.join();
  EXPECT_TRUE(put.ok()) << put;
  auto got = (*w)->Get(Key("beta"), 2);
  ASSERT_TRUE(got.ok()) << got.status();
  EXPECT_TRUE(got->has_value());
}

// Overwrites the stored row of `text` with `v` (dims = v.size()), as a file
// changed after its fill would hold it.
void Corrupt(const std::string& path, const std::string& text, const std::vector<float>& v) {
  sqlite3* db = nullptr;
  ASSERT_EQ(sqlite3_open(path.c_str(), &db), SQLITE_OK);
  sqlite3_stmt* s = nullptr;
  ASSERT_EQ(
      sqlite3_prepare_v2(db, "UPDATE vectors SET dims = ?1, vector = ?2 WHERE text_sha256 = ?3", -1,
                         &s, nullptr),
      SQLITE_OK);
  const std::string sha = Sha256Hex(text);
  sqlite3_bind_int64(s, 1, static_cast<int64_t>(v.size()));
  sqlite3_bind_blob(s, 2, v.data(), static_cast<int>(v.size() * 4), SQLITE_TRANSIENT);
  sqlite3_bind_text(s, 3, sha.data(), static_cast<int>(sha.size()), SQLITE_TRANSIENT);
  EXPECT_EQ(sqlite3_step(s), SQLITE_DONE);
  EXPECT_EQ(sqlite3_changes(db), 1);
  sqlite3_finalize(s);
  sqlite3_close(db);
}

TEST(VectorCacheTest, ABadRowStopsTheReadNamingFileTextAndFillCommand) {
  const float nan = std::numeric_limits<float>::quiet_NaN();
  const struct {
    std::vector<float> row;
    std::string what;
  } cases[] = {
      {{0.6f, nan, 0.0f}, "bad vector: value 1 of 3 is nan"},
      {{0.0f, 0.0f, 0.0f}, "bad vector: every value is 0"},
      {{1e-30f, 0.0f, 0.0f}, "bad vector: L2 norm 1e-30, expected 1"},
      {{2.0f, 0.0f, 0.0f}, "bad vector: L2 norm 2, expected 1"},
      {{1.0f, 0.0f}, "bad vector: 2 values, expected 3"},
  };
  int n = 0;
  for (const auto& c : cases) {
    SCOPED_TRACE(c.what);
    const std::string path = TempPath(absl::StrCat("bad_row_", n++, ".sqlite"));
    ASSERT_TRUE((*VectorCacheWriter::Open(path))
                    ->PutMany({{Key("alpha"), {1.0f, 0.0f, 0.0f}}, {Key("beta"), {0, 0.6f, 0.8f}}})
                    .ok());
    Corrupt(path, "beta", c.row);
    auto r = CachedEmbeddings::Open(path, "embed-model", std::string(64, 'e'), 3);
    ASSERT_TRUE(r.ok()) << r.status();
    std::vector<float> out;
    absl::Status s = (*r)->Embed({"alpha", "beta"}, &out);
    EXPECT_TRUE(
        IsError(s, absl::StatusCode::kDataLoss,
                absl::StrCat(path, ": text sha256 ", Sha256Hex("beta"), " (model embed-model, ",
                             std::string(64, 'e'), "): ", c.what)));
    EXPECT_THAT(s.message(), HasSubstr("Fill a new cache file with `bazel run "
                                       "//stages/grid:fill_vector_cache -- "));
    EXPECT_THAT(s.message(), HasSubstr("--dims=3 --cache=<a new file>"));
    EXPECT_TRUE(out.empty());
    // The fill sees the bad row too, and does not count it as present.
    auto w = VectorCacheWriter::Open(path);
    ASSERT_TRUE(w.ok());
    EXPECT_TRUE(IsError((*w)->Get(Key("beta"), 3), absl::StatusCode::kDataLoss, c.what));
  }
}

TEST(VectorCacheTest, TheWriterStoresOnlyFiniteUnitVectors) {
  const std::string path = TempPath("refused_rows.sqlite");
  auto w = VectorCacheWriter::Open(path);
  ASSERT_TRUE(w.ok());
  const float inf = std::numeric_limits<float>::infinity();
  for (const std::vector<float>& bad :
       {std::vector<float>{0.0f, 0.0f}, {inf, 0.0f}, {0.6f, 0.6f}, {1e-30f, 0.0f}}) {
    EXPECT_TRUE(IsError((*w)->PutMany({{Key("ok"), {0.6f, 0.8f}}, {Key("bad"), bad}}),
                        absl::StatusCode::kInvalidArgument,
                        path + ": text sha256 " + Sha256Hex("bad") + ": not stored: "));
    EXPECT_FALSE((*w)->Get(Key("ok"), 2)->has_value());  // the batch rolled back
  }
}

// A SQLite file made by `sql`.
std::string SqliteFile(const std::string& name, const char* sql) {
  const std::string path = TempPath(name);
  std::remove(path.c_str());
  sqlite3* db = nullptr;
  EXPECT_EQ(sqlite3_open(path.c_str(), &db), SQLITE_OK);
  EXPECT_EQ(sqlite3_exec(db, sql, nullptr, nullptr, nullptr), SQLITE_OK) << sqlite3_errmsg(db);
  sqlite3_close(db);
  return path;
}

TEST(VectorCacheTest, CheckVectorCacheFileChecksTheSchema) {
  const std::string good = TempPath("schema_ok.sqlite");
  ASSERT_TRUE((*VectorCacheWriter::Open(good))->PutMany({{Key("alpha"), {1.0f, 0.0f}}}).ok());
  EXPECT_TRUE(CheckVectorCacheFile(good).ok());
  const std::string empty_db = SqliteFile("other.sqlite", "CREATE TABLE t(x INTEGER);");
  EXPECT_TRUE(IsError(CheckVectorCacheFile(empty_db), absl::StatusCode::kInvalidArgument,
                      empty_db + ": not a vector cache (no table `vectors`)"));
  const std::string columns = SqliteFile(
      "columns.sqlite", "CREATE TABLE vectors(model_id TEXT, text_sha256 TEXT, vector BLOB);");
  EXPECT_TRUE(IsError(CheckVectorCacheFile(columns), absl::StatusCode::kInvalidArgument,
                      "table `vectors` has columns (model_id TEXT, text_sha256 TEXT, vector "
                      "BLOB), expected (model_id TEXT, model_sha256 TEXT, text_sha256 TEXT, dims "
                      "INTEGER, vector BLOB)"));
  const std::string no_meta = SqliteFile(
      "no_meta.sqlite",
      "CREATE TABLE vectors(model_id TEXT NOT NULL, model_sha256 TEXT NOT NULL, text_sha256 TEXT "
      "NOT NULL, dims INTEGER NOT NULL, vector BLOB NOT NULL);");
  EXPECT_TRUE(IsError(CheckVectorCacheFile(no_meta), absl::StatusCode::kInvalidArgument,
                      no_meta + ": not a vector cache (SQLite: no such table: meta)"));
  const std::string version = SqliteFile(
      "version.sqlite",
      "CREATE TABLE vectors(model_id TEXT NOT NULL, model_sha256 TEXT NOT NULL, text_sha256 TEXT "
      "NOT NULL, dims INTEGER NOT NULL, vector BLOB NOT NULL);"
      "CREATE TABLE meta(key TEXT PRIMARY KEY, value TEXT NOT NULL);"
      "INSERT INTO meta VALUES ('schema', '2');");
  EXPECT_TRUE(IsError(CheckVectorCacheFile(version), absl::StatusCode::kInvalidArgument,
                      "(meta schema: expected \"1\", found \"2\")"));
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
                      absl::StatusCode::kInvalidArgument,
                      path + ": not a vector cache (SQLite: file is not a database); expected the "
                             "SQLite file that `bazel run //stages/grid:fill_vector_cache` fills"));
  EXPECT_TRUE(IsError(CheckVectorCacheFile(path), absl::StatusCode::kInvalidArgument,
                      path + ": not a vector cache (SQLite: file is not a database)"));
  const std::string absent = TempPath("absent.sqlite");
  EXPECT_TRUE(IsError(CachedEmbeddings::Open(absent, "m", "s", 2), absl::StatusCode::kInternal,
                      absent + ": SQLite open read-only: "));
}

}  // namespace
}  // namespace repro::retrieval
