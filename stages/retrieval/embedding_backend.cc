#include "stages/retrieval/embedding_backend.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "absl/strings/str_cat.h"

namespace repro::retrieval {

bool L2Normalize(absl::Span<float> v) {
  double sum = 0;
  for (float x : v) sum += static_cast<double>(x) * static_cast<double>(x);
  const double norm = std::sqrt(sum);
  if (!(norm > 0) || !std::isfinite(norm)) {
    for (float& x : v) x = 0.0f;
    return false;
  }
  for (float& x : v) x = static_cast<float>(static_cast<double>(x) / norm);
  return true;
}

bool L2NormalizeTo(absl::Span<const double> v, absl::Span<float> out) {
  double sum = 0;
  for (double x : v) sum += x * x;
  const double norm = std::sqrt(sum);
  if (!(norm > 0) || !std::isfinite(norm)) {
    for (float& x : out) x = 0.0f;
    return false;
  }
  for (size_t i = 0; i < v.size(); ++i) out[i] = static_cast<float>(v[i] / norm);
  return true;
}

void NormalizeServerEmbedding(absl::Span<const double> raw, absl::Span<float> out) {
  double largest = 0;
  bool finite = true;
  for (double x : raw) {
    if (std::isfinite(x)) {
      largest = std::max(largest, std::fabs(x));
    } else {
      finite = false;
    }
  }
  if (!finite || largest == 0) {
    // No direction: keep what makes the row invalid for CheckEmbeddingRow.
    for (size_t i = 0; i < raw.size(); ++i) {
      const double x = raw[i];
      out[i] = std::isnan(x)      ? std::numeric_limits<float>::quiet_NaN()
               : std::isfinite(x) ? 0.0f
               : x > 0            ? std::numeric_limits<float>::infinity()
                                  : -std::numeric_limits<float>::infinity();
    }
    return;
  }
  double sum = 0;
  for (double x : raw) sum += x * x;
  if (std::isnormal(sum)) {
    L2NormalizeTo(raw, out);  // the path every ordinary row takes
    return;
  }
  // The squares overflow or underflow: scale by the largest magnitude first.
  double scaled = 0;
  for (double x : raw) scaled += (x / largest) * (x / largest);
  const double norm = std::sqrt(scaled);  // in [1, sqrt(size)]
  for (size_t i = 0; i < raw.size(); ++i) out[i] = static_cast<float>(raw[i] / largest / norm);
}

absl::Status CheckEmbeddingRow(absl::Span<const float> row, size_t dims) {
  if (row.size() != dims) {
    return absl::InvalidArgumentError(absl::StrCat(row.size(), " values, expected ", dims));
  }
  double sum = 0;
  for (size_t i = 0; i < row.size(); ++i) {
    if (!std::isfinite(row[i])) {
      return absl::InvalidArgumentError(
          absl::StrCat("value ", i, " of ", dims, " is ", row[i], ", expected a finite number"));
    }
    sum += static_cast<double>(row[i]) * static_cast<double>(row[i]);
  }
  if (sum == 0) {
    return absl::InvalidArgumentError(
        "every value is 0 (L2 norm 0): a server model's vector is never zero");
  }
  const double norm = std::sqrt(sum);
  if (!(std::fabs(norm - 1) <= kUnitNormTolerance)) {
    return absl::InvalidArgumentError(absl::StrCat("L2 norm ", norm, ", expected 1 within ",
                                                   kUnitNormTolerance, " (unit vectors)"));
  }
  return absl::OkStatus();
}

}  // namespace repro::retrieval
