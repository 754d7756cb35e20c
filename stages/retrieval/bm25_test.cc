#include "stages/retrieval/bm25.h"

#include <limits>
#include <string>
#include <vector>

#include "gtest/gtest.h"

namespace repro::retrieval {
namespace {

// The hand-computable corpus (already tokenized):
//   d0 = cache server cache          dl = 3
//   d1 = cache client                dl = 2
//   d2 = proxy server client proxy   dl = 4
// N = 3, sum dl = 9, avgdl = 3.
// df: cache 2, server 2, client 2, proxy 1.
// idf(df=2) = ln(1 + (3 - 2 + 0.5) / (2 + 0.5)) = ln(1.6)   = 0.470003629245736
// idf(df=1) = ln(1 + (3 - 1 + 0.5) / (1 + 0.5)) = ln(8/3)   = 0.980829253011726
// norm(dl) = k1 * (1 - b + b * dl / avgdl), k1 = 0.9, b = 0.4:
//   norm(3) = 0.9 * (0.6 + 0.4)         = 0.9
//   norm(2) = 0.9 * (0.6 + 0.4 * 2 / 3) = 0.78
//   norm(4) = 0.9 * (0.6 + 0.4 * 4 / 3) = 1.02
Bm25Index HandIndex() {
  Bm25Index::Builder b;
  b.AddTokens({"cache", "server", "cache"});
  b.AddTokens({"cache", "client"});
  b.AddTokens({"proxy", "server", "client", "proxy"});
  return std::move(b).Build();
}

constexpr double kTol = 1e-14;

TEST(Bm25Test, IdfFormula) {
  EXPECT_NEAR(LuceneIdf(3, 2), 0.470003629245736, kTol);
  EXPECT_NEAR(LuceneIdf(3, 1), 0.980829253011726, kTol);
  // A term in every document still has a positive idf: ln(1 + 0.5/3.5).
  EXPECT_NEAR(LuceneIdf(3, 3), 0.133531392624523, kTol);
}

TEST(Bm25Test, Statistics) {
  Bm25Index index = HandIndex();
  EXPECT_EQ(index.num_documents(), 3);
  EXPECT_DOUBLE_EQ(index.average_length(), 3.0);
  EXPECT_EQ(index.DocumentFrequency("cache"), 2);
  EXPECT_EQ(index.DocumentFrequency("proxy"), 1);
  EXPECT_EQ(index.DocumentFrequency("absent"), 0);
  EXPECT_EQ(index.Idf("absent"), 0.0);
  const Bm25Stats& s = index.stats();
  EXPECT_EQ(s.documents, 3);
  EXPECT_EQ(s.vocabulary, 4);
  EXPECT_EQ(s.postings, 7);  // cache 2 + server 2 + client 2 + proxy 1
  EXPECT_EQ(s.tokens, 9);
  // 8 * 7 postings + 4 * 3 lengths + (5 + 6 + 6 + 5) term bytes + 8 * 4 terms
  EXPECT_EQ(s.bytes, 56 + 12 + 22 + 32);
}

TEST(Bm25Test, SingleTermScores) {
  Bm25Index index = HandIndex();
  // "cache": d0 tf 2: 0.470003629 * 2 / (2 + 0.9)  = 0.324140433962576
  //          d1 tf 1: 0.470003629 * 1 / (1 + 0.78) = 0.264046982722323
  std::vector<ScoredId> r = index.Search({"cache"});
  ASSERT_EQ(r.size(), 2u);
  EXPECT_EQ(r[0].id, 0u);
  EXPECT_NEAR(r[0].score, 0.324140433962576, kTol);
  EXPECT_EQ(r[1].id, 1u);
  EXPECT_NEAR(r[1].score, 0.264046982722323, kTol);
  EXPECT_NEAR(Bm25TermScore(LuceneIdf(3, 2), 2, 3, 3.0, {}), 0.324140433962576, kTol);
}

TEST(Bm25Test, MultiTermScoresSumOverTerms) {
  Bm25Index index = HandIndex();
  // "proxy server":
  //   d2: proxy tf 2: 0.980829253 * 2 / (2 + 1.02) = 0.649555796696507
  //       server tf 1: 0.470003629 * 1 / (1 + 1.02) = 0.232675063983038
  //       sum = 0.882230860679545
  //   d0: server tf 1: 0.470003629 / (1 + 0.9)      = 0.247370331181966
  std::vector<ScoredId> r = index.Search({"proxy", "server"});
  ASSERT_EQ(r.size(), 2u);
  EXPECT_EQ(r[0].id, 2u);
  EXPECT_NEAR(r[0].score, 0.882230860679545, kTol);
  EXPECT_EQ(r[1].id, 0u);
  EXPECT_NEAR(r[1].score, 0.247370331181966, kTol);
}

TEST(Bm25Test, ZeroScoresStillCountEachDocumentOnce) {
  // k1 = inf makes every term score 0 (config validation rejects it; the
  // index must still not list a document twice): "proxy server" touches d2
  // with two terms, d0 with one.
  Bm25Index::Builder b(Bm25Params{std::numeric_limits<double>::infinity(), 0.4});
  b.AddTokens({"cache", "server", "cache"});
  b.AddTokens({"cache", "client"});
  b.AddTokens({"proxy", "server", "client", "proxy"});
  Bm25Index index = std::move(b).Build();
  std::vector<ScoredId> r = index.Search({"proxy", "server"});
  ASSERT_EQ(r.size(), 2u);
  EXPECT_EQ(r[0].id, 0u);  // equal scores: id ascending
  EXPECT_EQ(r[1].id, 2u);
  EXPECT_EQ(r[0].score, 0.0);
}

TEST(Bm25Test, QueryTermFrequencyMultiplies) {
  Bm25Index index = HandIndex();
  // Lucene sums one clause per occurrence: "cache cache" = 2 * "cache".
  std::vector<ScoredId> r = index.Search({"cache", "cache"});
  ASSERT_EQ(r.size(), 2u);
  EXPECT_NEAR(r[0].score, 0.648280867925153, kTol);
}

TEST(Bm25Test, TiesBrokenByIdAscending) {
  Bm25Index::Builder b;
  b.AddTokens({"alpha", "beta"});
  b.AddTokens({"gamma", "delta"});
  b.AddTokens({"alpha", "beta"});
  Bm25Index index = std::move(b).Build();
  std::vector<ScoredId> r = index.Search({"alpha"});
  ASSERT_EQ(r.size(), 2u);
  EXPECT_EQ(r[0].score, r[1].score);
  EXPECT_EQ(r[0].id, 0u);
  EXPECT_EQ(r[1].id, 2u);
}

TEST(Bm25Test, LimitKeepsBestInOrder) {
  Bm25Index index = HandIndex();
  std::vector<ScoredId> r = index.Search({"cache", "server", "client", "proxy"}, 2);
  std::vector<ScoredId> all = index.Search({"cache", "server", "client", "proxy"});
  ASSERT_EQ(r.size(), 2u);
  ASSERT_EQ(all.size(), 3u);
  EXPECT_EQ(r[0].id, all[0].id);
  EXPECT_EQ(r[1].id, all[1].id);
}

TEST(Bm25Test, NoKnownTokenGivesEmptyRanking) {
  Bm25Index index = HandIndex();
  EXPECT_TRUE(index.Search({"unknown"}).empty());
  EXPECT_TRUE(index.Search({}).empty());
  EXPECT_TRUE(index.SearchText("the of and").empty());  // stopwords only
}

TEST(Bm25Test, EmptyIndex) {
  Bm25Index index = Bm25Index::Builder().Build();
  EXPECT_EQ(index.num_documents(), 0);
  EXPECT_EQ(index.stats().bytes, 0);
  EXPECT_TRUE(index.Search({"cache"}).empty());
}

TEST(Bm25Test, EmptyDocumentNeverMatches) {
  Bm25Index::Builder b;
  b.AddText("");
  b.AddText("cache");
  Bm25Index index = std::move(b).Build();
  EXPECT_DOUBLE_EQ(index.average_length(), 0.5);
  std::vector<ScoredId> r = index.SearchText("cache");
  ASSERT_EQ(r.size(), 1u);
  EXPECT_EQ(r[0].id, 1u);
}

TEST(Bm25Test, AddTextUsesTheTokenizer) {
  Bm25Index::Builder b;
  b.AddText("func processUntracked()");
  Bm25Index index = std::move(b).Build();
  EXPECT_EQ(index.DocumentFrequency("processuntracked"), 1);
  EXPECT_EQ(index.DocumentFrequency("untracked"), 1);
  EXPECT_EQ(index.length(0), 4u);  // func processuntracked process untracked
}

}  // namespace
}  // namespace repro::retrieval
