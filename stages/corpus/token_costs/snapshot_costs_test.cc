#include "stages/corpus/token_costs/snapshot_costs.h"

#include <string>
#include <vector>

#include "gtest/gtest.h"
#include "stages/framework/pipeline/sha256.h"

namespace repro::corpus {
namespace {

// Counts bytes, and records how many texts it was given.
struct ByteCount {
  std::vector<std::string>* ids;
  absl::StatusOr<std::vector<int64_t>> operator()(const std::vector<CostUnit>& units) const {
    std::vector<int64_t> out;
    for (const CostUnit& u : units) {
      ids->push_back(u.id);
      out.push_back(static_cast<int64_t>(u.text.size()));
    }
    return out;
  }
};

int64_t Words(absl::string_view text) { return text.empty() ? 0 : 1; }

void AddFile(Snapshot& s, const std::string& path, const std::string& content) {
  SourceFile* f = s.add_files();
  f->set_path(path);
  f->set_content(content);
  f->set_sha256(Sha256Hex(content));
}

void AddChunk(ChunkSet& set, const std::string& path, const std::string& function,
              const std::string& text) {
  Chunk* c = set.add_chunks();
  c->set_path(path);
  c->set_function(function);
  c->set_start_line(1);
  c->set_end_line(2);
  c->set_text(text);
}

TEST(SnapshotCostsTest, CountsEachDistinctTextOnceAndKeepsTheUnitsOrder) {
  Snapshot s;
  s.set_commit("c1");
  s.set_snapshot_sha256("h");
  AddFile(s, "b.go", "func F() {}\n");
  AddFile(s, "vendor/b.go", "func F() {}\n");  // the same content
  ChunkSet chunks;
  chunks.set_snapshot_sha256("h");
  chunks.set_chunker("tree-sitter-go / v1");
  AddChunk(chunks, "b.go", "F", "func F() {}");
  AddChunk(chunks, "b.go", "", "\n");
  TokenizerPin pin;
  pin.set_name("minilm-wordpiece");
  pin.set_vocabulary_sha256("v");
  std::vector<std::string> ids;
  absl::StatusOr<TokenCosts> costs = SnapshotCosts(s, chunks, pin, ByteCount{&ids}, Words);
  ASSERT_TRUE(costs.ok()) << costs.status();
  EXPECT_EQ(ids.size(), 3u);  // one file text, two chunk texts
  EXPECT_TRUE(std::is_sorted(ids.begin(), ids.end()));
  ASSERT_EQ(costs->files_size(), 2);
  EXPECT_EQ(costs->files(1).path(), "vendor/b.go");
  EXPECT_EQ(costs->files(1).tokens(), 12);
  EXPECT_EQ(costs->files(1).sha256(), costs->files(0).sha256());
  ASSERT_EQ(costs->chunks_size(), 2);
  EXPECT_EQ(costs->chunks(0).function(), "F");
  EXPECT_EQ(costs->chunks(0).tokens(), 11);
  EXPECT_EQ(costs->chunks(0).lexical_tokens(), 1);
  EXPECT_EQ(costs->chunks(1).sha256(), Sha256Hex("\n"));
  EXPECT_EQ(costs->commit(), "c1");
  EXPECT_EQ(costs->chunker(), "tree-sitter-go / v1");
  EXPECT_EQ(costs->tokenizer(), "minilm-wordpiece");
}

TEST(SnapshotCostsTest, ChunksOfAnotherSnapshotStop) {
  Snapshot s;
  s.set_snapshot_sha256("h");
  ChunkSet chunks;
  chunks.set_snapshot_sha256("g");
  std::vector<std::string> ids;
  EXPECT_EQ(SnapshotCosts(s, chunks, {}, ByteCount{&ids}, Words).status().message(),
            "token costs: the chunks are of snapshot g, the snapshot is h");
}

TEST(SnapshotCostsTest, AWrongCountNumberStops) {
  Snapshot s;
  AddFile(s, "a.go", "x");
  auto none = [](const std::vector<CostUnit>&) -> absl::StatusOr<std::vector<int64_t>> {
    return std::vector<int64_t>{};
  };
  EXPECT_EQ(SnapshotCosts(s, {}, {}, none, Words).status().message(),
            "token costs: 0 counts for 1 texts");
}

}  // namespace
}  // namespace repro::corpus
