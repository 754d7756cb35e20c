#include "tools/tokens/frozen_tokens.h"

#include "gtest/gtest.h"

namespace repro {
namespace {

TEST(ParseTokensTest, CommentsBlankLinesAndErrors) {
  absl::StatusOr<TokenList> t = ParseTokens("# frozen\n\na\t1\nb\tC2, C4\n", "f.txt");
  ASSERT_TRUE(t.ok());
  EXPECT_EQ(*t, (TokenList{{"a", "1"}, {"b", "C2, C4"}}));
  EXPECT_NE(ParseTokens("a 1\n", "f.txt").status().message().find("f.txt:1:"), std::string::npos);
  EXPECT_NE(ParseTokens("a\t1\na\t2\n", "f.txt").status().message().find("repeats line 1"),
            std::string::npos);
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
                   "not in report: ndcg = '0.576666646'",
                   "new: extra = '1' is not frozen",
               }));
}

}  // namespace
}  // namespace repro
