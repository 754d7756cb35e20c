#include "stages/grid/conditions/distractor_chunks.h"

#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "gtest/gtest.h"
#include "stages/corpus/testing/languages.h"
#include "stages/framework/pipeline/status_testing.h"

namespace repro::grid {
namespace {

TEST(DistractorChunksTest, ChunksEveryDistractorFile) {
  absl::StatusOr<std::vector<DistractorFile>> files = GenerateDistractors(
      "T01", "windows volume drive letter mapping", 3, corpus::testing::RulesOf("go"));
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

// Every language folder's template: 10 distractors for each query parse
// with the folder's grammar without an ERROR node, and each file has at
// least two chunks, every one in a distractor path.
TEST(DistractorChunksTest, EveryLanguageTemplateParses) {
  const std::vector<std::string> queries = {
      "windows volume drive letter mapping",
      "The 404 page is served after a redirect loop; class return import def",
      "Jobs print the registry password in clear text when the log is long."};
  int languages = 0;
  for (const auto& entry : std::filesystem::directory_iterator("stages/corpus/languages")) {
    if (!std::filesystem::exists(entry.path() / "rules.textproto")) continue;
    const std::string language = entry.path().filename().string();
    ++languages;
    const corpus::languages::Rules rules = corpus::testing::RulesOf(language);
    const std::unique_ptr<corpus::FunctionParser> parser =
        corpus::testing::OrDie(corpus::FunctionParser::Create(rules));
    for (size_t q = 0; q < queries.size(); ++q) {
      absl::StatusOr<std::vector<DistractorFile>> files =
          GenerateDistractors(absl::StrCat("T0", q), queries[q], 10, rules);
      ASSERT_TRUE(files.ok()) << language << ": " << files.status();
      for (const DistractorFile& f : *files) {
        absl::StatusOr<corpus::ChunkSet> chunks = DistractorChunks({f}, *parser);
        ASSERT_TRUE(chunks.ok()) << language << ": " << chunks.status() << "\n" << f.source;
        EXPECT_GE(chunks->chunks_size(), 2) << language << "\n" << f.source;
        EXPECT_TRUE(absl::EndsWith(f.path, rules.extensions(0))) << f.path;
      }
    }
  }
  EXPECT_GE(languages, 5);
}

}  // namespace
}  // namespace repro::grid
