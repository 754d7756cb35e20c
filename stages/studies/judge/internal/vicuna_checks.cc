#include "stages/studies/judge/internal/vicuna_checks.h"

#include <map>
#include <string>
#include <utility>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "stages/studies/judge/output_parse.h"
#include "stages/studies/judge/policies.h"
#include "stages/studies/judge/record_util.h"

namespace repro::judge::internal {
namespace {

std::string F3(double v) { return absl::StrFormat("%.3f", v); }
std::string Pct(double v) { return absl::StrFormat("%.1f%%", 100 * v); }

}  // namespace

void AddVicunaLoaderChecks(const VicunaData& data, JudgeDataset* ds) {
  std::map<int, int> j1_score_counts = data.j1_score_counts;
  std::map<std::string, int> cats;
  for (const auto& [q, qu] : data.questions) ++cats[qu.category];
  std::vector<std::string> parts;
  for (const auto& [c, n] : cats) parts.push_back(absl::StrCat(c, " ", n));
  AddLoaderCheck(
      ds, "questions by category",
      "coding 7, common-sense 10, counterfactual 10, fermi 10, generic 10, knowledge 10, "
      "math 3, roleplay 10, writing 10",
      absl::StrJoin(parts, ", "));
  int items = 0, votes = 0, decisive = 0, tie_major = 0, split = 0;
  for (const auto& [k, v] : data.votes) {
    ++items;
    votes += v.a + v.b + v.tie;
    if (2 * v.a > v.a + v.b + v.tie || 2 * v.b > v.a + v.b + v.tie)
      ++decisive;
    else if (v.a == 1 && v.b == 1 && v.tie == 1)
      ++split;
    else
      ++tie_major;
  }
  AddLoaderCheck(ds, "human: items / votes", "2240 / 6720", absl::StrCat(items, " / ", votes));
  AddLoaderCheck(ds, "human majority: decisive / tie majority / three-way split", "1915 / 99 / 226",
                 absl::StrCat(decisive, " / ", tie_major, " / ", split));
  AddLoaderCheck(ds, "GPT-4 pairwise scores 1 / 2 / 3 / -1", "2512 / 1355 / 600 / 13",
                 absl::StrCat(j1_score_counts[1], " / ", j1_score_counts[2], " / ",
                              j1_score_counts[3], " / ", j1_score_counts[-1]));
  AddLoaderCheck(ds, "GPT-4 relative scores unparsed ([-1,-1])", "6",
                 absl::StrCat(data.relative_unparsed));
  // Pooled pair-level checks of SOURCE.md: J1 verdict per unordered pair =
  // the common verdict if both orders agree, else tie (-1 counts as tie).
  int pairs = 0, same = 0, agree3 = 0, both_decisive = 0, agree_decisive = 0;
  for (const auto& [q, calls] : data.calls) {
    std::map<std::pair<std::string, std::string>, std::string> pref;
    for (const RawCall& c : calls) {
      std::string p = Preferred(c.call);
      if (p == "?") p = "";
      pref[{c.call.first, c.call.second}] = p;
    }
    for (const auto& [key, p1] : pref) {
      if (!(key.first < key.second)) continue;
      auto other = pref.find({key.second, key.first});
      if (other == pref.end()) continue;
      ++pairs;
      const std::string& p2 = other->second;
      same += p1 == p2;
      const std::string judge = p1 == p2 ? p1 : "";
      auto v = data.votes.find({q, key.first, key.second});
      if (v == data.votes.end()) continue;
      const double pts = *MajorityOfVotes(v->second.a, v->second.b, v->second.tie);
      const std::string human = pts == 1 ? key.first : pts == 0 ? key.second : "";
      agree3 += judge == human;
      if (!judge.empty() && !human.empty()) {
        ++both_decisive;
        agree_decisive += judge == human;
      }
    }
  }
  AddLoaderCheck(ds, "GPT-4 pairwise: same verdict in both orders", "61.3%",
                 Pct(static_cast<double>(same) / pairs));
  AddLoaderCheck(ds, "GPT-4 pairwise vs human majority: three-class agreement", "0.459",
                 F3(static_cast<double>(agree3) / pairs));
  AddLoaderCheck(
      ds, "GPT-4 pairwise vs human majority: pairs both non-tie; agreement", "1113; 0.775",
      absl::StrCat(both_decisive, "; ", F3(static_cast<double>(agree_decisive) / both_decisive)));
}

}  // namespace repro::judge::internal
