#include "stages/studies/judge/copeland.h"

#include <functional>
#include <map>
#include <set>

#include "absl/strings/str_cat.h"

namespace repro::judge {

absl::StatusOr<double> MajorityOfVotes(int a_wins, int b_wins, int ties) {
  if (a_wins < 0 || b_wins < 0 || ties < 0 || a_wins + b_wins + ties == 0) {
    return absl::InvalidArgumentError(
        absl::StrCat("bad vote counts ", a_wins, "/", b_wins, "/", ties));
  }
  const int v = a_wins + b_wins + ties;
  if (2 * a_wins > v) return 1.0;
  if (2 * b_wins > v) return 0.0;
  return 0.5;
}

absl::StatusOr<WeakOrder> CopelandOrder(const std::vector<std::string>& ids,
                                        const std::vector<Comparison>& comparisons,
                                        Unvalued unvalued) {
  std::map<std::string, double> points;
  std::map<std::string, int> count;
  for (const std::string& id : ids) points[id] = 0;
  for (const Comparison& c : comparisons) {
    if (!points.count(c.a) || !points.count(c.b)) {
      return absl::InvalidArgumentError(
          absl::StrCat("comparison (", c.a, ", ", c.b, ") names an unknown candidate"));
    }
    if (c.a == c.b || c.a_points < 0 || c.a_points > 1) {
      return absl::InvalidArgumentError(
          absl::StrCat("bad comparison (", c.a, ", ", c.b, ") points ", c.a_points));
    }
    points[c.a] += c.a_points;
    points[c.b] += 1 - c.a_points;
    ++count[c.a];
    ++count[c.b];
  }
  std::vector<ScoredId> scored;
  for (const std::string& id : ids) {
    if (count[id] == 0) {
      scored.push_back({id, std::nullopt});
    } else {
      scored.push_back({id, points[id] / count[id]});
    }
  }
  return FromScores(scored, ScoreDirection::kHigherIsBetter, unvalued);
}

bool MajorityCycle(const std::vector<std::string>& ids,
                   const std::vector<Comparison>& comparisons) {
  std::map<std::string, std::set<std::string>> beats;
  for (const Comparison& c : comparisons) {
    if (c.a_points == 1) beats[c.a].insert(c.b);
    if (c.a_points == 0) beats[c.b].insert(c.a);
  }
  std::map<std::string, int> state;  // 0 new, 1 on stack, 2 done
  std::function<bool(const std::string&)> dfs = [&](const std::string& u) {
    state[u] = 1;
    for (const std::string& v : beats[u]) {
      if (state[v] == 1) return true;
      if (state[v] == 0 && dfs(v)) return true;
    }
    state[u] = 2;
    return false;
  };
  for (const std::string& id : ids) {
    if (state[id] == 0 && dfs(id)) return true;
  }
  return false;
}

std::optional<std::string> CondorcetWinner(const std::vector<std::string>& ids,
                                           const std::vector<Comparison>& comparisons) {
  for (const std::string& id : ids) {
    int involved = 0;
    bool all_won = true;
    for (const Comparison& c : comparisons) {
      if (c.a == id) {
        ++involved;
        all_won = all_won && c.a_points == 1;
      } else if (c.b == id) {
        ++involved;
        all_won = all_won && c.a_points == 0;
      }
    }
    if (involved > 0 && all_won) return id;
  }
  return std::nullopt;
}

}  // namespace repro::judge
