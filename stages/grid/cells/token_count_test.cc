#include "stages/grid/cells/token_count.h"

#include "gtest/gtest.h"

namespace repro::grid {
namespace {

TEST(CountTokensTest, WordsAndPunctuation) {
  EXPECT_EQ(CountTokens(""), 0);
  EXPECT_EQ(CountTokens("func (e *executor) Prepare() error {"), 11);
  // func ( e * executor ) Prepare ( ) error {
  EXPECT_EQ(CountTokens("a_b1 + 42\n\t"), 3);
}

TEST(CountTokensTest, NonAsciiCodePointsCountOnce) {
  EXPECT_EQ(CountTokens("über"), 2);  // "ü" then "ber"
  EXPECT_EQ(CountTokens("日本"), 2);
}

}  // namespace
}  // namespace repro::grid
