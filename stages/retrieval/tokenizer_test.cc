#include "stages/retrieval/tokenizer.h"

#include <algorithm>
#include <string>
#include <vector>

#include "gmock/gmock.h"
#include "gtest/gtest.h"

namespace repro::retrieval {
namespace {

using ::testing::ElementsAre;
using ::testing::IsEmpty;

TEST(TokenizerTest, VersionIsPinned) { EXPECT_EQ(kTokenizerVersion, "code-tokenizer/1"); }

TEST(TokenizerTest, SplitsOnNonAlphanumerics) {
  EXPECT_THAT(Tokenize("shells/cache.go: read()"), ElementsAre("shells", "cache", "go", "read"));
}

TEST(TokenizerTest, CamelCaseKeepsOriginalFirst) {
  EXPECT_THAT(Tokenize("processUntracked"),
              ElementsAre("processuntracked", "process", "untracked"));
  EXPECT_THAT(Tokenize("FileArchiver"), ElementsAre("filearchiver", "file", "archiver"));
}

TEST(TokenizerTest, Acronyms) {
  EXPECT_THAT(Tokenize("HTTPServer"), ElementsAre("httpserver", "http", "server"));
  EXPECT_THAT(Tokenize("getHTTPSProxy"), ElementsAre("gethttpsproxy", "get", "https", "proxy"));
  EXPECT_THAT(Tokenize("userID"), ElementsAre("userid", "user", "id"));
  EXPECT_THAT(Tokenize("ID"), ElementsAre("id"));
  // Plural acronyms stay whole.
  EXPECT_THAT(Tokenize("ParseURLs"), ElementsAre("parseurls", "parse", "urls"));
  EXPECT_THAT(Tokenize("IDsFrom"), ElementsAre("idsfrom", "ids", "from"));
}

TEST(TokenizerTest, SnakeCaseKeepsUnderscoresInOriginal) {
  EXPECT_THAT(Tokenize("file_archiver"), ElementsAre("file_archiver", "file", "archiver"));
  // One part only: no original emitted.
  EXPECT_THAT(Tokenize("_cache_"), ElementsAre("cache"));
}

TEST(TokenizerTest, DigitBoundaries) {
  EXPECT_THAT(Tokenize("x509Cert"), ElementsAre("x509cert", "509", "cert"));
  EXPECT_THAT(Tokenize("utf8"), ElementsAre("utf8", "utf"));  // "8" too short
  EXPECT_THAT(Tokenize("S3"), ElementsAre("s3"));             // parts too short
  EXPECT_THAT(Tokenize("v1beta1"), ElementsAre("v1beta1", "beta"));
  EXPECT_THAT(Tokenize("404"), ElementsAre("404"));
}

TEST(TokenizerTest, StopwordsAndLengthFilters) {
  EXPECT_THAT(Tokenize("The cache is not in the server"), ElementsAre("cache", "server"));
  EXPECT_THAT(Tokenize("a b c"), IsEmpty());
  EXPECT_THAT(Tokenize(std::string(65, 'x')), IsEmpty());
  EXPECT_THAT(Tokenize(std::string(64, 'x')), ElementsAre(std::string(64, 'x')));
  // Go keywords are kept: they are English words in bug reports.
  EXPECT_THAT(Tokenize("case default type"), ElementsAre("case", "default", "type"));
}

TEST(TokenizerTest, NonAsciiBytesSeparate) {
  EXPECT_THAT(Tokenize("caf\xc3\xa9s bl\xc3\xb6"
                       "b"),
              ElementsAre("caf", "bl"));
}

TEST(TokenizerTest, EmptyAndSeparatorsOnly) {
  EXPECT_THAT(Tokenize(""), IsEmpty());
  EXPECT_THAT(Tokenize(" \n\t{}();"), IsEmpty());
}

TEST(TokenizerTest, StopwordListIsSortedAndComplete) {
  auto words = Stopwords();
  EXPECT_EQ(words.size(), 33u);
  EXPECT_TRUE(std::is_sorted(words.begin(), words.end()));
  for (absl::string_view w : words) EXPECT_TRUE(IsStopword(w)) << w;
  EXPECT_FALSE(IsStopword("cache"));
  EXPECT_FALSE(IsStopword("func"));
}

TEST(TokenizerTest, ForEachTokenMatchesTokenize) {
  const std::string text =
      "func (a *fileArchiver) processUntracked() error { return nil } // HTTPServer x509";
  std::vector<std::string> seen;
  ForEachToken(text, [&seen](absl::string_view t) { seen.emplace_back(t); });
  EXPECT_EQ(seen, Tokenize(text));
}

}  // namespace
}  // namespace repro::retrieval
