#include "stages/retrieval/run_cache.h"

#include <sqlite3.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <string>
#include <vector>

#include "gtest/gtest.h"
#include "stages/framework/pipeline/sha256.h"
#include "stages/framework/pipeline/status_testing.h"

namespace repro::retrieval {
namespace {

std::string TempPath(const std::string& name) {
  const char* dir = std::getenv("TEST_TMPDIR");
  const std::string path = std::string(dir ? dir : "/tmp") + "/" + name;
  std::remove(path.c_str());
  return path;
}

RunKey Key(const std::string& corpus) { return {"P000", Sha256Hex(corpus), Sha256Hex("queries")}; }

TEST(RunCacheTest, StoresAndReadsRunsByKey) {
  const std::string path = TempPath("runs.sqlite");
  {
    auto w = RunCacheWriter::Open(path);
    ASSERT_TRUE(w.ok()) << w.status();
    ASSERT_TRUE((*w)->PutMany({{Key("a"), "F01 Q0 0 1 2.5 x\n"}, {Key("b"), ""}}).ok());
    // The same bytes again: a no-op.
    EXPECT_TRUE((*w)->PutMany({{Key("a"), "F01 Q0 0 1 2.5 x\n"}}).ok());
  }
  auto r = CachedRuns::Open(path);
  ASSERT_TRUE(r.ok()) << r.status();
  EXPECT_EQ(**(*r)->Get(Key("a")), "F01 Q0 0 1 2.5 x\n");
  EXPECT_EQ(**(*r)->Get(Key("b")), "");  // an empty ranking is a run
  EXPECT_FALSE((*r)->Get(Key("c"))->has_value());
  EXPECT_FALSE((*r)->Get({"R001", Sha256Hex("a"), Sha256Hex("queries")})->has_value());
}

TEST(RunCacheTest, AnotherRunForAStoredKeyIsRefusedAndNothingIsWritten) {
  const std::string path = TempPath("conflict.sqlite");
  auto w = RunCacheWriter::Open(path);
  ASSERT_TRUE((*w)->PutMany({{Key("a"), "run 1"}}).ok());
  EXPECT_TRUE(IsError((*w)->PutMany({{Key("b"), "run b"}, {Key("a"), "run 2"}}),
                      absl::StatusCode::kAlreadyExists,
                      path + ": " + DescribeKey(Key("a")) + ": the cache holds another run"));
  w->reset();
  EXPECT_FALSE((*CachedRuns::Open(path))->Get(Key("b"))->has_value());  // rolled back
}

TEST(RunCacheTest, TheFileMustMatchItsPin) {
  const std::string path = TempPath("pinned.sqlite");
  ASSERT_TRUE((*RunCacheWriter::Open(path))->PutMany({{Key("a"), "run"}}).ok());
  const std::string sha = *Sha256File(path);
  EXPECT_TRUE(CachedRuns::Open(path, sha).ok());
  EXPECT_TRUE(IsError(CachedRuns::Open(path, std::string(64, '0')),
                      absl::StatusCode::kFailedPrecondition,
                      path + ": run cache sha256 mismatch: expected " + std::string(64, '0') +
                          " (pinned), found " + sha));
}

TEST(RunCacheTest, AChangedRowIsDataLoss) {
  const std::string path = TempPath("changed_row.sqlite");
  ASSERT_TRUE((*RunCacheWriter::Open(path))->PutMany({{Key("a"), "F01 Q0 0 1 2.5 x\n"}}).ok());
  sqlite3* db = nullptr;
  ASSERT_EQ(sqlite3_open(path.c_str(), &db), SQLITE_OK);
  ASSERT_EQ(sqlite3_exec(db, "UPDATE runs SET run = CAST('F01 Q0 1 1 9 x' AS BLOB)", nullptr,
                         nullptr, nullptr),
            SQLITE_OK);
  sqlite3_close(db);
  EXPECT_TRUE(IsError((*CachedRuns::Open(path))->Get(Key("a")), absl::StatusCode::kDataLoss,
                      path + ": " + DescribeKey(Key("a")) + ": the stored run's sha256 is "));
}

TEST(RunCacheTest, NotARunCache) {
  const std::string text = TempPath("text.sqlite");
  FILE* f = std::fopen(text.c_str(), "w");
  std::fputs("hello", f);
  std::fclose(f);
  EXPECT_TRUE(IsError(CachedRuns::Open(text), absl::StatusCode::kInvalidArgument,
                      text + ": not a run cache (SQLite: file is not a database); expected the "
                             "SQLite file that `bazel run //stages/grid:fill_run_cache` fills"));
  const std::string other = TempPath("other.sqlite");
  sqlite3* db = nullptr;
  ASSERT_EQ(sqlite3_open(other.c_str(), &db), SQLITE_OK);
  ASSERT_EQ(sqlite3_exec(db, "CREATE TABLE t(x INTEGER);", nullptr, nullptr, nullptr), SQLITE_OK);
  sqlite3_close(db);
  EXPECT_TRUE(IsError(CheckRunCacheFile(other), absl::StatusCode::kInvalidArgument,
                      other + ": not a run cache (no table `runs`)"));
  ASSERT_EQ(sqlite3_open(other.c_str(), &db), SQLITE_OK);
  ASSERT_EQ(sqlite3_exec(db, "CREATE TABLE runs(x TEXT);", nullptr, nullptr, nullptr), SQLITE_OK);
  sqlite3_close(db);
  EXPECT_TRUE(IsError(RunCacheWriter::Open(other), absl::StatusCode::kInvalidArgument,
                      other + ": not a run cache (table `runs` has columns (x TEXT), expected"));
}

TEST(RunCacheTest, ATruncatedCacheIsRefused) {
  const std::string path = TempPath("truncated.sqlite");
  std::vector<StoredRun> runs;
  for (int i = 0; i < 200; ++i) {
    runs.push_back({Key(std::to_string(i)), std::string(500, static_cast<char>('a' + i % 26))});
  }
  ASSERT_TRUE((*RunCacheWriter::Open(path))->PutMany(runs).ok());
  std::filesystem::resize_file(path, 4096);
  absl::Status status = CheckRunCacheFile(path);
  if (status.ok()) {
    auto r = CachedRuns::Open(path);
    ASSERT_TRUE(r.ok());
    status = (*r)->Get(Key("199")).status();
  }
  EXPECT_FALSE(status.ok());
  EXPECT_NE(std::string(status.message()).find(path), std::string::npos) << status;
}

}  // namespace
}  // namespace repro::retrieval
