#include "stages/retrieval/internal/sqlite_file.h"

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "stages/framework/pipeline/sha256.h"

namespace repro::retrieval {

SqliteHandle::~SqliteHandle() {
  if (db_ != nullptr) sqlite3_close(db_);
}

namespace internal {
namespace {

std::string UriEscape(absl::string_view path) {
  std::string out;
  for (char c : path) {
    if (c == '%' || c == '?' || c == '#') {
      absl::StrAppend(&out, "%", absl::Hex(static_cast<unsigned char>(c), absl::kZeroPad2));
    } else {
      out.push_back(c);
    }
  }
  return out;
}

}  // namespace

absl::Status SqlError(sqlite3* db, absl::string_view path, absl::string_view what) {
  return absl::InternalError(
      absl::StrCat(path, ": SQLite ", what, ": ", db ? sqlite3_errmsg(db) : "out of memory"));
}

absl::StatusOr<SqliteHandle> OpenReadOnly(const std::string& path) {
  sqlite3* raw = nullptr;
  const std::string uri = absl::StrCat("file:", UriEscape(path), "?mode=ro&immutable=1");
  const int rc =
      sqlite3_open_v2(uri.c_str(), &raw, SQLITE_OPEN_READONLY | SQLITE_OPEN_URI, nullptr);
  SqliteHandle db(raw);
  if (rc != SQLITE_OK) return SqlError(raw, path, "open read-only");
  return db;
}

absl::StatusOr<SqliteHandle> OpenForWriting(const std::string& path, int busy_timeout_ms,
                                            const char* schema_sql) {
  sqlite3* raw = nullptr;
  const int rc =
      sqlite3_open_v2(path.c_str(), &raw, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, nullptr);
  SqliteHandle db(raw);
  if (rc != SQLITE_OK) return SqlError(raw, path, "open");
  if (sqlite3_busy_timeout(db.get(), busy_timeout_ms) != SQLITE_OK) {
    return SqlError(db.get(), path, "set busy timeout");
  }
  char* err = nullptr;
  if (sqlite3_exec(db.get(), schema_sql, nullptr, nullptr, &err) != SQLITE_OK) {
    std::string msg = err ? err : "";
    sqlite3_free(err);
    return absl::InternalError(absl::StrCat(path, ": SQLite schema: ", msg));
  }
  return db;
}

absl::Status Exec(sqlite3* db, absl::string_view path, const char* sql, absl::string_view what) {
  if (sqlite3_exec(db, sql, nullptr, nullptr, nullptr) != SQLITE_OK) {
    return SqlError(db, path, what);
  }
  return absl::OkStatus();
}

std::string ColumnText(sqlite3_stmt* s, int i) {
  const unsigned char* text = sqlite3_column_text(s, i);
  return text ? std::string(reinterpret_cast<const char*>(text),
                            static_cast<size_t>(sqlite3_column_bytes(s, i)))
              : "";
}

void BindText(sqlite3_stmt* s, int i, absl::string_view value) {
  sqlite3_bind_text(s, i, value.data(), static_cast<int>(value.size()), SQLITE_TRANSIENT);
}

absl::Status CheckTable(sqlite3* db, const char* table,
                        absl::Span<const std::pair<const char*, const char*>> columns,
                        absl::string_view version) {
  auto sqlite = [db] {
    return absl::InvalidArgumentError(absl::StrCat("SQLite: ", sqlite3_errmsg(db)));
  };
  const std::string sql =
      absl::StrCat("SELECT name, type FROM pragma_table_info('", table, "') ORDER BY cid");
  Statement info(db, sql.c_str());
  if (info.get() == nullptr) return sqlite();
  std::vector<std::string> found;
  int rc;
  while ((rc = sqlite3_step(info.get())) == SQLITE_ROW) {
    found.push_back(absl::StrCat(ColumnText(info.get(), 0), " ", ColumnText(info.get(), 1)));
  }
  if (rc != SQLITE_DONE) return sqlite();
  std::vector<std::string> expected;
  for (const auto& [name, type] : columns) expected.push_back(absl::StrCat(name, " ", type));
  if (found.empty()) return absl::InvalidArgumentError(absl::StrCat("no table `", table, "`"));
  if (found != expected) {
    return absl::InvalidArgumentError(absl::StrCat("table `", table, "` has columns (",
                                                   absl::StrJoin(found, ", "), "), expected (",
                                                   absl::StrJoin(expected, ", "), ")"));
  }
  Statement schema(db, "SELECT value FROM meta WHERE key = 'schema'");
  if (schema.get() == nullptr) return sqlite();
  std::string stored = "none";
  if (sqlite3_step(schema.get()) == SQLITE_ROW) {
    stored = absl::StrCat("\"", ColumnText(schema.get(), 0), "\"");
  }
  if (stored != absl::StrCat("\"", version, "\"")) {
    return absl::InvalidArgumentError(
        absl::StrCat("meta schema: expected \"", version, "\", found ", stored));
  }
  return absl::OkStatus();
}

absl::Status CheckPin(const std::string& path, absl::string_view what, absl::string_view expected,
                      absl::string_view known) {
  if (expected.empty()) return absl::OkStatus();
  std::string sha(known);
  if (sha.empty()) {
    absl::StatusOr<std::string> hashed = Sha256File(path);
    if (!hashed.ok()) return hashed.status();
    sha = *std::move(hashed);
  }
  if (sha == expected) return absl::OkStatus();
  return absl::FailedPreconditionError(absl::StrCat(path, ": ", what, " sha256 mismatch: expected ",
                                                    expected, " (pinned), found ", sha));
}

}  // namespace internal
}  // namespace repro::retrieval
