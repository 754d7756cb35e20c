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

using internal::OpenReadOnly;
using internal::SqlError;
using internal::Statement;

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
  const absl::Status table = internal::CheckTable(db, "vectors", kColumns, "1");
  return table.ok() ? table : NotACache(path, table.message());
}

}  // namespace

absl::StatusOr<std::unique_ptr<VectorCacheWriter>> VectorCacheWriter::Open(
    const std::string& path) {
  ASSIGN_OR_RETURN(SqliteHandle db,
                   internal::OpenForWriting(path, kVectorCacheBusyTimeoutMs, kSchema));
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
  RETURN_IF_ERROR(
      internal::CheckPin(path, "vector cache", expected_file_sha256, known_file_sha256));
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
