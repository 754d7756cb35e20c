// Private helpers of the project's SQLite files (vector_cache.h,
// run_cache.h): an owned handle, a prepared statement, read-only opening,
// the error of a failed call, and the check of a table's columns and the
// `meta` row `schema`.
//
//   OpenReadOnly(path)  opens the file read-only and immutable (SQLite
//       never writes it, no journal), as every Bazel action reads it.
//   OpenForWriting(path, busy_timeout_ms, schema_sql)  opens or creates it,
//       sets the busy timeout and runs the CREATE statements.
//   CheckTable(db, table, columns, version)  whether the file holds
//       `table` with exactly `columns` ({name, type}, in order) and a table
//       `meta` whose row `schema` is `version`; else InvalidArgument whose
//       message says why, for the caller's "<path>: not a ... (<why>)":
//       "SQLite: <message>" (not a database, no meta table), "no table
//       `runs`", "table `runs` has columns (...), expected (...)", "meta
//       schema: expected \"1\", found none".
//   CheckPin(path, what, expected, known)  the file's sha256 (`known`, else
//       hashed here) against its pin `expected` (empty: no check):
//       FailedPrecondition "<path>: <what> sha256 mismatch: expected <pin>
//       (pinned), found <sha>".
// Every other error is Internal "<path>: SQLite <what>: <SQLite's message>".
#ifndef REPRO_STAGES_RETRIEVAL_INTERNAL_SQLITE_FILE_H_
#define REPRO_STAGES_RETRIEVAL_INTERNAL_SQLITE_FILE_H_

#include <sqlite3.h>

#include <string>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "absl/types/span.h"

namespace repro::retrieval {

// An open SQLite handle; closes on destruction.
class SqliteHandle {
 public:
  explicit SqliteHandle(sqlite3* db = nullptr) : db_(db) {}
  ~SqliteHandle();
  SqliteHandle(SqliteHandle&& o) noexcept : db_(std::exchange(o.db_, nullptr)) {}
  SqliteHandle& operator=(SqliteHandle&&) = delete;
  sqlite3* get() const { return db_; }

 private:
  sqlite3* db_;
};

namespace internal {

// A prepared statement, finalized on destruction; get() is null when the
// SQL did not prepare.
class Statement {
 public:
  Statement(sqlite3* db, const char* sql) { sqlite3_prepare_v2(db, sql, -1, &stmt_, nullptr); }
  ~Statement() { sqlite3_finalize(stmt_); }
  Statement(const Statement&) = delete;
  Statement& operator=(const Statement&) = delete;
  sqlite3_stmt* get() const { return stmt_; }

 private:
  sqlite3_stmt* stmt_ = nullptr;
};

absl::Status SqlError(sqlite3* db, absl::string_view path, absl::string_view what);

absl::StatusOr<SqliteHandle> OpenReadOnly(const std::string& path);

absl::StatusOr<SqliteHandle> OpenForWriting(const std::string& path, int busy_timeout_ms,
                                            const char* schema_sql);

// Runs `sql` (no result rows); Internal naming `path` and `what` on failure.
absl::Status Exec(sqlite3* db, absl::string_view path, const char* sql, absl::string_view what);

absl::Status CheckTable(sqlite3* db, const char* table,
                        absl::Span<const std::pair<const char*, const char*>> columns,
                        absl::string_view version);

// The text of column `i` of the current row ("" when NULL).
std::string ColumnText(sqlite3_stmt* s, int i);

// Binds `value` as text to parameter `i` (copied).
void BindText(sqlite3_stmt* s, int i, absl::string_view value);

absl::Status CheckPin(const std::string& path, absl::string_view what, absl::string_view expected,
                      absl::string_view known);

}  // namespace internal
}  // namespace repro::retrieval

#endif  // REPRO_STAGES_RETRIEVAL_INTERNAL_SQLITE_FILE_H_
