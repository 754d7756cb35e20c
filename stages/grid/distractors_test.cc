#include "stages/grid/distractors.h"

#include "absl/strings/match.h"
#include "gtest/gtest.h"

namespace repro::grid {
namespace {

constexpr char kQuery[] =
    "The S3 shared cache seems to treat the 'insecure' option backwards. With insecure left at "
    "false the runner talks to our cache server over plain HTTP.";

TEST(QueryVocabularyTest, LowercasedDedupedNoStopwords) {
  EXPECT_EQ(QueryVocabulary("The S3 cache, the CACHE and an http-server"),
            (std::vector<std::string>{"cache", "http", "server"}));  // "s3" is too short
  EXPECT_TRUE(QueryVocabulary("é à ü").empty());
}

TEST(DistractorsTest, NestedAcrossDoses) {
  auto d1 = *GenerateDistractors("T01", kQuery, 1);
  auto d5 = *GenerateDistractors("T01", kQuery, 5);
  auto d10 = *GenerateDistractors("T01", kQuery, 10);
  ASSERT_EQ(d1.size(), 1u);
  ASSERT_EQ(d5.size(), 5u);
  ASSERT_EQ(d10.size(), 10u);
  for (int i = 0; i < 5; ++i) {
    EXPECT_EQ(d5[i].path, d10[i].path);
    EXPECT_EQ(d5[i].source, d10[i].source);
  }
  EXPECT_EQ(d1[0].source, d10[0].source);
}

TEST(DistractorsTest, DeterministicAndTaskSpecific) {
  EXPECT_EQ((*GenerateDistractors("T01", kQuery, 3))[2].source,
            (*GenerateDistractors("T01", kQuery, 3))[2].source);
  EXPECT_NE((*GenerateDistractors("T01", kQuery, 1))[0].source,
            (*GenerateDistractors("T03", kQuery, 1))[0].source);
}

TEST(DistractorsTest, WordsComeOnlyFromTheQuery) {
  const std::vector<std::string> vocab = QueryVocabulary(kQuery);
  const std::vector<DistractorFile> files = *GenerateDistractors("T01", kQuery, 10);
  for (const DistractorFile& f : files) {
    EXPECT_TRUE(IsDistractorPath(f.path)) << f.path;
    // Every comment word after the fixed header is a vocabulary word.
    size_t pos = f.source.find("// ", f.source.find("package distractors"));
    ASSERT_NE(pos, std::string::npos);
    bool any = false;
    for (const std::string& w : vocab) any = any || absl::StrContains(f.source, " " + w + " ");
    EXPECT_TRUE(any);
  }
}

TEST(DistractorsTest, TooFewWordsIsAnError) {
  absl::StatusOr<std::vector<DistractorFile>> r = GenerateDistractors("T99", "It is on.", 1);
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.status().message().find("task T99: field query"), std::string::npos);
  EXPECT_TRUE(GenerateDistractors("T99", "It is on.", 0).status().code() ==
              absl::StatusCode::kInvalidArgument);
}

TEST(DistractorsTest, ExampleSource) {
  const DistractorFile f = (*GenerateDistractors("T01", kQuery, 1))[0];
  EXPECT_TRUE(absl::StartsWith(f.path, "__harness_distractors__/d00_"));
  EXPECT_NE(f.source.find("package distractors\n"), std::string::npos);
  EXPECT_NE(f.source.find("Record0 struct {"), std::string::npos);
  EXPECT_NE(f.source.find("Matches0(input string, limit int) bool {"), std::string::npos);
}

}  // namespace
}  // namespace repro::grid
