#include "stages/retrieval/query_vocabulary.h"

#include <string>
#include <vector>

#include "gtest/gtest.h"

namespace repro::retrieval {
namespace {

TEST(QueryVocabularyTest, LowercasedDedupedNoStopwords) {
  EXPECT_EQ(QueryVocabulary("The S3 cache, the CACHE and an http-server"),
            (std::vector<std::string>{"cache", "http", "server"}));  // "s3" is too short
  EXPECT_TRUE(QueryVocabulary("é à ü").empty());
}

// A long query (an issue's body, code, a traceback) gives every distinct
// word of the whole text, in order of first occurrence: nothing is cut.
TEST(QueryVocabularyTest, ALongQueryGivesTheWordsOfTheWholeText) {
  std::string text = "Cache misses\n```\nfoo_bar(baz)\n```\n";
  text.append(60 * 1024, ' ');
  text += "lastword";
  EXPECT_EQ(QueryVocabulary(text),
            (std::vector<std::string>{"cache", "misses", "foo", "bar", "baz", "lastword"}));
}

}  // namespace
}  // namespace repro::retrieval
