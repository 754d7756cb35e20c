// A SQLite cache of the runs of pinned-runs harnesses
// (HarnessConfig.pinned_runs; docs/run_cache.md), keyed by (harness, sha256
// of the cell's corpus.jsonl, sha256 of its queries.jsonl): the runs of a
// system that cannot run in a build, ranked elsewhere from the files
// `bazel run //stages/grid:export_runs` writes.
//
// Schema (one file, SQLite 3):
//   CREATE TABLE runs(
//     harness        TEXT NOT NULL,   -- HarnessConfig.name
//     corpus_sha256  TEXT NOT NULL,   -- sha256 of the corpus.jsonl bytes
//     queries_sha256 TEXT NOT NULL,   -- sha256 of the queries.jsonl bytes
//     run_sha256     TEXT NOT NULL,   -- sha256 of `run`
//     run            BLOB NOT NULL,   -- the run as the researcher wrote it
//     PRIMARY KEY (harness, corpus_sha256, queries_sha256)) WITHOUT ROWID;
//   CREATE TABLE meta(key TEXT PRIMARY KEY, value TEXT NOT NULL);  -- schema=1
//
// Two roles, as the vector cache (vector_cache.h):
//  - RunCacheWriter, used only by the fill command
//    (`bazel run //stages/grid:fill_run_cache`), creates the file and stores
//    runs, all of a call or none (one transaction). A key stored with other
//    bytes is AlreadyExists naming the key; the same bytes are a no-op.
//  - CachedRuns, what Bazel actions use: opens the file read-only and
//    immutable, optionally after checking the whole file's sha256 against
//    its pin (FailedPrecondition "<file>: run cache sha256 mismatch:
//    expected <pin> (pinned), found <sha>"), and checks the schema. Get
//    returns a key's run, or nullopt; a row whose run does not hash to its
//    run_sha256 is DataLoss naming the key.
// A file that is not a run cache (not a database, a truncated one, other
// tables) is InvalidArgument "<file>: not a run cache (<why>); expected the
// SQLite file that `bazel run //stages/grid:fill_run_cache` fills".
#ifndef REPRO_STAGES_RETRIEVAL_RUN_CACHE_H_
#define REPRO_STAGES_RETRIEVAL_RUN_CACHE_H_

#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "stages/retrieval/internal/sqlite_file.h"

namespace repro::retrieval {

struct RunKey {
  std::string harness;
  std::string corpus_sha256;
  std::string queries_sha256;
  bool operator==(const RunKey& o) const {
    return harness == o.harness && corpus_sha256 == o.corpus_sha256 &&
           queries_sha256 == o.queries_sha256;
  }
};

// "harness H, corpus sha256 C, queries sha256 Q", for messages.
std::string DescribeKey(const RunKey& key);

struct StoredRun {
  RunKey key;
  std::string run;
};

// Whether `path` is a run cache (the schema above), read-only.
absl::Status CheckRunCacheFile(const std::string& path);

class RunCacheWriter {
 public:
  // Opens or creates the cache at `path`. Internal naming `path` on an
  // SQLite error; InvalidArgument when the file is another database.
  static absl::StatusOr<std::unique_ptr<RunCacheWriter>> Open(const std::string& path);

  // Stores every run in one transaction (see the header comment).
  absl::Status PutMany(const std::vector<StoredRun>& runs);

 private:
  RunCacheWriter(SqliteHandle db, std::string path) : db_(std::move(db)), path_(std::move(path)) {}
  SqliteHandle db_;
  std::string path_;
};

class CachedRuns {
 public:
  // `expected_file_sha256` empty = no pin check (the export command's
  // --missing); `known_file_sha256` the file's sha256 if the caller has it.
  static absl::StatusOr<std::unique_ptr<CachedRuns>> Open(
      const std::string& path, absl::string_view expected_file_sha256 = "",
      absl::string_view known_file_sha256 = "");

  absl::StatusOr<std::optional<std::string>> Get(const RunKey& key) const;

 private:
  CachedRuns(SqliteHandle db, std::string path) : db_(std::move(db)), path_(std::move(path)) {}
  SqliteHandle db_;
  std::string path_;
};

}  // namespace repro::retrieval

#endif  // REPRO_STAGES_RETRIEVAL_RUN_CACHE_H_
