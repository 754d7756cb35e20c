#include "stages/grid/distractor_chunks.h"

#include "absl/strings/match.h"
#include "gtest/gtest.h"
#include "stages/corpus/testing/languages.h"
#include "stages/framework/pipeline/status_testing.h"

namespace repro::grid {
namespace {

TEST(DistractorChunksTest, ChunksEveryDistractorFile) {
  absl::StatusOr<std::vector<DistractorFile>> files =
      GenerateDistractors("T01", "windows volume drive letter mapping", 3);
  ASSERT_TRUE(files.ok()) << files.status();
  absl::StatusOr<corpus::ChunkSet> chunks = DistractorChunks(*files, *corpus::testing::GoParser());
  ASSERT_TRUE(chunks.ok()) << chunks.status();
  ASSERT_GE(chunks->chunks_size(), 3);
  for (const corpus::Chunk& c : chunks->chunks()) {
    EXPECT_TRUE(IsDistractorPath(c.path())) << c.path();
  }
}

TEST(DistractorChunksTest, SourceThatIsNotGoIsAnError) {
  std::vector<DistractorFile> files = {{0, "__harness_distractors__/d00_x.go", "func ("}};
  EXPECT_TRUE(IsError(DistractorChunks(files, *corpus::testing::GoParser()),
                      absl::StatusCode::kInternal,
                      "distractor __harness_distractors__/d00_x.go does not parse with "
                      "tree-sitter-go 0.23.4"));
}

}  // namespace
}  // namespace repro::grid
