// A SQLite cache of embedding vectors, keyed by (model id, model sha256,
// text sha256), and the embedding backend that reads it.
//
// Schema (one file, SQLite 3):
//   CREATE TABLE vectors(
//     model_id     TEXT    NOT NULL,
//     model_sha256 TEXT    NOT NULL,
//     text_sha256  TEXT    NOT NULL,   -- sha256 of the exact text embedded
//     dims         INTEGER NOT NULL,
//     vector       BLOB    NOT NULL,   -- dims float32, little-endian, unit L2 norm
//     PRIMARY KEY (model_id, model_sha256, text_sha256)) WITHOUT ROWID;
//   CREATE TABLE meta(key TEXT PRIMARY KEY, value TEXT NOT NULL);  -- schema=1
//
// Two roles:
//  - VectorCacheWriter, used only by the explicit fill command
//    (`bazel run //stages/grid:fill_vector_cache`), creates the file and
//    inserts vectors. Inserting a key that exists with different bytes is an
//    error (a non-deterministic server must not silently change a pinned
//    cache); the same bytes are a no-op. A vector that fails
//    CheckEmbeddingRow (embedding_backend.h: finite, unit norm, so never
//    zero) is not stored: InvalidArgument naming the file and the text.
//  - CachedEmbeddings, what Bazel actions use: opens the file read-only and
//    immutable (SQLite never writes, no journal), optionally after checking
//    the sha256 of the whole file against a pin ("expected vs found"), and
//    serves Embed from it. A text without a vector is an error naming how
//    many texts are missing, the first few text hashes, and the fill command.
// Every row read (Embed, VectorCacheWriter::Get, and the existing row a
// PutMany compares with) must pass CheckEmbeddingRow with the expected dims:
// a NaN, an infinity, a zero row, a row that is not unit norm or of another
// size is DataLoss "<file>: text sha256 <s> (model <id>, <sha>): bad vector:
// <what>; ... Fill a new cache file with `<the fill command>`", never used.
#ifndef REPRO_STAGES_RETRIEVAL_VECTOR_CACHE_H_
#define REPRO_STAGES_RETRIEVAL_VECTOR_CACHE_H_

#include <cstddef>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "absl/types/span.h"
#include "stages/retrieval/embedding_backend.h"
#include "stages/retrieval/internal/sqlite_file.h"

namespace repro::retrieval {

struct CacheKey {
  std::string model_id;
  std::string model_sha256;
  std::string text_sha256;
};

// Whether `path` is a vector cache, without reading its vectors: a SQLite 3
// file (opened read-only and immutable) whose table `vectors` has exactly the
// columns of the schema above, in order, with their types, and whose meta
// row `schema` is "1". OK, or InvalidArgument "<path>: not a vector cache
// (<why>: file is not a database, no table `vectors`, its columns, the
// schema version); expected the SQLite file that `bazel run
// //stages/grid:fill_vector_cache` fills"; Internal when the file cannot be
// opened. CachedEmbeddings::Open makes the same check; the pins stage makes
// it before pinning a file.
absl::Status CheckVectorCacheFile(const std::string& path);

// How long a writer waits for a reader of the same file before it gives up
// with "database is locked" (SQLite's busy timeout): another process that
// reads the cache while a fill runs (the sqlite3 shell, a script counting
// rows) holds a shared lock that a commit must wait for.
inline constexpr int kVectorCacheBusyTimeoutMs = 30000;

class VectorCacheWriter {
 public:
  // Opens or creates the cache at `path` (schema above), with a busy timeout
  // of kVectorCacheBusyTimeoutMs. Internal naming `path` on an SQLite error.
  static absl::StatusOr<std::unique_ptr<VectorCacheWriter>> Open(const std::string& path);

  // The row of `key` (checked for `dims` values), or nullopt.
  absl::StatusOr<std::optional<std::vector<float>>> Get(const CacheKey& key, size_t dims) const;
  // Inserts every (key, vector) in one transaction.
  absl::Status PutMany(const std::vector<std::pair<CacheKey, std::vector<float>>>& entries);

 private:
  explicit VectorCacheWriter(SqliteHandle db, std::string path)
      : db_(std::move(db)), path_(std::move(path)) {}
  SqliteHandle db_;
  std::string path_;
};

class CachedEmbeddings : public EmbeddingBackend {
 public:
  // `expected_file_sha256` empty = no pin check (tests, tools).
  // `known_file_sha256`: the file's sha256 if the caller has already computed
  // it from this file (Stage::InputDigest); empty = the file is hashed here.
  static absl::StatusOr<std::unique_ptr<CachedEmbeddings>> Open(
      const std::string& path, std::string model_id, std::string model_sha256, int dims,
      absl::string_view expected_file_sha256 = "", absl::string_view known_file_sha256 = "");

  const std::string& model_id() const override { return model_id_; }
  const std::string& model_sha256() const override { return model_sha256_; }
  int dims() const override { return dims_; }
  absl::Status Embed(absl::Span<const std::string> texts, std::vector<float>* out) override;

 private:
  CachedEmbeddings(SqliteHandle db, std::string path)
      : db_(std::move(db)), path_(std::move(path)) {}
  SqliteHandle db_;
  std::string path_;
  std::string model_id_;
  std::string model_sha256_;
  int dims_ = 0;
};

}  // namespace repro::retrieval

#endif  // REPRO_STAGES_RETRIEVAL_VECTOR_CACHE_H_
