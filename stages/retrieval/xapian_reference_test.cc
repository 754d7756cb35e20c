#include "stages/retrieval/xapian_reference.h"

#include <cstdint>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "gtest/gtest.h"
#include "stages/retrieval/bm25.h"

namespace repro::retrieval {
namespace {

std::vector<std::vector<std::string>> HandDocs() {
  return {
      {"cache", "server", "cache"}, {"cache", "client"}, {"proxy", "server", "client", "proxy"}};
}

Bm25Index Ours(const std::vector<std::vector<std::string>>& docs) {
  Bm25Index::Builder b;
  for (const auto& d : docs) b.AddTokens(d);
  return std::move(b).Build();
}

TEST(XapianReferenceTest, NativeXapianOnTheHandCorpus) {
  XapianBm25Reference x(HandDocs(), {});
  EXPECT_EQ(x.num_documents(), 3);
  EXPECT_DOUBLE_EQ(x.average_length(), 3.0);
  // Xapian, "cache" (df 2 of 3): tw = 1.5 / 2.5 = 0.6 < 2, so tw' = 1.3;
  // xtw = 1.9 * ln 1.3 = 0.498492...; d0: xtw * 2 / (2 + 0.9) = 0.343787656888437,
  // d1: xtw * 1 / (1 + 0.78) = 0.280051742970917.
  std::vector<ScoredId> r = x.SearchNative({"cache"});
  ASSERT_EQ(r.size(), 2u);
  EXPECT_EQ(r[0].id, 0u);
  EXPECT_NEAR(r[0].score, 0.343787656888437, 1e-12);
  EXPECT_NEAR(r[1].score, 0.280051742970917, 1e-12);
  // "proxy server" d2: 1.9 ln(1 + 2.5/1.5 / 2) ... = 1.00946570351456.
  r = x.SearchNative({"proxy", "server"});
  ASSERT_EQ(r.size(), 2u);
  EXPECT_EQ(r[0].id, 2u);
  EXPECT_NEAR(r[0].score, 1.00946570351456, 1e-12);
}

TEST(XapianReferenceTest, LuceneFromXapianEqualsOursOnTheHandCorpus) {
  XapianBm25Reference x(HandDocs(), {});
  Bm25Index ours = Ours(HandDocs());
  for (const std::vector<std::string>& q : std::vector<std::vector<std::string>>{
           {"cache"}, {"proxy", "server"}, {"cache", "cache"}, {"client", "absent"}}) {
    std::vector<ScoredId> a = ours.Search(q);
    std::vector<ScoredId> b = x.SearchLuceneFromXapian(q);
    ASSERT_EQ(a.size(), b.size());
    for (size_t i = 0; i < a.size(); ++i) {
      EXPECT_EQ(a[i].id, b[i].id);
      EXPECT_NEAR(a[i].score, b[i].score, 1e-14);
    }
  }
}

// A synthetic corpus: 400 documents of 0..80 tokens over a skewed vocabulary.
std::vector<std::vector<std::string>> SyntheticDocs(uint64_t seed, int n) {
  std::vector<std::vector<std::string>> docs(n);
  uint64_t s = seed;
  auto next = [&s]() {
    s = s * 6364136223846793005ULL + 1442695040888963407ULL;
    return s >> 33;
  };
  for (auto& d : docs) {
    const int len = static_cast<int>(next() % 81);
    for (int i = 0; i < len; ++i) {
      const uint64_t r = next() % 1000;
      d.push_back(absl::StrCat("t", (r * r) / 3334));  // skewed toward small ids
    }
  }
  return docs;
}

TEST(XapianReferenceTest, ExactAgreementOnASyntheticCorpus) {
  const auto docs = SyntheticDocs(7, 400);
  XapianBm25Reference x(docs, {});
  Bm25Index ours = Ours(docs);
  EXPECT_EQ(x.num_documents(), ours.num_documents());
  EXPECT_DOUBLE_EQ(x.average_length(), ours.average_length());
  const auto queries = SyntheticDocs(11, 60);
  for (const auto& q : queries) {
    if (q.empty()) continue;
    std::vector<std::string> query(q.begin(), q.begin() + std::min<size_t>(q.size(), 6));
    query.push_back(query[0]);  // a repeated query token
    query.push_back("unknown-token");
    std::vector<ScoredId> a = ours.Search(query);
    std::vector<ScoredId> b = x.SearchLuceneFromXapian(query);
    RankingAgreement g = CompareRankings(a, b, 200);
    EXPECT_EQ(g.size_a, g.size_b);
    EXPECT_LE(g.max_rel_diff, 1e-13);
    EXPECT_EQ(g.same_position + g.near_tie_swaps, g.top_k);
    EXPECT_EQ(g.top_k_overlap, g.top_k);
    // Native Xapian matches the same documents (only weights differ).
    EXPECT_EQ(x.SearchNative(query).size(), a.size());
  }
}

TEST(XapianReferenceTest, CompareRankingsCounts) {
  std::vector<ScoredId> a = {{1, 3.0}, {2, 2.0}, {3, 2.0}, {4, 1.0}};
  std::vector<ScoredId> b = {{1, 3.0}, {3, 2.0}, {2, 2.0}, {5, 1.0}};
  RankingAgreement g = CompareRankings(a, b, 4);
  EXPECT_EQ(g.top_k, 4);
  EXPECT_EQ(g.same_position, 1);
  EXPECT_EQ(g.near_tie_swaps, 2);
  EXPECT_EQ(g.top_k_overlap, 3);
  EXPECT_EQ(g.max_abs_diff, 0.0);
}

}  // namespace
}  // namespace repro::retrieval
