#include "stages/retrieval/flat_ip_index.h"

#include <cmath>
#include <cstdint>
#include <vector>

#include "gtest/gtest.h"
#include "stages/framework/pipeline/status_testing.h"
#include "stages/retrieval/embedding_backend.h"

namespace repro::retrieval {
namespace {

std::vector<float> RandomUnitRows(int n, int dims, uint64_t seed) {
  std::vector<float> v(static_cast<size_t>(n) * dims);
  uint64_t s = seed;
  for (float& x : v) {
    s = s * 6364136223846793005ULL + 1442695040888963407ULL;
    x = static_cast<float>(static_cast<double>(s >> 40) / static_cast<double>(1 << 24) - 0.5);
  }
  for (int i = 0; i < n; ++i) L2Normalize(absl::MakeSpan(v.data() + i * dims, dims));
  return v;
}

std::vector<uint32_t> Iota(int n, uint32_t start) {
  std::vector<uint32_t> ids(n);
  for (int i = 0; i < n; ++i) ids[i] = start + static_cast<uint32_t>(i);
  return ids;
}

TEST(FlatIpIndexTest, MatchesBruteForceInnerProduct) {
  const int n = 300, dims = 32;
  std::vector<float> base = RandomUnitRows(n, dims, 1);
  absl::StatusOr<FlatIpIndex> index = FlatIpIndex::Build(dims, base, Iota(n, 0));
  ASSERT_TRUE(index.ok()) << index.status();
  std::vector<float> q = RandomUnitRows(1, dims, 2);
  absl::StatusOr<std::vector<ScoredId>> r = index->Search(q);
  ASSERT_TRUE(r.ok());
  ASSERT_EQ(r->size(), static_cast<size_t>(n));
  for (const ScoredId& s : *r) {
    double dot = 0;
    for (int j = 0; j < dims; ++j) dot += static_cast<double>(base[s.id * dims + j]) * q[j];
    EXPECT_NEAR(s.score, dot, 1e-5);
  }
  for (size_t i = 1; i < r->size(); ++i) EXPECT_GE((*r)[i - 1].score, (*r)[i].score);
}

TEST(FlatIpIndexTest, BatchedEqualsSingleQueriesBeyondBlasThreshold) {
  const int n = 500, dims = 64, nq = 25;  // FAISS switches to BLAS at >= 20
  std::vector<float> base = RandomUnitRows(n, dims, 3);
  absl::StatusOr<FlatIpIndex> index = FlatIpIndex::Build(dims, base, Iota(n, 10));
  ASSERT_TRUE(index.ok());
  std::vector<float> queries = RandomUnitRows(nq, dims, 4);
  absl::StatusOr<std::vector<std::vector<ScoredId>>> batch = index->SearchBatch(queries, 50);
  ASSERT_TRUE(batch.ok());
  ASSERT_EQ(batch->size(), static_cast<size_t>(nq));
  for (int q = 0; q < nq; ++q) {
    absl::StatusOr<std::vector<ScoredId>> single =
        index->Search(absl::MakeConstSpan(queries.data() + q * dims, dims), 50);
    ASSERT_TRUE(single.ok());
    ASSERT_EQ(single->size(), (*batch)[q].size());
    for (size_t i = 0; i < single->size(); ++i) {
      EXPECT_EQ((*single)[i].id, (*batch)[q][i].id);
      EXPECT_EQ((*single)[i].score, (*batch)[q][i].score);  // bit-identical
    }
  }
}

TEST(FlatIpIndexTest, TiesBrokenByIdAscendingAtTheCut) {
  // Rows 0..4 are the same vector; limit 3 must keep ids 100, 101, 102.
  const int dims = 4;
  std::vector<float> base;
  for (int i = 0; i < 5; ++i) base.insert(base.end(), {0.5f, 0.5f, 0.5f, 0.5f});
  base.insert(base.end(), {1.0f, 0.0f, 0.0f, 0.0f});
  std::vector<uint32_t> ids = {104, 102, 100, 103, 101, 7};
  absl::StatusOr<FlatIpIndex> index = FlatIpIndex::Build(dims, base, ids);
  ASSERT_TRUE(index.ok());
  std::vector<float> q = {0.5f, 0.5f, 0.5f, 0.5f};
  absl::StatusOr<std::vector<ScoredId>> r = index->Search(q, 3);
  ASSERT_TRUE(r.ok());
  ASSERT_EQ(r->size(), 3u);
  EXPECT_EQ((*r)[0].id, 100u);
  EXPECT_EQ((*r)[1].id, 101u);
  EXPECT_EQ((*r)[2].id, 102u);
}

TEST(FlatIpIndexTest, EmptyIndexAndBadShapes) {
  absl::StatusOr<FlatIpIndex> index = FlatIpIndex::Build(8, {}, {});
  ASSERT_TRUE(index.ok());
  EXPECT_EQ(index->size(), 0);
  std::vector<float> q(8, 0.1f);
  absl::StatusOr<std::vector<ScoredId>> r = index->Search(q);
  ASSERT_TRUE(r.ok());
  EXPECT_TRUE(r->empty());
  EXPECT_TRUE(IsError(index->Search(std::vector<float>(7, 0.1f)),
                      absl::StatusCode::kInvalidArgument, "query has 7 floats, expected 8"));
  EXPECT_TRUE(IsError(FlatIpIndex::Build(8, std::vector<float>(9, 0.0f), {1}),
                      absl::StatusCode::kInvalidArgument, "expected 1 x 8 = 8 floats, found 9"));
  EXPECT_TRUE(IsError(FlatIpIndex::Build(0, {}, {}), absl::StatusCode::kInvalidArgument,
                      "dims must be >= 1, found 0"));
  std::vector<float> bad(8, 0.0f);
  bad[3] = std::nanf("");
  EXPECT_TRUE(IsError(FlatIpIndex::Build(8, bad, {1}), absl::StatusCode::kInvalidArgument,
                      "non-finite value in row 0 (id 1)"));
}

}  // namespace
}  // namespace repro::retrieval
