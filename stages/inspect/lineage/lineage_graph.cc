#include "stages/inspect/lineage/lineage_graph.h"

#include <algorithm>
#include <set>
#include <utility>

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "stages/framework/pipeline/compact_lineage.h"
#include "stages/framework/pipeline/status_macros.h"
#include "stages/framework/pipeline/textproto.h"

namespace repro::lineage {

absl::StatusOr<LineageGraph> LineageGraph::FromJson(absl::string_view json,
                                                    absl::string_view file_name) {
  schemas::CompactLineage compact;
  absl::Status as_compact = repro::FromJson(json, file_name, &compact);
  if (as_compact.ok()) {
    ASSIGN_OR_RETURN(schemas::Lineage lineage, ExpandLineage(compact, file_name));
    return FromLineage(std::move(lineage), file_name);
  }
  schemas::Lineage lineage;
  if (repro::FromJson(json, file_name, &lineage).ok()) {
    return FromLineage(std::move(lineage), file_name);
  }
  schemas::Provenance provenance;
  if (!repro::FromJson(json, file_name, &provenance).ok() || provenance.label().empty()) {
    return absl::InvalidArgumentError(absl::StrCat(
        file_name, ": neither a lineage (compact or expanded) nor a Provenance record (",
        as_compact.message(), ")"));
  }
  *lineage.add_stages() = std::move(provenance);
  return FromLineage(std::move(lineage), file_name);
}

absl::StatusOr<LineageGraph> LineageGraph::FromLineage(schemas::Lineage lineage,
                                                       absl::string_view file_name) {
  std::sort(lineage.mutable_stages()->begin(), lineage.mutable_stages()->end(),
            [](const schemas::Provenance& a, const schemas::Provenance& b) {
              return a.label() < b.label();
            });
  LineageGraph graph(std::move(lineage));
  RETURN_IF_ERROR(graph.Index(file_name));
  return graph;
}

absl::Status LineageGraph::Index(absl::string_view file_name) {
  for (int i = 0; i < size(); ++i) {
    const schemas::Provenance& p = stage(i);
    if (p.label().empty()) {
      return absl::InvalidArgumentError(
          absl::StrCat(file_name, ": stage record ", i, " (stage '", p.stage(), "') has no label"));
    }
    for (const schemas::FileDigest& out : p.outputs()) {
      auto [it, inserted] = producer_by_path_.emplace(out.path(), i);
      if (!inserted) {
        return absl::InvalidArgumentError(
            absl::StrCat(file_name, ": ", out.path(), " is written by both ",
                         stage(it->second).label(), " and ", p.label()));
      }
      producers_by_sha256_.emplace(out.sha256(), i);
    }
  }
  for (int i = 0; i < size(); ++i) {
    for (const schemas::FileDigest& in : stage(i).inputs()) {
      const int producer = ProducerOfPath(in.path());
      if (producer < 0) continue;
      for (const schemas::FileDigest& out : stage(producer).outputs()) {
        if (out.path() == in.path() && out.sha256() != in.sha256()) {
          return absl::InvalidArgumentError(
              absl::StrCat(file_name, ": ", stage(i).label(), " read ", in.path(), " with sha256 ",
                           in.sha256(), " but ", stage(producer).label(), " wrote sha256 ",
                           out.sha256(), " (records of different builds)"));
        }
      }
    }
  }
  return absl::OkStatus();
}

int LineageGraph::ProducerOfPath(absl::string_view path) const {
  auto it = producer_by_path_.find(path);
  return it == producer_by_path_.end() ? -1 : it->second;
}

std::vector<int> LineageGraph::ProducersOfSha256(absl::string_view sha256) const {
  std::set<int> found;
  auto [begin, end] = producers_by_sha256_.equal_range(std::string(sha256));
  for (auto it = begin; it != end; ++it) found.insert(it->second);
  return {found.begin(), found.end()};  // indices follow label order
}

std::vector<int> LineageGraph::Upstream(int i) const {
  std::set<int> found;
  for (const schemas::FileDigest& in : stage(i).inputs()) {
    const int producer = ProducerOfPath(in.path());
    if (producer >= 0 && producer != i) found.insert(producer);
  }
  return {found.begin(), found.end()};
}

std::vector<int> LineageGraph::Closure(const std::vector<int>& roots) const {
  // The stages to list: the roots and everything they read from, transitively.
  std::vector<char> in_closure(size(), 0);
  std::vector<int> stack(roots.begin(), roots.end());
  while (!stack.empty()) {
    const int i = stack.back();
    stack.pop_back();
    if (in_closure[i]) continue;
    in_closure[i] = 1;
    for (int up : Upstream(i)) stack.push_back(up);
  }
  // Kahn's algorithm on "is read by" edges: a stage is listed once every
  // stage of the closure that read from it is listed; the smallest index
  // (label order) first among those ready.
  std::vector<int> readers(size(), 0);
  for (int i = 0; i < size(); ++i) {
    if (!in_closure[i]) continue;
    for (int up : Upstream(i)) ++readers[up];
  }
  std::set<int> ready;
  for (int i = 0; i < size(); ++i) {
    if (in_closure[i] && readers[i] == 0) ready.insert(i);
  }
  std::vector<int> order;
  while (!ready.empty()) {
    const int i = *ready.begin();
    ready.erase(ready.begin());
    order.push_back(i);
    for (int up : Upstream(i)) {
      if (--readers[up] == 0) ready.insert(up);
    }
  }
  return order;  // a cycle (impossible in a Bazel build) would leave stages out
}

}  // namespace repro::lineage
