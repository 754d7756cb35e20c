#include "stages/inspect/explain/moves.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <set>
#include <tuple>
#include <utility>

#include "absl/strings/ascii.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"

namespace repro::explain {
namespace {

// The leading number of a token value and its decimals; false when the value
// does not start with one.
bool LeadingNumber(const std::string& value, double* number, int* decimals) {
  size_t end = 0;
  while (end < value.size() && (absl::ascii_isdigit(static_cast<unsigned char>(value[end])) ||
                                value[end] == '.' || (end == 0 && value[end] == '-'))) {
    ++end;
  }
  // A number alone, or followed by its interval: "0.5128 [0.0385, 1.0000]".
  if (end != value.size() && value.compare(end, 2, " [") != 0) return false;
  if (!absl::SimpleAtod(value.substr(0, end), number)) return false;
  const size_t dot = value.substr(0, end).find('.');
  *decimals = dot == std::string::npos ? 0 : static_cast<int>(end - dot - 1);
  return true;
}

std::string Delta(const std::string& before, const std::string& after) {
  double a = 0, b = 0;
  int da = 0, db = 0;
  if (!LeadingNumber(before, &a, &da) || !LeadingNumber(after, &b, &db)) return "";
  return absl::StrFormat("%+.*f", std::max(da, db), b - a);
}

using GroupKey = std::tuple<std::string, std::string, int>;  // harness, label, parameter

GroupKey KeyOf(const Unit& u) { return {u.harness, u.condition, u.dose}; }

GroupMove CompareGroup(const GroupKey& key, const std::string& metric,
                       const std::vector<std::pair<const Unit*, const Unit*>>& pairs,
                       const stats::BootstrapConfig& bootstrap) {
  GroupMove g;
  std::tie(g.harness, g.condition, g.dose) = key;
  g.metric = metric;
  std::vector<stats::Observation> observations;
  std::map<std::string, std::pair<double, int>> by_task;  // sum, count
  for (const auto& [before, after] : pairs) {
    auto o = before->values.find(metric);
    auto n = after->values.find(metric);
    if (o == before->values.end() || n == after->values.end()) continue;
    double ov = 0, nv = 0;
    if (!absl::SimpleAtod(o->second, &ov) || !absl::SimpleAtod(n->second, &nv)) continue;
    const double d = nv - ov;
    if (o->second != n->second) g.moved.push_back({after->cell_id, after->task, ov, nv});
    (d > 0 ? g.up : d < 0 ? g.down : g.unchanged) += 1;
    observations.push_back({after->task, d});
    by_task[after->task].first += d;
    by_task[after->task].second += 1;
  }
  std::sort(g.moved.begin(), g.moved.end(), [](const UnitMove& a, const UnitMove& b) {
    const double da = std::fabs(a.new_value - a.old_value),
                 db = std::fabs(b.new_value - b.old_value);
    return da != db ? da > db : a.cell_id < b.cell_id;
  });
  g.interval = stats::ClusterBootstrapMean(observations, bootstrap);
  std::vector<double> differences;
  for (const auto& [task, sum_count] : by_task)
    differences.push_back(sum_count.first / sum_count.second);
  if (!differences.empty()) {
    absl::StatusOr<stats::RandomizationResult> r = stats::PairedRandomizationTest(differences);
    if (r.ok()) g.test = *r;
  }
  return g;
}

}  // namespace

std::string TokenSection(const std::string& key) {
  const size_t dot = key.rfind('.');
  return dot == std::string::npos ? "" : key.substr(0, dot);
}

TokenDiff DiffTokens(const tokens::TokenList& before, const tokens::TokenList& after) {
  std::map<std::string, std::string> old_values(before.begin(), before.end());
  std::map<std::string, std::string> new_values(after.begin(), after.end());
  TokenDiff diff;
  for (const auto& [key, value] : old_values) {
    auto n = new_values.find(key);
    if (n == new_values.end()) {
      diff.removed.push_back({key, TokenSection(key), value, "", ""});
    } else if (n->second != value) {
      diff.moved.push_back({key, TokenSection(key), value, n->second, Delta(value, n->second)});
    }
  }
  for (const auto& [key, value] : new_values) {
    if (!old_values.count(key)) diff.added.push_back({key, TokenSection(key), "", value, ""});
  }
  return diff;
}

std::vector<GroupMove> DiffUnits(const std::vector<Unit>& before, const std::vector<Unit>& after,
                                 const stats::BootstrapConfig& bootstrap) {
  std::map<std::pair<std::string, std::string>, const Unit*> old_units;
  for (const Unit& u : before) old_units[{u.cell_id, u.condition}] = &u;
  std::map<GroupKey, std::vector<std::pair<const Unit*, const Unit*>>> groups;
  std::set<std::tuple<std::string, std::string, std::string>> seen;  // task, harness, condition
  for (const Unit& u : after) {
    // A baseline or S001 row repeats the task's outcome in every dose
    // coordinate: it counts once.
    if (u.condition != "S002" && !seen.insert({u.task, u.harness, u.condition}).second) continue;
    auto o = old_units.find({u.cell_id, u.condition});
    if (o != old_units.end()) groups[KeyOf(u)].emplace_back(o->second, &u);
  }
  std::vector<GroupMove> moves;
  for (const auto& [key, pairs] : groups) {
    for (const std::string& metric : HeadlineMetrics()) {
      const bool any = std::any_of(pairs.begin(), pairs.end(), [&](const auto& p) {
        auto o = p.first->values.find(metric);
        auto n = p.second->values.find(metric);
        return o != p.first->values.end() && n != p.second->values.end() && o->second != n->second;
      });
      if (any) moves.push_back(CompareGroup(key, metric, pairs, bootstrap));
    }
  }
  return moves;
}

std::vector<std::string> UncomparedMetrics(const RunState& before, const RunState& after) {
  std::vector<std::string> out;
  if (before.units.empty() || after.units.empty()) return out;
  auto records = [](const RunState& run, const std::string& metric) {
    return std::find(run.unit_metrics.begin(), run.unit_metrics.end(), metric) !=
           run.unit_metrics.end();
  };
  for (const std::string& m : HeadlineMetrics()) {
    if (records(before, m) == records(after, m)) continue;
    out.push_back(
        absl::StrCat(m, " (the ", records(before, m) ? "new" : "old", " run does not record it)"));
  }
  return out;
}

}  // namespace repro::explain
