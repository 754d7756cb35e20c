#include "stages/framework/stats/randomization.h"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <random>

#include "absl/strings/str_cat.h"

namespace repro::stats {
namespace {

// Sum of the differences with the signs of `mask` (bit i set: unit i negated).
double SignedSum(const std::vector<double>& d, uint64_t mask) {
  double s = 0;
  for (size_t i = 0; i < d.size(); ++i) s += (mask >> i & 1) ? -d[i] : d[i];
  return s;
}

}  // namespace

absl::StatusOr<RandomizationResult> PairedRandomizationTest(const std::vector<double>& differences,
                                                            const RandomizationConfig& config) {
  if (differences.empty()) return absl::InvalidArgumentError("randomization test: no unit");
  if (config.samples < 1) {
    return absl::InvalidArgumentError(
        absl::StrCat("randomization test: samples ", config.samples, " < 1"));
  }
  if (config.max_exact_units < 0 || config.max_exact_units > 30) {
    return absl::InvalidArgumentError(absl::StrCat("randomization test: max_exact_units ",
                                                   config.max_exact_units, " outside 0..30"));
  }
  double l1 = 0;
  for (size_t i = 0; i < differences.size(); ++i) {
    if (!std::isfinite(differences[i])) {
      return absl::InvalidArgumentError(
          absl::StrCat("randomization test: difference ", i, " is ", differences[i]));
    }
    l1 += std::fabs(differences[i]);
  }
  const double observed = std::fabs(SignedSum(differences, 0));
  const double slack = 1e-12 * l1;
  auto at_least = [&](double s) { return std::fabs(s) + slack >= observed; };
  RandomizationResult r;
  r.units = static_cast<int>(differences.size());
  r.mean_difference = SignedSum(differences, 0) / r.units;
  if (r.units <= config.max_exact_units) {
    const uint64_t total = uint64_t{1} << r.units;
    uint64_t count = 0;
    for (uint64_t mask = 0; mask < total; ++mask) count += at_least(SignedSum(differences, mask));
    r.exact = true;
    r.assignments = static_cast<int64_t>(total);
    r.p_value = static_cast<double>(count) / static_cast<double>(total);
    return r;
  }
  std::mt19937_64 rng(config.seed);
  int64_t count = 0;
  for (int64_t k = 0; k < config.samples; ++k) {
    double s = 0;
    uint64_t bits = 0;
    for (int i = 0; i < r.units; ++i) {
      if (i % 64 == 0) bits = rng();
      s += (bits >> (i % 64) & 1) ? -differences[i] : differences[i];
    }
    count += at_least(s);
  }
  r.exact = false;
  r.assignments = config.samples;
  r.p_value = static_cast<double>(count + 1) / static_cast<double>(config.samples + 1);
  return r;
}

std::vector<double> HolmAdjust(const std::vector<double>& p_values) {
  const size_t m = p_values.size();
  std::vector<size_t> order(m);
  std::iota(order.begin(), order.end(), 0);
  std::stable_sort(order.begin(), order.end(),
                   [&](size_t a, size_t b) { return p_values[a] < p_values[b]; });
  std::vector<double> adjusted(m);
  double running = 0;
  for (size_t j = 0; j < m; ++j) {
    running = std::max(running, std::min(1.0, static_cast<double>(m - j) * p_values[order[j]]));
    adjusted[order[j]] = running;
  }
  return adjusted;
}

}  // namespace repro::stats
