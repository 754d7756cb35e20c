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

}  // namespace
}  // namespace repro::retrieval
