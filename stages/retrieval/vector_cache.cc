#include "stages/retrieval/vector_cache.h"

#include <sqlite3.h>

#include <cstring>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "stages/framework/pipeline/sha256.h"
#include "stages/framework/pipeline/status_macros.h"

static_assert(__BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__,
              "vector blobs are stored as little-endian float32");

namespace repro::retrieval {
namespace {

constexpr char kSchema[] =
    "CREATE TABLE IF NOT EXISTS vectors("
    " model_id TEXT NOT NULL, model_sha256 TEXT NOT NULL, text_sha256 TEXT NOT NULL,"
    " dims INTEGER NOT NULL, vector BLOB NOT NULL,"
    " PRIMARY KEY (model_id, model_sha256, text_sha256)) WITHOUT ROWID;"
    "CREATE TABLE IF NOT EXISTS meta(key TEXT PRIMARY KEY, value TEXT NOT NULL);"
    "INSERT OR IGNORE INTO meta(key, value) VALUES ('schema', '1');";

constexpr char kSelect[] =
    "SELECT dims, vector FROM vectors WHERE model_id = ?1 AND model_sha256 = ?2 AND "
    "text_sha256 = ?3";

absl::Status SqlError(sqlite3* db, absl::string_view path, absl::string_view what) {
  return absl::InternalError(
      absl::StrCat(path, ": SQLite ", what, ": ", db ? sqlite3_errmsg(db) : "out of memory"));
}

// Prepared statement with RAII finalize.
class Statement {
 public:
  Statement(sqlite3* db, const char* sql) { sqlite3_prepare_v2(db, sql, -1, &stmt_, nullptr); }
  ~Statement() { sqlite3_finalize(stmt_); }
  sqlite3_stmt* get() const { return stmt_; }

 private:
  sqlite3_stmt* stmt_ = nullptr;
};

void BindKey(sqlite3_stmt* s, const CacheKey& key) {
  sqlite3_bind_text(s, 1, key.model_id.data(), static_cast<int>(key.model_id.size()),
                    SQLITE_TRANSIENT);
  sqlite3_bind_text(s, 2, key.model_sha256.data(), static_cast<int>(key.model_sha256.size()),
                    SQLITE_TRANSIENT);
  sqlite3_bind_text(s, 3, key.text_sha256.data(), static_cast<int>(key.text_sha256.size()),
                    SQLITE_TRANSIENT);
}

// The command that fills a cache for `key`'s model, for messages.
std::string FillCommand(const CacheKey& key, size_t dims, absl::string_view cache) {
  return absl::StrCat(
      "`bazel run //stages/grid:fill_vector_cache -- --experiment=<experiment> --server=<url> "
      "--model_id=",
      key.model_id, " --model_sha256=", key.model_sha256, " --dims=", dims, " --cache=", cache,
      "` (docs/embedding.md), then refreeze the experiment's pins (`bazel run "
      "//reports:<experiment>_pins_refreeze`)");
}

// Looks one key up with a prepared kSelect statement. A stored row must pass
// CheckEmbeddingRow with `dims` values; one that does not is DataLoss naming
// the file, the text sha256 and the fill command.
absl::StatusOr<std::optional<std::vector<float>>> Lookup(sqlite3* db, sqlite3_stmt* s,
                                                         const std::string& path,
                                                         const CacheKey& key, size_t dims) {
  sqlite3_reset(s);
  sqlite3_clear_bindings(s);
  BindKey(s, key);
  const int rc = sqlite3_step(s);
  if (rc == SQLITE_DONE) return std::optional<std::vector<float>>();
  if (rc != SQLITE_ROW) return SqlError(db, path, "select");
  const int64_t stored_dims = sqlite3_column_int64(s, 0);
  const void* blob = sqlite3_column_blob(s, 1);
  const int bytes = sqlite3_column_bytes(s, 1);
  absl::Status bad;
  std::vector<float> v;
  if (stored_dims < 1 || bytes != stored_dims * 4) {
    bad = absl::InvalidArgumentError(
        absl::StrCat(bytes, " bytes, expected 4 * dims = ", stored_dims * 4));
  } else {
    v.resize(static_cast<size_t>(stored_dims));
    std::memcpy(v.data(), blob, static_cast<size_t>(bytes));
    bad = CheckEmbeddingRow(v, dims);
  }
  if (!bad.ok()) {
    return absl::DataLossError(absl::StrCat(
        path, ": text sha256 ", key.text_sha256, " (model ", key.model_id, ", ", key.model_sha256,
        "): bad vector: ", bad.message(),
        "; a vector cache holds only finite unit vectors of the pinned dims, as the fill command "
        "writes them (docs/embedding.md). Fill a new cache file with ",
        FillCommand(key, dims, "<a new file>")));
  }
  return std::optional<std::vector<float>>(std::move(v));
}

// The columns of `vectors`, in order, with their declared types.
constexpr std::pair<const char*, const char*> kColumns[] = {{"model_id", "TEXT"},
                                                            {"model_sha256", "TEXT"},
                                                            {"text_sha256", "TEXT"},
                                                            {"dims", "INTEGER"},
                                                            {"vector", "BLOB"}};

absl::Status NotACache(absl::string_view path, absl::string_view why) {
  return absl::InvalidArgumentError(absl::StrCat(
      path, ": not a vector cache (", why,
      "); expected the SQLite file that `bazel run //stages/grid:fill_vector_cache` fills "
      "(docs/embedding.md)"));
}

// The schema check of CheckVectorCacheFile, on an open handle.
absl::Status CheckSchema(sqlite3* db, absl::string_view path) {
  Statement columns(db, "SELECT name, type FROM pragma_table_info('vectors') ORDER BY cid");
  if (columns.get() == nullptr)
    return NotACache(path, absl::StrCat("SQLite: ", sqlite3_errmsg(db)));
  std::vector<std::string> found;
  int rc;
  while ((rc = sqlite3_step(columns.get())) == SQLITE_ROW) {
    const unsigned char* name = sqlite3_column_text(columns.get(), 0);
    const unsigned char* type = sqlite3_column_text(columns.get(), 1);
    found.push_back(absl::StrCat(name ? reinterpret_cast<const char*>(name) : "", " ",
                                 type ? reinterpret_cast<const char*>(type) : ""));
  }
  if (rc != SQLITE_DONE) return NotACache(path, absl::StrCat("SQLite: ", sqlite3_errmsg(db)));
  std::vector<std::string> expected;
  for (const auto& [name, type] : kColumns) expected.push_back(absl::StrCat(name, " ", type));
  if (found.empty()) return NotACache(path, "no table `vectors`");
  if (found != expected) {
    return NotACache(path, absl::StrCat("table `vectors` has columns (", absl::StrJoin(found, ", "),
                                        "), expected (", absl::StrJoin(expected, ", "), ")"));
  }
  Statement schema(db, "SELECT value FROM meta WHERE key = 'schema'");
  if (schema.get() == nullptr) return NotACache(path, absl::StrCat("SQLite: ", sqlite3_errmsg(db)));
  std::string version = "none";
  if (sqlite3_step(schema.get()) == SQLITE_ROW) {
    const unsigned char* v = sqlite3_column_text(schema.get(), 0);
    version = absl::StrCat("\"", v ? reinterpret_cast<const char*>(v) : "", "\"");
  }
  if (version != "\"1\"") {
    return NotACache(path, absl::StrCat("meta schema: expected \"1\", found ", version));
  }
  return absl::OkStatus();
}

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

// Opens `path` read-only and immutable (SQLite never writes, no journal).
absl::StatusOr<SqliteHandle> OpenReadOnly(const std::string& path) {
  sqlite3* raw = nullptr;
  const std::string uri = absl::StrCat("file:", UriEscape(path), "?mode=ro&immutable=1");
  const int rc =
      sqlite3_open_v2(uri.c_str(), &raw, SQLITE_OPEN_READONLY | SQLITE_OPEN_URI, nullptr);
  SqliteHandle db(raw);
  if (rc != SQLITE_OK) return SqlError(raw, path, "open read-only");
  return db;
}

}  // namespace

SqliteHandle::~SqliteHandle() {
  if (db_ != nullptr) sqlite3_close(db_);
}

absl::StatusOr<std::unique_ptr<VectorCacheWriter>> VectorCacheWriter::Open(
    const std::string& path) {
  sqlite3* raw = nullptr;
  const int rc =
      sqlite3_open_v2(path.c_str(), &raw, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, nullptr);
  SqliteHandle db(raw);
  if (rc != SQLITE_OK) return SqlError(raw, path, "open");
  if (sqlite3_busy_timeout(db.get(), kVectorCacheBusyTimeoutMs) != SQLITE_OK) {
    return SqlError(db.get(), path, "set busy timeout");
  }
  char* err = nullptr;
  if (sqlite3_exec(db.get(), kSchema, nullptr, nullptr, &err) != SQLITE_OK) {
    std::string msg = err ? err : "";
    sqlite3_free(err);
    return absl::InternalError(absl::StrCat(path, ": SQLite schema: ", msg));
  }
  return std::unique_ptr<VectorCacheWriter>(new VectorCacheWriter(std::move(db), path));
}

absl::StatusOr<std::optional<std::vector<float>>> VectorCacheWriter::Get(const CacheKey& key,
                                                                         size_t dims) const {
  Statement s(db_.get(), kSelect);
  if (s.get() == nullptr) return SqlError(db_.get(), path_, "prepare");
  return Lookup(db_.get(), s.get(), path_, key, dims);
}

absl::Status VectorCacheWriter::PutMany(
    const std::vector<std::pair<CacheKey, std::vector<float>>>& entries) {
  sqlite3* db = db_.get();
  if (sqlite3_exec(db, "BEGIN IMMEDIATE", nullptr, nullptr, nullptr) != SQLITE_OK) {
    return SqlError(db, path_, "begin");
  }
  absl::Status status = [&]() -> absl::Status {
    Statement select(db, kSelect);
    Statement insert(db,
                     "INSERT INTO vectors(model_id, model_sha256, text_sha256, dims, vector) "
                     "VALUES (?1, ?2, ?3, ?4, ?5)");
    if (select.get() == nullptr || insert.get() == nullptr) return SqlError(db, path_, "prepare");
    for (const auto& [key, vec] : entries) {
      if (vec.empty()) {
        return absl::InvalidArgumentError(
            absl::StrCat(path_, ": empty vector for text ", key.text_sha256));
      }
      if (absl::Status bad = CheckEmbeddingRow(vec, vec.size()); !bad.ok()) {
        return absl::InvalidArgumentError(absl::StrCat(path_, ": text sha256 ", key.text_sha256,
                                                       ": not stored: ", bad.message()));
      }
      ASSIGN_OR_RETURN(std::optional<std::vector<float>> old,
                       Lookup(db, select.get(), path_, key, vec.size()));
      if (old.has_value()) {
        if (std::memcmp(old->data(), vec.data(), vec.size() * 4) == 0 &&
            old->size() == vec.size()) {
          continue;
        }
        return absl::AlreadyExistsError(absl::StrCat(
            path_, ": model ", key.model_id, " (", key.model_sha256, ") text ", key.text_sha256,
            ": the cache holds a different vector (the server is not deterministic?); not "
            "overwritten"));
      }
      sqlite3_stmt* s = insert.get();
      sqlite3_reset(s);
      sqlite3_clear_bindings(s);
      BindKey(s, key);
      sqlite3_bind_int64(s, 4, static_cast<int64_t>(vec.size()));
      sqlite3_bind_blob(s, 5, vec.data(), static_cast<int>(vec.size() * 4), SQLITE_TRANSIENT);
      if (sqlite3_step(s) != SQLITE_DONE) return SqlError(db, path_, "insert");
    }
    return absl::OkStatus();
  }();
  if (!status.ok()) {
    sqlite3_exec(db, "ROLLBACK", nullptr, nullptr, nullptr);
    return status;
  }
  if (sqlite3_exec(db, "COMMIT", nullptr, nullptr, nullptr) != SQLITE_OK) {
    return SqlError(db, path_, "commit");
  }
  return absl::OkStatus();
}

absl::Status CheckVectorCacheFile(const std::string& path) {
  ASSIGN_OR_RETURN(SqliteHandle db, OpenReadOnly(path));
  return CheckSchema(db.get(), path);
}

absl::StatusOr<std::unique_ptr<CachedEmbeddings>> CachedEmbeddings::Open(
    const std::string& path, std::string model_id, std::string model_sha256, int dims,
    absl::string_view expected_file_sha256, absl::string_view known_file_sha256) {
  if (!expected_file_sha256.empty()) {
    std::string sha(known_file_sha256);
    if (sha.empty()) {
      ASSIGN_OR_RETURN(sha, Sha256File(path));
    }
    if (sha != expected_file_sha256) {
      return absl::FailedPreconditionError(
          absl::StrCat(path, ": vector cache sha256 mismatch: expected ", expected_file_sha256,
                       " (pinned), found ", sha));
    }
  }
  ASSIGN_OR_RETURN(SqliteHandle db, OpenReadOnly(path));
  // Fails here (not later) when the file is not a vector cache.
  RETURN_IF_ERROR(CheckSchema(db.get(), path));
  std::unique_ptr<CachedEmbeddings> c(new CachedEmbeddings(std::move(db), path));
  c->model_id_ = std::move(model_id);
  c->model_sha256_ = std::move(model_sha256);
  c->dims_ = dims;
  return c;
}

absl::Status CachedEmbeddings::Embed(absl::Span<const std::string> texts, std::vector<float>* out) {
  Statement s(db_.get(), kSelect);
  if (s.get() == nullptr) return SqlError(db_.get(), path_, "prepare");
  std::vector<float> result;
  result.reserve(texts.size() * static_cast<size_t>(dims_));
  std::vector<std::string> missing;
  size_t missing_count = 0;
  for (const std::string& text : texts) {
    CacheKey key{model_id_, model_sha256_, Sha256Hex(text)};
    ASSIGN_OR_RETURN(std::optional<std::vector<float>> v,
                     Lookup(db_.get(), s.get(), path_, key, static_cast<size_t>(dims_)));
    if (!v.has_value()) {
      if (missing.size() < 3) missing.push_back(key.text_sha256);
      ++missing_count;
      continue;
    }
    result.insert(result.end(), v->begin(), v->end());
  }
  if (missing_count > 0) {
    return absl::NotFoundError(
        absl::StrCat(path_, ": ", missing_count, " of ", texts.size(),
                     " texts have no vector for model ", model_id_, " (", model_sha256_,
                     "), e.g. text sha256 ", absl::StrJoin(missing, ", "), "; fill the cache with ",
                     FillCommand({model_id_, model_sha256_, ""}, static_cast<size_t>(dims_),
                                 "<the cache file>")));
  }
  out->insert(out->end(), result.begin(), result.end());
  return absl::OkStatus();
}

}  // namespace repro::retrieval
