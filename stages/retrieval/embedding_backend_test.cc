#include "stages/retrieval/embedding_backend.h"

#include <cmath>
#include <cstring>
#include <limits>
#include <vector>

#include "gtest/gtest.h"
#include "stages/framework/pipeline/status_testing.h"

namespace repro::retrieval {
namespace {

std::vector<float> Normalized(const std::vector<double>& raw) {
  std::vector<float> out(raw.size(), -1.0f);
  NormalizeServerEmbedding(raw, absl::MakeSpan(out));
  return out;
}

TEST(NormalizeServerEmbeddingTest, AnOrdinaryRowIsBitForBitL2NormalizeTo) {
  // Pinned caches were filled through L2NormalizeTo: a refill must give the
  // same bytes.
  const std::vector<double> raw = {0.123456789, -2.5, 3.25e-3, 7.0, -0.333333333333};
  std::vector<float> plain(raw.size());
  ASSERT_TRUE(L2NormalizeTo(raw, absl::MakeSpan(plain)));
  const std::vector<float> got = Normalized(raw);
  EXPECT_EQ(std::memcmp(got.data(), plain.data(), plain.size() * sizeof(float)), 0);
  EXPECT_TRUE(CheckEmbeddingRow(got, raw.size()).ok());
}

TEST(NormalizeServerEmbeddingTest, HugeAndTinyComponentsNormaliseInsteadOfCollapsing) {
  // The sum of squares of 1e300 overflows to inf, of 1e-300 underflows to 0:
  // L2NormalizeTo gives a zero row for both.
  for (double scale : {1e300, 1e-300}) {
    std::vector<float> zero(4);
    EXPECT_FALSE(L2NormalizeTo({scale, scale, scale, scale}, absl::MakeSpan(zero)));
  }
  for (double scale : {1e300, 1e-300, 1e-160, 1.7e308}) {
    SCOPED_TRACE(scale);
    const std::vector<float> got = Normalized({scale, -scale, scale, -scale});
    EXPECT_EQ(got, (std::vector<float>{0.5f, -0.5f, 0.5f, -0.5f}));
    EXPECT_TRUE(CheckEmbeddingRow(got, 4).ok());
  }
  // Mixed magnitudes: the small components vanish next to the large one.
  const std::vector<float> mixed = Normalized({1e300, 1.0, -1e-300, 0});
  EXPECT_EQ(mixed, (std::vector<float>{1.0f, 0.0f, -0.0f, 0.0f}));
  EXPECT_TRUE(CheckEmbeddingRow(mixed, 4).ok());
  const std::vector<float> tiny = Normalized({3e-300, 4e-300});
  EXPECT_FLOAT_EQ(tiny[0], 0.6f);
  EXPECT_FLOAT_EQ(tiny[1], 0.8f);
}

TEST(NormalizeServerEmbeddingTest, RowsWithoutADirectionFailTheCheck) {
  const double nan = std::numeric_limits<double>::quiet_NaN();
  const double inf = std::numeric_limits<double>::infinity();
  EXPECT_TRUE(IsError(CheckEmbeddingRow(Normalized({0, 0, 0}), 3),
                      absl::StatusCode::kInvalidArgument, "every value is 0 (L2 norm 0)"));
  EXPECT_TRUE(IsError(CheckEmbeddingRow(Normalized({1, 2, nan}), 3),
                      absl::StatusCode::kInvalidArgument, "value 2 of 3 is nan"));
  EXPECT_TRUE(IsError(CheckEmbeddingRow(Normalized({1e300, -inf, 1}), 3),
                      absl::StatusCode::kInvalidArgument, "value 1 of 3 is -inf"));
}

TEST(CheckEmbeddingRowTest, DimsFiniteAndUnitNorm) {
  const float nan = std::numeric_limits<float>::quiet_NaN();
  EXPECT_TRUE(CheckEmbeddingRow({0.6f, 0.8f}, 2).ok());
  EXPECT_TRUE(CheckEmbeddingRow({1.0f, 0.0f, 0.0f}, 3).ok());
  EXPECT_TRUE(IsError(CheckEmbeddingRow({0.6f, 0.8f}, 3), absl::StatusCode::kInvalidArgument,
                      "2 values, expected 3"));
  EXPECT_TRUE(IsError(CheckEmbeddingRow({}, 3), absl::StatusCode::kInvalidArgument,
                      "0 values, expected 3"));
  EXPECT_TRUE(IsError(CheckEmbeddingRow({0.6f, nan}, 2), absl::StatusCode::kInvalidArgument,
                      "value 1 of 2 is nan, expected a finite number"));
  EXPECT_TRUE(IsError(CheckEmbeddingRow({0.0f, 0.0f}, 2), absl::StatusCode::kInvalidArgument,
                      "every value is 0"));
  EXPECT_TRUE(IsError(CheckEmbeddingRow({1.2f, 1.6f}, 2), absl::StatusCode::kInvalidArgument,
                      "L2 norm 2, expected 1 within 0.0001"));
  EXPECT_TRUE(IsError(CheckEmbeddingRow({1e-30f, 0.0f}, 2), absl::StatusCode::kInvalidArgument,
                      "L2 norm 1e-30, expected 1"));
  // float32 rounding of a normalised row is well inside the tolerance.
  EXPECT_TRUE(CheckEmbeddingRow({0.57735026f, 0.57735026f, 0.57735026f}, 3).ok());
}

}  // namespace
}  // namespace repro::retrieval
