#include "stages/studies/judge/bounds.h"

#include <algorithm>
#include <numeric>
#include <set>

#include "absl/strings/str_cat.h"
#include "stages/framework/pipeline/status_macros.h"

namespace repro::judge {
namespace {

// Concave (upper) or convex (lower) hull of points, sorted by x, one vertex
// per distinct x.
std::vector<XY> Hull(std::vector<XY> pts, bool upper) {
  std::sort(pts.begin(), pts.end());
  std::vector<XY> by_x;
  for (const XY& p : pts) {
    if (!by_x.empty() && by_x.back().x == p.x) {
      if (upper)
        by_x.back().y = std::max(by_x.back().y, p.y);
      else
        by_x.back().y = std::min(by_x.back().y, p.y);
    } else {
      by_x.push_back(p);
    }
  }
  std::vector<XY> h;
  for (const XY& p : by_x) {
    while (h.size() >= 2) {
      const XY& a = h[h.size() - 2];
      const XY& b = h.back();
      const double cross = (b.x - a.x) * (p.y - a.y) - (b.y - a.y) * (p.x - a.x);
      // Upper hull keeps clockwise turns; lower keeps counter-clockwise.
      if ((upper && cross >= 0) || (!upper && cross <= 0)) {
        h.pop_back();
      } else {
        break;
      }
    }
    h.push_back(p);
  }
  return h;
}

// Max (upper) or min of sum y over tasks with sum x = target.
absl::StatusOr<double> Extreme(const std::vector<std::vector<XY>>& per_task, double target,
                               bool upper) {
  double x0 = 0, y0 = 0, span = 0;
  struct Seg {
    double dx, dy;
  };
  std::vector<Seg> segs;
  for (const auto& pts : per_task) {
    if (pts.empty()) return absl::InvalidArgumentError("a task has no feasible point");
    std::vector<XY> h = Hull(pts, upper);
    x0 += h.front().x;
    y0 += h.front().y;
    span += h.back().x - h.front().x;
    for (size_t i = 1; i < h.size(); ++i) {
      segs.push_back({h[i].x - h[i - 1].x, h[i].y - h[i - 1].y});
    }
  }
  const double eps = 1e-9 * std::max<size_t>(1, per_task.size());
  double need = target - x0;
  if (need < -eps || need > span + eps) {
    return absl::InvalidArgumentError(absl::StrCat("mean x outside the reachable range [",
                                                   x0 / per_task.size(), ", ",
                                                   (x0 + span) / per_task.size(), "]"));
  }
  need = std::clamp(need, 0.0, span);
  std::sort(segs.begin(), segs.end(), [upper](const Seg& a, const Seg& b) {
    const double sa = a.dy / a.dx, sb = b.dy / b.dx;
    return upper ? sa > sb : sa < sb;
  });
  double y = y0;
  for (const Seg& s : segs) {
    if (need <= 0) break;
    const double take = std::min(need, s.dx);
    y += s.dy * (take / s.dx);
    need -= take;
  }
  return y;
}

}  // namespace

absl::StatusOr<std::vector<StrictBoundsRow>> StrictBounds(int n) {
  if (n < 2 || n > 9) return absl::InvalidArgumentError(absl::StrCat("n must be 2..9, got ", n));
  const int pairs = n * (n - 1) / 2;
  std::vector<StrictBoundsRow> rows(pairs + 1);
  for (int c = 0; c <= pairs; ++c) {
    StrictBoundsRow& r = rows[c];
    r.n = n;
    r.concordant = c;
    r.pairs = pairs;
    r.accuracy = static_cast<double>(c) / pairs;
    r.top1_min = 1;
    r.top1_max = 0;
    r.top_k_min.assign(n - 1, 1);
    r.top_k_max.assign(n - 1, 0);
  }
  std::vector<int> perm(n);
  std::iota(perm.begin(), perm.end(), 0);  // 0 is the true best
  do {
    int c = 0;
    for (int i = 0; i < n; ++i) {
      for (int j = i + 1; j < n; ++j) c += perm[i] < perm[j];
    }
    int best_pos = 0;
    while (perm[best_pos] != 0) ++best_pos;
    StrictBoundsRow& r = rows[c];
    ++r.rankings;
    const int top1 = best_pos == 0;
    r.top1_correct_rankings += top1;
    r.top1_min = std::min(r.top1_min, top1);
    r.top1_max = std::max(r.top1_max, top1);
    for (int k = 1; k < n; ++k) {
      const int in = best_pos < k;
      r.top_k_min[k - 1] = std::min(r.top_k_min[k - 1], in);
      r.top_k_max[k - 1] = std::max(r.top_k_max[k - 1], in);
    }
  } while (std::next_permutation(perm.begin(), perm.end()));
  return rows;
}

absl::StatusOr<FeasibleSet> FeasiblePoints(const std::vector<int>& group_sizes, int k,
                                           long max_arrangements) {
  std::vector<int> labels;
  for (int g = 0; g < static_cast<int>(group_sizes.size()); ++g) {
    if (group_sizes[g] < 1) return absl::InvalidArgumentError("empty ground group");
    labels.insert(labels.end(), group_sizes[g], g);
  }
  if (group_sizes.size() < 2) {
    return absl::InvalidArgumentError("a list with one ground group has no contrast");
  }
  const int n = static_cast<int>(labels.size());
  if (k < 1 || k >= n) return absl::InvalidArgumentError(absl::StrCat("k must be 1..n-1, got ", k));
  // Multinomial count, checked before enumerating.
  double count = 1;
  {
    int placed = 0;
    for (int s : group_sizes) {
      for (int i = 1; i <= s; ++i) count = count * (placed + i) / i;
      placed += s;
    }
  }
  if (count > static_cast<double>(max_arrangements)) {
    return absl::ResourceExhaustedError(
        absl::StrCat(count, " arrangements exceed the limit ", max_arrangements));
  }
  long decisive = 0;
  for (size_t a = 0; a < group_sizes.size(); ++a) {
    for (size_t b = a + 1; b < group_sizes.size(); ++b) {
      decisive += static_cast<long>(group_sizes[a]) * group_sizes[b];
    }
  }
  std::set<XY> top1, topk;
  FeasibleSet out;
  do {
    long conc = 0;
    for (int i = 0; i < n; ++i) {
      for (int j = i + 1; j < n; ++j) conc += labels[i] < labels[j];
    }
    const double acc = static_cast<double>(conc) / decisive;
    top1.insert({acc, labels[0] == 0 ? 1.0 : 0.0});
    bool in = false;
    for (int i = 0; i < k; ++i) in = in || labels[i] == 0;
    topk.insert({acc, in ? 1.0 : 0.0});
    ++out.arrangements;
  } while (std::next_permutation(labels.begin(), labels.end()));
  out.top1.assign(top1.begin(), top1.end());
  out.best_in_top_k.assign(topk.begin(), topk.end());
  return out;
}

absl::StatusOr<Range> MeanBound(const std::vector<std::vector<XY>>& per_task, double mean_x) {
  if (per_task.empty()) return absl::InvalidArgumentError("no task");
  const double target = mean_x * per_task.size();
  ASSIGN_OR_RETURN(const double hi, Extreme(per_task, target, true));
  ASSIGN_OR_RETURN(const double lo, Extreme(per_task, target, false));
  return Range{lo / per_task.size(), hi / per_task.size()};
}

absl::StatusOr<Range> Envelope(const std::vector<XY>& points, double x) {
  return MeanBound({points}, x);
}

}  // namespace repro::judge
