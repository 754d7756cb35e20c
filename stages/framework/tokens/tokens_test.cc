#include "stages/framework/tokens/tokens.h"

#include "gtest/gtest.h"
#include "stages/framework/pipeline/status_testing.h"

namespace repro::tokens {
namespace {

TEST(TokenWriterTest, AddReturnsTheValueAndFinishSortsAndDropsExactRepeats) {
  TokenWriter w;
  EXPECT_EQ(w.Add("b", "2"), "2");
  EXPECT_EQ(w.Add("a", "1"), "1");
  w.Add("b", "2");
  EXPECT_EQ(std::move(w).Finish(), (TokenList{{"a", "1"}, {"b", "2"}}));
}

TEST(ValidateTokensTest, AcceptsValuesVerbatimInTheText) {
  EXPECT_TRUE(ValidateTokens({{"a", "0.50"}, {"b", "C2, C4"}}, "x 0.50 y C2, C4", "r.md").ok());
}

TEST(ValidateTokensTest, RejectsWhatTheTokenFileCouldNotHold) {
  EXPECT_TRUE(IsError(ValidateTokens({{"a", "1"}}, "no number", "r.md"),
                      absl::StatusCode::kInvalidArgument,
                      "r.md: token 'a' (value '1'): expected the value verbatim"));
  EXPECT_TRUE(IsError(ValidateTokens({{"a", "1"}, {"a", "2"}}, "1 2", "r.md"),
                      absl::StatusCode::kInvalidArgument, "the key repeats, with value '1'"));
  EXPECT_TRUE(IsError(ValidateTokens({{"a", "1\t2"}}, "1\t2", "r.md"),
                      absl::StatusCode::kInvalidArgument, "the value holds a tab or newline"));
  EXPECT_TRUE(IsError(ValidateTokens({{"a\nb", "1"}}, "1", "r.md"),
                      absl::StatusCode::kInvalidArgument, "the key holds a tab or newline"));
  EXPECT_TRUE(IsError(ValidateTokens({{"", "1"}}, "1", "r.md"), absl::StatusCode::kInvalidArgument,
                      "expected a non-empty key"));
  EXPECT_TRUE(IsError(ValidateTokens({{"#a", "1"}}, "1", "r.md"),
                      absl::StatusCode::kInvalidArgument, "does not start with '#'"));
}

TEST(TokensToTextTest, OneLinePerTokenRoundTrips) {
  const TokenList t = {{"a", "1"}, {"b", "C2, C4"}};
  EXPECT_EQ(TokensToText(t), "a\t1\nb\tC2, C4\n");
  absl::StatusOr<TokenList> parsed = ParseTokens(TokensToText(t), "t.txt");
  ASSERT_TRUE(parsed.ok()) << parsed.status();
  EXPECT_EQ(*parsed, t);
}

TEST(ParseTokensTest, CommentsBlankLinesAndErrors) {
  absl::StatusOr<TokenList> t = ParseTokens("# frozen\n\na\t1\nb\tC2, C4\n", "f.txt");
  ASSERT_TRUE(t.ok());
  EXPECT_EQ(*t, (TokenList{{"a", "1"}, {"b", "C2, C4"}}));
  EXPECT_TRUE(IsError(ParseTokens("a 1\n", "f.txt"), absl::StatusCode::kInvalidArgument,
                      "f.txt:1: expected '<key><TAB><value>'"));
  EXPECT_TRUE(IsError(ParseTokens("\tx\n", "f.txt"), absl::StatusCode::kInvalidArgument,
                      "f.txt:1: expected '<key><TAB><value>'"));
  EXPECT_TRUE(IsError(ParseTokens("a\t1\na\t2\n", "f.txt"), absl::StatusCode::kInvalidArgument,
                      "f.txt:2: key 'a' repeats line 1"));
}

TEST(CompareTokensTest, MatchingReportHasNoDifferences) {
  TokenList t = {{"ndcg", "0.576666646"}, {"cost", "170/180"}};
  EXPECT_TRUE(CompareTokens(t, t, "nDCG 0.576666646, cost 170/180").empty());
}

TEST(CompareTokensTest, MutatedReportListsEveryDifference) {
  TokenList frozen = {{"cost", "170/180"}, {"gone", "x"}, {"ndcg", "0.576666646"}};
  TokenList generated = {{"cost", "170/180"}, {"ndcg", "0.576666647"}, {"extra", "1"}};
  // The report's cost was edited by hand, nDCG drifted in the last digit.
  std::vector<std::string> d = CompareTokens(frozen, generated, "nDCG 0.576666647, cost 171/180");
  EXPECT_EQ(d, (std::vector<std::string>{
                   "not in report: cost = '170/180'",
                   "missing: gone (frozen 'x') is no longer reported",
                   "changed: ndcg: frozen '0.576666646', now '0.576666647'",
                   "new: extra = '1' is not frozen",
               }));
}

TEST(CompareTokensTest, ChangedKeyCountsOnce) {
  // A moved number is one difference, not also "not in report" for its old
  // value: the count equals the keys that moved.
  TokenList frozen = {{"a", "0.10"}, {"b", "0.20"}};
  TokenList generated = {{"a", "0.11"}, {"b", "0.21"}};
  EXPECT_EQ(CompareTokens(frozen, generated, "a 0.11, b 0.21").size(), 2u);
}

}  // namespace
}  // namespace repro::tokens
