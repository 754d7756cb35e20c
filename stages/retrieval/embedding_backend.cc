#include "stages/retrieval/embedding_backend.h"

#include <cmath>

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

}  // namespace repro::retrieval
