#include "stages/retrieval/randomized_svd.h"

#include <cmath>
#include <cstdint>
#include <vector>

#include "gtest/gtest.h"
#include "stages/framework/pipeline/status_testing.h"

namespace repro::retrieval {
namespace {

// A deterministic rows x cols matrix of exact rank `rank` with singular
// values roughly 2^-j, stored dense column-major and as CSR (zeros dropped).
struct TestMatrix {
  int rows, cols;
  std::vector<double> dense;  // column-major
  CsrMatrix csr;
};

TestMatrix LowRank(int rows, int cols, int rank) {
  TestMatrix t{rows, cols, std::vector<double>(static_cast<size_t>(rows) * cols, 0.0), {}};
  uint64_t state = 12345;
  auto next = [&state]() {
    state = state * 6364136223846793005ULL + 1442695040888963407ULL;
    return static_cast<double>((state >> 11) % 2001) / 1000.0 - 1.0;
  };
  for (int r = 0; r < rank; ++r) {
    std::vector<double> x(rows), y(cols);
    for (double& v : x) v = next();
    for (double& v : y) v = next();
    const double w = std::ldexp(1.0, -r);
    for (int c = 0; c < cols; ++c)
      for (int i = 0; i < rows; ++i) t.dense[i + c * rows] += w * x[i] * y[c];
  }
  t.csr.rows = rows;
  t.csr.cols = cols;
  t.csr.row_ptr.push_back(0);
  for (int i = 0; i < rows; ++i) {
    for (int c = 0; c < cols; ++c) {
      const double v = t.dense[i + c * rows];
      if (v != 0) {
        t.csr.col.push_back(c);
        t.csr.val.push_back(v);
      }
    }
    t.csr.row_ptr.push_back(static_cast<int64_t>(t.csr.col.size()));
  }
  return t;
}

TEST(RandomizedSvdTest, MatchesDenseSvdOnLowRankMatrix) {
  TestMatrix t = LowRank(60, 40, 8);
  absl::StatusOr<std::vector<double>> exact = DenseSingularValues(t.dense, 60, 40);
  ASSERT_TRUE(exact.ok()) << exact.status();
  SvdOptions o;
  o.rank = 5;
  absl::StatusOr<TruncatedSvd> svd = RandomizedSvd(t.csr, o);
  ASSERT_TRUE(svd.ok()) << svd.status();
  ASSERT_EQ(svd->k, 5);
  for (int j = 0; j < 5; ++j) {
    EXPECT_NEAR(svd->sigma[j], (*exact)[j], 1e-10 * (*exact)[0]) << j;
  }
  // V has orthonormal columns and ||A v_j|| = sigma_j.
  for (int i = 0; i < 5; ++i) {
    for (int j = 0; j < 5; ++j) {
      double dot = 0;
      for (int c = 0; c < 40; ++c) dot += svd->v[c * 5 + i] * svd->v[c * 5 + j];
      EXPECT_NEAR(dot, i == j ? 1.0 : 0.0, 1e-12);
    }
    double norm2 = 0;
    for (int r = 0; r < 60; ++r) {
      double av = 0;
      for (int c = 0; c < 40; ++c) av += t.dense[r + c * 60] * svd->v[c * 5 + i];
      norm2 += av * av;
    }
    EXPECT_NEAR(std::sqrt(norm2), svd->sigma[i], 1e-10);
  }
}

TEST(RandomizedSvdTest, SignConventionLargestEntryPositive) {
  TestMatrix t = LowRank(30, 20, 6);
  SvdOptions o;
  o.rank = 4;
  absl::StatusOr<TruncatedSvd> svd = RandomizedSvd(t.csr, o);
  ASSERT_TRUE(svd.ok());
  for (int j = 0; j < 4; ++j) {
    double best = 0;
    for (int c = 0; c < 20; ++c) {
      const double x = svd->v[c * 4 + j];
      if (std::fabs(x) > std::fabs(best)) best = x;
    }
    EXPECT_GT(best, 0) << j;
  }
}

TEST(RandomizedSvdTest, BitIdenticalAcrossRuns) {
  TestMatrix t = LowRank(50, 70, 12);
  SvdOptions o;
  o.rank = 10;
  o.seed = {1, 2, 3, 5};
  absl::StatusOr<TruncatedSvd> a = RandomizedSvd(t.csr, o);
  absl::StatusOr<TruncatedSvd> b = RandomizedSvd(t.csr, o);
  ASSERT_TRUE(a.ok() && b.ok());
  EXPECT_EQ(a->sigma, b->sigma);
  EXPECT_EQ(a->v, b->v);
}

TEST(RandomizedSvdTest, RankLargerThanMatrixIsCapped) {
  TestMatrix t = LowRank(6, 9, 3);
  SvdOptions o;
  o.rank = 256;
  absl::StatusOr<TruncatedSvd> svd = RandomizedSvd(t.csr, o);
  ASSERT_TRUE(svd.ok()) << svd.status();
  EXPECT_EQ(svd->k, 6);
  EXPECT_EQ(svd->v.size(), 9u * 6u);
}

TEST(RandomizedSvdTest, EmptyMatrixGivesNothing) {
  CsrMatrix a;
  a.row_ptr = {0};
  SvdOptions o;
  o.rank = 3;
  absl::StatusOr<TruncatedSvd> svd = RandomizedSvd(a, o);
  ASSERT_TRUE(svd.ok());
  EXPECT_EQ(svd->k, 0);
}

TEST(RandomizedSvdTest, RejectsBadInput) {
  CsrMatrix a;
  a.rows = 1;
  a.cols = 2;
  a.row_ptr = {0, 1};
  a.col = {5};
  a.val = {1.0};
  SvdOptions o;
  o.rank = 1;
  EXPECT_TRUE(
      IsError(RandomizedSvd(a, o), absl::StatusCode::kInvalidArgument, "column 5 out of range"));
  a.col = {1};
  o.seed = {0, 0, 0, 2};
  EXPECT_TRUE(
      IsError(RandomizedSvd(a, o), absl::StatusCode::kInvalidArgument, "seed[3] must be odd"));
  o.seed = {0, 0, 0, 1};
  o.rank = 0;
  EXPECT_TRUE(IsError(RandomizedSvd(a, o), absl::StatusCode::kInvalidArgument,
                      "need rank >= 1, oversample >= 0, power_iterations >= 0; found 0, 10, 4"));
}

}  // namespace
}  // namespace repro::retrieval
