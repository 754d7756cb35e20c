#include "stages/studies/judge/pairwise_metrics.h"

#include <map>
#include <set>
#include <utility>

#include "absl/strings/str_cat.h"

namespace repro::judge {

std::string Preferred(const Call& call) {
  switch (call.verdict) {
    case Verdict::kFirstBetter:
      return call.first;
    case Verdict::kSecondBetter:
      return call.second;
    case Verdict::kTie:
      return "";
    case Verdict::kUnparsed:
      return "?";
  }
  return "?";
}

absl::StatusOr<PairwiseCallMetrics> ScorePairwiseCalls(const WeakOrder& ground,
                                                       const std::vector<Call>& calls) {
  std::map<std::string, int> group;
  for (int g = 0; g < static_cast<int>(ground.size()); ++g) {
    for (const std::string& id : ground[g].ids) group[id] = g;
  }
  PairwiseCallMetrics m;
  std::map<std::pair<std::string, std::string>, const Call*> by_order;
  double credit = 0, credit_first = 0, credit_second = 0;
  int n_first = 0, n_second = 0;
  for (const Call& c : calls) {
    if (c.first == c.second) {
      return absl::InvalidArgumentError(absl::StrCat("call compares '", c.first, "' with itself"));
    }
    if (!by_order.emplace(std::make_pair(c.first, c.second), &c).second) {
      return absl::InvalidArgumentError(
          absl::StrCat("two calls for the ordered pair (", c.first, ", ", c.second, ")"));
    }
    ++m.calls;
    if (c.verdict == Verdict::kUnparsed) ++m.unparsed;
    if (c.verdict == Verdict::kTie) ++m.judge_ties;
    auto f = group.find(c.first), s = group.find(c.second);
    if (f == group.end() || s == group.end()) {
      ++m.calls_without_ground;
      continue;
    }
    if (f->second == s->second) {
      ++m.calls_ground_tied;
      continue;
    }
    ++m.calls_ground_decisive;
    const bool first_is_better = f->second < s->second;
    double x = 0;
    if (c.verdict == Verdict::kTie) {
      x = 0.5;
    } else if (c.verdict == Verdict::kFirstBetter) {
      x = first_is_better ? 1 : 0;
    } else if (c.verdict == Verdict::kSecondBetter) {
      x = first_is_better ? 0 : 1;
    }
    credit += x;
    if (first_is_better) {
      credit_first += x;
      ++n_first;
    } else {
      credit_second += x;
      ++n_second;
    }
  }
  if (m.calls_ground_decisive > 0) m.accuracy = credit / m.calls_ground_decisive;
  if (n_first > 0) m.accuracy_better_first = credit_first / n_first;
  if (n_second > 0) m.accuracy_better_second = credit_second / n_second;
  int consistent = 0;
  for (const auto& [key, call] : by_order) {
    if (!(key.first < key.second)) continue;
    auto other = by_order.find({key.second, key.first});
    if (other == by_order.end()) continue;
    ++m.pairs_both_orders;
    const std::string a = Preferred(*call), b = Preferred(*other->second);
    if (a != "?" && b != "?" && a == b) ++consistent;
  }
  if (m.pairs_both_orders > 0) {
    m.position_consistency = static_cast<double>(consistent) / m.pairs_both_orders;
  }
  return m;
}

}  // namespace repro::judge
