#include "stages/studies/judge/scenarios.h"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <random>

#include "absl/strings/str_cat.h"

namespace repro::judge {
namespace {

std::vector<double> Worths(Family family, double beta, int n) {
  std::vector<double> w(n, 1.0);
  for (int i = 0; i < n; ++i) {
    if (family == Family::kPlackettLuceGeometric) w[i] = std::exp(-beta * i);
  }
  if (family == Family::kPlackettLuceClearWinner) w[0] = std::exp(beta);
  return w;
}

struct Stats {
  double acc = 0, top1 = 0, top1_sq = 0;
  std::vector<double> topk = std::vector<double>(3, 0);
};

// Adds `weight` times the metrics of `ranking` (true ranks in predicted order).
void Accumulate(const std::vector<int>& ranking, double weight, Stats* s) {
  const int n = ranking.size();
  int conc = 0;
  for (int i = 0; i < n; ++i) {
    for (int j = i + 1; j < n; ++j) conc += ranking[i] < ranking[j];
  }
  s->acc += weight * conc / (n * (n - 1) / 2.0);
  const double t1 = ranking[0] == 0 ? 1 : 0;
  s->top1 += weight * t1;
  s->top1_sq += weight * t1 * t1;
  int best_pos = 0;
  while (ranking[best_pos] != 0) ++best_pos;
  for (int k = 1; k <= 3; ++k) s->topk[k - 1] += weight * (best_pos < k ? 1 : 0);
}

double Probability(Family family, double parameter, const std::vector<int>& ranking,
                   const std::vector<double>& w) {
  const int n = ranking.size();
  if (family == Family::kMallows) {
    int inv = 0;
    for (int i = 0; i < n; ++i) {
      for (int j = i + 1; j < n; ++j) inv += ranking[i] > ranking[j];
    }
    double z = 1;  // prod_{i=1..n} (1 + phi + ... + phi^(i-1))
    for (int i = 1; i <= n; ++i) {
      double s = 0, p = 1;
      for (int j = 0; j < i; ++j, p *= parameter) s += p;
      z *= s;
    }
    double num = 1;
    for (int i = 0; i < inv; ++i) num *= parameter;
    return num / z;
  }
  // Remaining worth summed afresh at every stage (no running subtraction,
  // which cancels catastrophically when worths span many orders).
  double p = 1;
  for (int i = 0; i < n; ++i) {
    double rest = 0;
    for (int j = n - 1; j >= i; --j) rest += w[ranking[j]];
    p *= w[ranking[i]] / rest;
  }
  return p;
}

double Uniform(std::mt19937_64& rng) { return (rng() >> 11) * 0x1.0p-53; }

std::vector<int> SampleMallows(double phi, int n, std::mt19937_64& rng) {
  // Repeated insertion: item i (0-based) goes to position j in 0..i with
  // probability proportional to phi^(i - j) (j = i adds no inversion).
  std::vector<int> r;
  for (int i = 0; i < n; ++i) {
    std::vector<double> weight(i + 1);
    double p = 1, total = 0;
    for (int d = 0; d <= i; ++d, p *= phi) {
      weight[i - d] = p;
      total += p;
    }
    double u = Uniform(rng) * total;
    int j = 0;
    while (j < i && u >= weight[j]) u -= weight[j++];
    r.insert(r.begin() + j, i);
  }
  return r;
}

std::vector<int> SamplePlackettLuce(const std::vector<double>& w, std::mt19937_64& rng) {
  std::vector<int> left(w.size());
  std::iota(left.begin(), left.end(), 0);
  std::vector<int> r;
  while (!left.empty()) {
    double total = 0;
    for (int i : left) total += w[i];
    double u = Uniform(rng) * total;
    size_t j = 0;
    while (j + 1 < left.size() && u >= w[left[j]]) u -= w[left[j++]];
    r.push_back(left[j]);
    left.erase(left.begin() + j);
  }
  return r;
}

}  // namespace

std::string FamilyName(Family f) {
  switch (f) {
    case Family::kMallows:
      return "mallows";
    case Family::kPlackettLuceGeometric:
      return "plackett_luce_geometric";
    case Family::kPlackettLuceClearWinner:
      return "plackett_luce_clear_winner";
  }
  return "?";
}

absl::StatusOr<ScenarioPoint> RunScenario(Family family, double parameter, int n,
                                          const MonteCarlo& mc) {
  if (n < 2) return absl::InvalidArgumentError(absl::StrCat("n must be >= 2, got ", n));
  if (family == Family::kMallows && (parameter < 0 || parameter > 1)) {
    return absl::InvalidArgumentError(
        absl::StrCat("Mallows phi must be in [0,1], got ", parameter));
  }
  if (family != Family::kMallows && parameter < 0) {
    return absl::InvalidArgumentError(absl::StrCat("beta must be >= 0, got ", parameter));
  }
  ScenarioPoint pt;
  pt.family = family;
  pt.parameter = parameter;
  pt.n = n;
  const std::vector<double> w = Worths(family, parameter, n);
  Stats s;
  if (n <= 8) {
    std::vector<int> r(n);
    std::iota(r.begin(), r.end(), 0);
    do {
      Accumulate(r, Probability(family, parameter, r, w), &s);
    } while (std::next_permutation(r.begin(), r.end()));
  } else {
    pt.exact = false;
    pt.samples = mc.samples;
    pt.seed = mc.seed;
    std::mt19937_64 rng(mc.seed);
    const double weight = 1.0 / mc.samples;
    for (long i = 0; i < mc.samples; ++i) {
      const std::vector<int> r = family == Family::kMallows ? SampleMallows(parameter, n, rng)
                                                            : SamplePlackettLuce(w, rng);
      Accumulate(r, weight, &s);
    }
    pt.top1_se = std::sqrt(std::max(0.0, s.top1 * (1 - s.top1)) / mc.samples);
  }
  pt.pairwise_accuracy = s.acc;
  pt.top1 = s.top1;
  for (int k = 1; k <= 3 && k < n; ++k) pt.best_in_top_k.push_back(s.topk[k - 1]);
  return pt;
}

}  // namespace repro::judge
