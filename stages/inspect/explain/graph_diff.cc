#include "stages/inspect/explain/graph_diff.h"

#include <algorithm>
#include <map>
#include <set>
#include <tuple>
#include <utility>

#include "absl/strings/str_join.h"

namespace repro::explain {
namespace {

using InputKey = std::pair<std::string, std::string>;  // role, path

std::map<InputKey, std::string> SourceDigests(const StageRecord& s) {
  std::map<InputKey, std::string> m;
  for (const StageInput& i : s.sources) m[{i.role, i.path}] = i.sha256;
  return m;
}

// The new run's graph: upstream and downstream stages of each stage.
struct Graph {
  std::map<std::string, int> index_by_label;
  std::vector<std::vector<int>> upstream;
  std::vector<std::vector<int>> downstream;
};

Graph BuildGraph(const std::vector<StageRecord>& stages) {
  Graph g;
  const int n = static_cast<int>(stages.size());
  g.upstream.resize(n);
  g.downstream.resize(n);
  for (int i = 0; i < n; ++i) g.index_by_label[stages[i].label] = i;
  for (int i = 0; i < n; ++i) {
    for (const std::string& label : stages[i].upstream) {
      auto it = g.index_by_label.find(label);
      if (it == g.index_by_label.end() || it->second == i) continue;
      g.upstream[i].push_back(it->second);
      g.downstream[it->second].push_back(i);
    }
  }
  return g;
}

// Upstream before downstream; among ready stages, label order (stages are
// sorted by label). A cycle (never in a recorded build) keeps its stages in
// label order at the end.
std::vector<int> DependencyOrder(const Graph& g) {
  const int n = static_cast<int>(g.upstream.size());
  std::vector<int> pending(n);
  std::set<int> ready;
  for (int i = 0; i < n; ++i) {
    pending[i] = static_cast<int>(g.upstream[i].size());
    if (pending[i] == 0) ready.insert(i);
  }
  std::vector<int> order;
  std::vector<bool> done(n, false);
  while (!ready.empty()) {
    const int i = *ready.begin();
    ready.erase(ready.begin());
    order.push_back(i);
    done[i] = true;
    for (int d : g.downstream[i]) {
      if (--pending[d] == 0) ready.insert(d);
    }
  }
  for (int i = 0; i < n; ++i) {
    if (!done[i]) order.push_back(i);
  }
  return order;
}

class CauseSet {
 public:
  void Add(CauseKind kind, std::string subject, std::string old_value, std::string new_value,
           const std::string& at_stage) {
    auto key = std::make_tuple(static_cast<int>(kind), subject, old_value, new_value);
    auto [it, inserted] = index_.emplace(key, causes_.size());
    if (inserted)
      causes_.push_back(
          {kind, std::move(subject), std::move(old_value), std::move(new_value), {}, {}});
    causes_[it->second].at_stages.push_back(at_stage);
  }
  std::vector<RootCause> Take() && { return std::move(causes_); }

 private:
  std::map<std::tuple<int, std::string, std::string, std::string>, size_t> index_;
  std::vector<RootCause> causes_;
};

// Adds the causes of one changed stage; `carried` tells whether an input
// produced by a changed stage differs.
void CausesOfStage(const StageRecord* before, const StageRecord& after, bool carried,
                   CauseSet* causes) {
  if (before == nullptr) {
    if (!carried) causes->Add(CauseKind::kStageAdded, after.label, "", "", after.label);
    return;
  }
  std::vector<std::tuple<std::string, std::string, std::string>> sources;  // path, old, new
  std::map<InputKey, std::string> old_inputs = SourceDigests(*before);
  std::map<InputKey, std::string> new_inputs = SourceDigests(after);
  std::set<InputKey> keys;
  for (const auto& [k, v] : old_inputs) keys.insert(k);
  for (const auto& [k, v] : new_inputs) keys.insert(k);
  for (const InputKey& k : keys) {
    auto o = old_inputs.find(k);
    auto n = new_inputs.find(k);
    const std::string ov = o == old_inputs.end() ? "" : o->second;
    const std::string nv = n == new_inputs.end() ? "" : n->second;
    if (ov == nv) continue;
    sources.emplace_back(k.second, ov, nv);
  }
  const bool version = before->version != after.version;
  const bool args = before->args != after.args;
  const bool tool = before->tool_sha256 != after.tool_sha256;
  for (auto& [path, ov, nv] : sources)
    causes->Add(CauseKind::kSourceFile, path, ov, nv, after.label);
  if (version)
    causes->Add(CauseKind::kStageVersion, after.stage, before->version, after.version, after.label);
  if (args) {
    causes->Add(CauseKind::kArguments, after.label, absl::StrJoin(before->args, " "),
                absl::StrJoin(after.args, " "), after.label);
  }
  const bool explained = !sources.empty() || version || args || carried;
  if (tool && (!explained || version)) {
    causes->Add(CauseKind::kToolBinary, after.tool_path, before->tool_sha256, after.tool_sha256,
                after.label);
  } else if (!tool && !explained) {
    causes->Add(CauseKind::kNotReproducible, after.label, before->outputs_digest,
                after.outputs_digest, after.label);
  }
}

}  // namespace

const char* CauseKindName(CauseKind kind) {
  switch (kind) {
    case CauseKind::kSourceFile:
      return "source file";
    case CauseKind::kStageVersion:
      return "stage version";
    case CauseKind::kArguments:
      return "stage arguments";
    case CauseKind::kToolBinary:
      return "tool binary";
    case CauseKind::kNotReproducible:
      return "not reproducible";
    case CauseKind::kStageAdded:
      return "stage added";
  }
  return "?";
}

GraphDiff DiffGraphs(const RunState& before, const RunState& after) {
  std::map<std::string, const StageRecord*> old_by_label;
  for (const StageRecord& s : before.stages) old_by_label[s.label] = &s;
  const Graph g = BuildGraph(after.stages);
  const int n = static_cast<int>(after.stages.size());
  std::vector<bool> changed(n, false);
  CauseSet causes;
  for (int i : DependencyOrder(g)) {
    const StageRecord& s = after.stages[i];
    auto old = old_by_label.find(s.label);
    const StageRecord* prev = old == old_by_label.end() ? nullptr : old->second;
    changed[i] = prev == nullptr || prev->outputs_digest != s.outputs_digest;
    if (!changed[i]) continue;
    bool carried = prev == nullptr || prev->produced_digest != s.produced_digest;
    if (prev == nullptr) {
      carried = false;
      for (int u : g.upstream[i]) carried = carried || changed[u];
    }
    CausesOfStage(prev, s, carried, &causes);
  }
  GraphDiff diff;
  diff.causes = std::move(causes).Take();
  for (RootCause& c : diff.causes) {
    std::sort(c.at_stages.begin(), c.at_stages.end());
    std::set<int> seen;
    std::vector<int> stack;
    for (const std::string& l : c.at_stages) stack.push_back(g.index_by_label.at(l));
    while (!stack.empty()) {
      const int i = stack.back();
      stack.pop_back();
      if (!changed[i] || !seen.insert(i).second) continue;
      for (int d : g.downstream[i]) stack.push_back(d);
    }
    for (int i : seen) c.invalidated.push_back(after.stages[i].label);
    std::sort(c.invalidated.begin(), c.invalidated.end());
  }
  std::sort(diff.causes.begin(), diff.causes.end(), [](const RootCause& a, const RootCause& b) {
    return std::tie(a.kind, a.subject, a.old_value) < std::tie(b.kind, b.subject, b.old_value);
  });
  for (int i = 0; i < n; ++i) {
    if (changed[i]) diff.changed_stages.push_back(after.stages[i].label);
  }
  for (const StageRecord& s : before.stages) {
    if (!g.index_by_label.count(s.label)) diff.removed_stages.push_back(s.label);
  }
  return diff;
}

}  // namespace repro::explain
