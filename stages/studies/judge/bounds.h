// Exact finite-ranking identification bounds: how much does listwise-implied
// pairwise accuracy say about top-1 and best-in-top-k?
//
// StrictBounds(n), 2 <= n <= 9: enumerates all n! complete rankings of n
// candidates against a strict true order (no ties) and, for every number c of
// concordant pairs (accuracy c / C(n,2)), gives the number of rankings, the
// minimum and maximum of the top-1 indicator and of the best-in-top-k
// indicator for k = 1..n-1, and how many of those rankings have top-1
// correct. Closed forms (proved in docs/judge.md, checked against the
// enumeration for n = 3..8 in bounds_test.cc, and the n = 3 and 4 tables
// against a hand enumeration): best-in-top-k can be 1 iff c >= n - k and can
// be 0 iff c <= C(n,2) - k; top-1 is the case k = 1. So at every accuracy in
// [2/n, 1 - 1/C(n,2)] a single list's top-1 may be right or wrong.
//
// FeasiblePoints(ground group sizes, k): the distinct (accuracy, top-1,
// best-in-top-k) triples reachable by strict rankings of a list whose ground
// order has the given tie groups (best first). Candidates inside one ground
// group are interchangeable for these metrics, so it enumerates the distinct
// arrangements of group labels (multinomial count); ResourceExhausted when
// that count exceeds `max_arrangements`. Accuracy counts only pairs in
// different ground groups (as ListwisePairwiseAccuracy does); no-contrast
// lists (one group) are InvalidArgument.
//
// Envelope bounds for a mean over many lists: a judge whose ties are broken at
// random, or that differs across tasks, realises mixtures of rankings, so the
// reachable (mean accuracy, mean top-1) set is the convex hull of the
// per-list sets summed over tasks. MeanBound returns the exact minimum and
// maximum of the task-mean of y given the task-mean of x, over per-task
// mixtures of each task's feasible points (a separable concave program,
// solved exactly by taking hull segments in slope order). For deterministic
// rankings the true range is within 1/T of it (T tasks). The target mean must
// lie within the reachable range (InvalidArgument otherwise).
#ifndef REPRO_STAGES_STUDIES_JUDGE_BOUNDS_H_
#define REPRO_STAGES_STUDIES_JUDGE_BOUNDS_H_

#include <vector>

#include "absl/status/statusor.h"

namespace repro::judge {

struct StrictBoundsRow {
  int n = 0;
  int concordant = 0;
  int pairs = 0;
  double accuracy = 0;
  long rankings = 0;
  int top1_min = 0;
  int top1_max = 0;
  long top1_correct_rankings = 0;
  // Index k-1 for k = 1..n-1.
  std::vector<int> top_k_min;
  std::vector<int> top_k_max;
};

absl::StatusOr<std::vector<StrictBoundsRow>> StrictBounds(int n);

struct XY {
  double x = 0;
  double y = 0;
  bool operator<(const XY& o) const { return x < o.x || (x == o.x && y < o.y); }
  bool operator==(const XY& o) const { return x == o.x && y == o.y; }
};

struct FeasibleSet {
  std::vector<XY> top1;           // (accuracy, top-1 indicator), distinct, sorted
  std::vector<XY> best_in_top_k;  // (accuracy, best-in-top-k indicator)
  long arrangements = 0;
};

absl::StatusOr<FeasibleSet> FeasiblePoints(const std::vector<int>& group_sizes, int k,
                                           long max_arrangements);

struct Range {
  double lo = 0;
  double hi = 0;
};

// Minimum and maximum task-mean of y given the task-mean of x equals
// `mean_x`, each task choosing a mixture of its own points.
absl::StatusOr<Range> MeanBound(const std::vector<std::vector<XY>>& per_task, double mean_x);

// The range of y over mixtures of `points` at x (one task): the envelope.
absl::StatusOr<Range> Envelope(const std::vector<XY>& points, double x);

}  // namespace repro::judge

#endif  // REPRO_STAGES_STUDIES_JUDGE_BOUNDS_H_
