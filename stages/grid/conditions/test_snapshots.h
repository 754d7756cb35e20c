// Test-only: snapshots written in a test, and what a corpus transform
// applied file by file (file_transform.h: S003, S004) must keep of them.
//
// TestSnapshot gives commit "c0" with the files (path, content), each with
// its size, sha256 and a blob id (SHA-1 of the path), and the
// snapshot_sha256. ExpectSameShape expects of `after`, the transform of
// `before`, every file's byte length, line count and blob id, the sha256s
// recomputed, and by `languages`' chunker the same chunks by path and line
// range (the grid keeps the base chunks' names, the gold labels, by range),
// with the same function names when `same_names`, and no more suspect
// files than before. ArgumentFiles reads the files the test's arguments
// name that are of one of `languages` (a test's data), sorted by path.
#ifndef REPRO_STAGES_GRID_CONDITIONS_TEST_SNAPSHOTS_H_
#define REPRO_STAGES_GRID_CONDITIONS_TEST_SNAPSHOTS_H_

#include <algorithm>
#include <string>
#include <utility>
#include <vector>

#include "gtest/gtest.h"
#include "stages/corpus/chunker.h"
#include "stages/corpus/corpus.pb.h"
#include "stages/corpus/language_set.h"
#include "stages/corpus/snapshot.h"
#include "stages/framework/pipeline/file_io.h"
#include "stages/framework/pipeline/sha256.h"

namespace repro::grid {

inline corpus::Snapshot TestSnapshot(
    const std::vector<std::pair<std::string, std::string>>& files) {
  corpus::Snapshot s;
  s.set_commit("c0");
  for (const auto& [path, content] : files) {
    corpus::SourceFile* f = s.add_files();
    f->set_path(path);
    f->set_blob_id(Sha1Hex({path}));
    f->set_content(content);
    f->set_bytes(content.size());
    f->set_sha256(Sha256Hex(content));
  }
  s.set_snapshot_sha256(corpus::SnapshotSha256(s));
  return s;
}

inline void ExpectSameShape(const corpus::Snapshot& before, const corpus::Snapshot& after,
                            const corpus::LanguageSet& languages, bool same_names) {
  ASSERT_EQ(before.files_size(), after.files_size());
  for (int i = 0; i < before.files_size(); ++i) {
    const std::string& a = before.files(i).content();
    const std::string& b = after.files(i).content();
    EXPECT_EQ(a.size(), b.size()) << before.files(i).path();
    EXPECT_EQ(corpus::SplitLines(a).size(), corpus::SplitLines(b).size()) << before.files(i).path();
    EXPECT_EQ(after.files(i).sha256(), Sha256Hex(b));
    EXPECT_EQ(after.files(i).blob_id(), before.files(i).blob_id());
  }
  EXPECT_EQ(after.snapshot_sha256(), corpus::SnapshotSha256(after));
  absl::StatusOr<corpus::ChunkSet> ca = corpus::ChunkSnapshot(before, languages);
  absl::StatusOr<corpus::ChunkSet> cb = corpus::ChunkSnapshot(after, languages);
  ASSERT_TRUE(ca.ok() && cb.ok());
  ASSERT_EQ(ca->chunks_size(), cb->chunks_size());
  for (int i = 0; i < ca->chunks_size(); ++i) {
    EXPECT_EQ(ca->chunks(i).path(), cb->chunks(i).path());
    if (same_names) {
      EXPECT_EQ(ca->chunks(i).function(), cb->chunks(i).function());
    }
    EXPECT_EQ(ca->chunks(i).start_line(), cb->chunks(i).start_line()) << ca->chunks(i).path();
    EXPECT_EQ(ca->chunks(i).end_line(), cb->chunks(i).end_line()) << ca->chunks(i).path();
  }
  EXPECT_LE(cb->suspect_files_size(), ca->suspect_files_size());
}

inline std::vector<std::pair<std::string, std::string>> ArgumentFiles(
    const corpus::LanguageSet& languages) {
  std::vector<std::pair<std::string, std::string>> files;
  for (const std::string& path : ::testing::internal::GetArgvs()) {
    if (languages.LanguageOf(path) == nullptr) continue;
    absl::StatusOr<std::string> content = ReadFile(path);
    EXPECT_TRUE(content.ok()) << content.status();
    files.emplace_back(path, content.value_or(""));
  }
  std::sort(files.begin(), files.end());
  return files;
}

}  // namespace repro::grid

#endif  // REPRO_STAGES_GRID_CONDITIONS_TEST_SNAPSHOTS_H_
