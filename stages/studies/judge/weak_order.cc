#include "stages/studies/judge/weak_order.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <set>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"

namespace repro::judge {

absl::StatusOr<WeakOrder> FromScores(const std::vector<ScoredId>& scores, ScoreDirection direction,
                                     Unvalued unvalued) {
  std::set<std::string> seen;
  std::vector<std::pair<double, std::string>> valued;
  std::vector<std::string> unvalued_ids;
  for (const ScoredId& s : scores) {
    if (s.id.empty()) return absl::InvalidArgumentError("empty candidate id");
    if (!seen.insert(s.id).second) {
      return absl::InvalidArgumentError(absl::StrCat("duplicate candidate id '", s.id, "'"));
    }
    if (!s.value.has_value()) {
      unvalued_ids.push_back(s.id);
    } else if (std::isnan(*s.value)) {
      return absl::InvalidArgumentError(absl::StrCat("NaN value for candidate '", s.id, "'"));
    } else {
      valued.emplace_back(*s.value, s.id);
    }
  }
  std::sort(valued.begin(), valued.end(), [direction](const auto& a, const auto& b) {
    if (a.first != b.first) {
      return direction == ScoreDirection::kHigherIsBetter ? a.first > b.first : a.first < b.first;
    }
    return a.second < b.second;
  });
  WeakOrder order;
  for (const auto& [value, id] : valued) {
    if (order.empty() || order.back().value != value) {
      order.push_back(Group{{}, value});
    }
    order.back().ids.push_back(id);
  }
  if (unvalued == Unvalued::kBottom && !unvalued_ids.empty()) {
    std::sort(unvalued_ids.begin(), unvalued_ids.end());
    order.push_back(Group{unvalued_ids, 0});
  }
  return order;
}

std::vector<std::string> Flatten(const WeakOrder& order) {
  std::vector<std::string> ids;
  for (const Group& g : order) ids.insert(ids.end(), g.ids.begin(), g.ids.end());
  return ids;
}

int Size(const WeakOrder& order) {
  int n = 0;
  for (const Group& g : order) n += static_cast<int>(g.ids.size());
  return n;
}

WeakOrder Restrict(const WeakOrder& order, const std::vector<std::string>& keep) {
  const std::set<std::string> k(keep.begin(), keep.end());
  WeakOrder out;
  for (const Group& g : order) {
    Group r{{}, g.value};
    for (const std::string& id : g.ids) {
      if (k.count(id)) r.ids.push_back(id);
    }
    if (!r.ids.empty()) out.push_back(std::move(r));
  }
  return out;
}

absl::Status CheckSameIds(const WeakOrder& a, const WeakOrder& b) {
  std::map<std::string, int> count;
  for (const std::string& id : Flatten(a)) {
    if (++count[id] > 1) {
      return absl::InvalidArgumentError(
          absl::StrCat("id '", id, "' appears twice in the first order"));
    }
  }
  std::set<std::string> in_b;
  for (const std::string& id : Flatten(b)) {
    if (!in_b.insert(id).second) {
      return absl::InvalidArgumentError(
          absl::StrCat("id '", id, "' appears twice in the second order"));
    }
    if (!count.count(id)) {
      return absl::InvalidArgumentError(absl::StrCat("id '", id, "' is only in the second order"));
    }
  }
  for (const auto& [id, c] : count) {
    if (!in_b.count(id)) {
      return absl::InvalidArgumentError(absl::StrCat("id '", id, "' is only in the first order"));
    }
  }
  return absl::OkStatus();
}

std::string ToText(const WeakOrder& order) {
  std::vector<std::string> parts;
  for (const Group& g : order) parts.push_back(absl::StrJoin(g.ids, " = "));
  return absl::StrJoin(parts, " > ");
}

}  // namespace repro::judge
