#include "stages/retrieval/run_cache.h"

#include <sqlite3.h>

#include "absl/strings/str_cat.h"
#include "stages/framework/pipeline/sha256.h"
#include "stages/framework/pipeline/status_macros.h"

namespace repro::retrieval {
namespace {

using internal::BindText;
using internal::ColumnText;
using internal::SqlError;
using internal::Statement;

constexpr char kSchema[] =
    "CREATE TABLE IF NOT EXISTS runs("
    " harness TEXT NOT NULL, corpus_sha256 TEXT NOT NULL, queries_sha256 TEXT NOT NULL,"
    " run_sha256 TEXT NOT NULL, run BLOB NOT NULL,"
    " PRIMARY KEY (harness, corpus_sha256, queries_sha256)) WITHOUT ROWID;"
    "CREATE TABLE IF NOT EXISTS meta(key TEXT PRIMARY KEY, value TEXT NOT NULL);"
    "INSERT OR IGNORE INTO meta(key, value) VALUES ('schema', '1');";

constexpr std::pair<const char*, const char*> kColumns[] = {{"harness", "TEXT"},
                                                            {"corpus_sha256", "TEXT"},
                                                            {"queries_sha256", "TEXT"},
                                                            {"run_sha256", "TEXT"},
                                                            {"run", "BLOB"}};

constexpr char kSelect[] =
    "SELECT run_sha256, run FROM runs WHERE harness = ?1 AND corpus_sha256 = ?2 AND "
    "queries_sha256 = ?3";

absl::Status CheckSchema(sqlite3* db, absl::string_view path) {
  const absl::Status table = internal::CheckTable(db, "runs", kColumns, "1");
  if (table.ok()) return table;
  return absl::InvalidArgumentError(absl::StrCat(
      path, ": not a run cache (", table.message(),
      "); expected the SQLite file that `bazel run //stages/grid:fill_run_cache` fills "
      "(docs/run_cache.md)"));
}

// The run of `key` with the prepared kSelect statement `s`, checked against
// its run_sha256.
absl::StatusOr<std::optional<std::string>> Lookup(sqlite3* db, sqlite3_stmt* s,
                                                  absl::string_view path, const RunKey& key) {
  sqlite3_reset(s);
  sqlite3_clear_bindings(s);
  BindText(s, 1, key.harness);
  BindText(s, 2, key.corpus_sha256);
  BindText(s, 3, key.queries_sha256);
  const int rc = sqlite3_step(s);
  if (rc == SQLITE_DONE) return std::optional<std::string>();
  if (rc != SQLITE_ROW) return SqlError(db, path, "select");
  const std::string run_sha256 = ColumnText(s, 0);
  const char* blob = static_cast<const char*>(sqlite3_column_blob(s, 1));
  std::string run(blob ? blob : "", static_cast<size_t>(sqlite3_column_bytes(s, 1)));
  if (Sha256Hex(run) != run_sha256) {
    return absl::DataLossError(absl::StrCat(
        path, ": ", DescribeKey(key), ": the stored run's sha256 is ", Sha256Hex(run),
        ", expected its run_sha256 ", run_sha256, "; fill a new cache file (docs/run_cache.md)"));
  }
  return std::optional<std::string>(std::move(run));
}

}  // namespace

std::string DescribeKey(const RunKey& key) {
  return absl::StrCat("harness ", key.harness, ", corpus sha256 ", key.corpus_sha256,
                      ", queries sha256 ", key.queries_sha256);
}

absl::Status CheckRunCacheFile(const std::string& path) {
  ASSIGN_OR_RETURN(SqliteHandle db, internal::OpenReadOnly(path));
  return CheckSchema(db.get(), path);
}

absl::StatusOr<std::unique_ptr<RunCacheWriter>> RunCacheWriter::Open(const std::string& path) {
  ASSIGN_OR_RETURN(SqliteHandle db, internal::OpenForWriting(path, 30000, kSchema));
  RETURN_IF_ERROR(CheckSchema(db.get(), path));
  return std::unique_ptr<RunCacheWriter>(new RunCacheWriter(std::move(db), path));
}

absl::Status RunCacheWriter::PutMany(const std::vector<StoredRun>& runs) {
  sqlite3* db = db_.get();
  RETURN_IF_ERROR(internal::Exec(db, path_, "BEGIN IMMEDIATE", "begin"));
  absl::Status status = [&]() -> absl::Status {
    Statement select(db, kSelect);
    Statement insert(db,
                     "INSERT INTO runs(harness, corpus_sha256, queries_sha256, run_sha256, run) "
                     "VALUES (?1, ?2, ?3, ?4, ?5)");
    if (select.get() == nullptr || insert.get() == nullptr) return SqlError(db, path_, "prepare");
    for (const StoredRun& r : runs) {
      ASSIGN_OR_RETURN(const std::optional<std::string> old,
                       Lookup(db, select.get(), path_, r.key));
      if (old.has_value()) {
        if (*old == r.run) continue;
        return absl::AlreadyExistsError(
            absl::StrCat(path_, ": ", DescribeKey(r.key), ": the cache holds another run (sha256 ",
                         Sha256Hex(*old), ", given ", Sha256Hex(r.run),
                         "); a pinned run is never overwritten: fill a new cache file"));
      }
      sqlite3_stmt* s = insert.get();
      sqlite3_reset(s);
      sqlite3_clear_bindings(s);
      BindText(s, 1, r.key.harness);
      BindText(s, 2, r.key.corpus_sha256);
      BindText(s, 3, r.key.queries_sha256);
      BindText(s, 4, Sha256Hex(r.run));
      sqlite3_bind_blob(s, 5, r.run.data(), static_cast<int>(r.run.size()), SQLITE_TRANSIENT);
      if (sqlite3_step(s) != SQLITE_DONE) return SqlError(db, path_, "insert");
    }
    return absl::OkStatus();
  }();
  if (!status.ok()) {
    sqlite3_exec(db, "ROLLBACK", nullptr, nullptr, nullptr);
    return status;
  }
  return internal::Exec(db, path_, "COMMIT", "commit");
}

absl::StatusOr<std::unique_ptr<CachedRuns>> CachedRuns::Open(const std::string& path,
                                                             absl::string_view expected_file_sha256,
                                                             absl::string_view known_file_sha256) {
  RETURN_IF_ERROR(internal::CheckPin(path, "run cache", expected_file_sha256, known_file_sha256));
  ASSIGN_OR_RETURN(SqliteHandle db, internal::OpenReadOnly(path));
  RETURN_IF_ERROR(CheckSchema(db.get(), path));
  return std::unique_ptr<CachedRuns>(new CachedRuns(std::move(db), path));
}

absl::StatusOr<std::optional<std::string>> CachedRuns::Get(const RunKey& key) const {
  Statement s(db_.get(), kSelect);
  if (s.get() == nullptr) return SqlError(db_.get(), path_, "prepare");
  return Lookup(db_.get(), s.get(), path_, key);
}

}  // namespace repro::retrieval
