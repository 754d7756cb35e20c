#include "stages/framework/packing/near_duplicates.h"

#include <algorithm>
#include <iterator>
#include <map>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"
#include "stages/framework/packing/internal/mismatch.h"
#include "stages/framework/pipeline/status_macros.h"

namespace repro::packing {
namespace {

using internal::Mismatch;
using internal::UnitAt;

constexpr char kWhitespace[] = " \t\n\r\v\f";

std::string RelationAt(const std::string& where, size_t index, const Relation& r) {
  return absl::StrCat(where, ", relation ", index + 1, " (", r.earlier, ", ", r.later, ")");
}

absl::Status ValidateOptions(const NearDuplicateOptions& o, const std::string& where) {
  if (o.shingle_size < 1)
    return Mismatch(where, "shingle_size", ">= 1", absl::StrCat(o.shingle_size));
  if (o.threshold_denominator <= 0 || o.threshold_numerator < 0 ||
      o.threshold_numerator >= o.threshold_denominator) {
    return Mismatch(where, "threshold", "n / d in [0, 1), d > 0",
                    absl::StrCat(o.threshold_numerator, " / ", o.threshold_denominator));
  }
  return absl::OkStatus();
}

absl::Status ValidateIds(const std::vector<UnitText>& units, const std::string& where) {
  std::set<std::string> ids;
  for (size_t i = 0; i < units.size(); ++i) {
    const std::string w = UnitAt(where, static_cast<int>(i), units[i].id);
    if (units[i].id.empty()) return Mismatch(w, "id", "a non-empty id", "empty");
    if (!ids.insert(units[i].id).second) return Mismatch(w, "id", "a unique id", "a repeat");
  }
  return absl::OkStatus();
}

int64_t SharedCount(const std::set<std::string>& a, const std::set<std::string>& b) {
  std::vector<std::string> shared;
  std::set_intersection(a.begin(), a.end(), b.begin(), b.end(), std::back_inserter(shared));
  return static_cast<int64_t>(shared.size());
}

// The relation's endpoints must be two different members of `known`.
absl::Status CheckEndpoints(const Relation& r, const std::map<std::string, int>& known,
                            const std::string& w) {
  for (const std::string* end : {&r.earlier, &r.later}) {
    if (known.count(*end) == 0) {
      return Mismatch(w, end == &r.earlier ? "earlier" : "later", "a unit of the pool",
                      absl::StrCat("unknown unit '", *end, "'"));
    }
  }
  if (r.earlier == r.later) return Mismatch(w, "later", "another unit", "the unit itself");
  return absl::OkStatus();
}

// Depth-first search from `node`; on a cycle, `path` holds it.
bool FindCycle(const std::string& node, const std::map<std::string, std::set<std::string>>& edges,
               std::map<std::string, int>& state, std::vector<std::string>& path) {
  state[node] = 1;  // on the path
  path.push_back(node);
  auto it = edges.find(node);
  if (it != edges.end()) {
    for (const std::string& next : it->second) {
      if (state[next] == 1) {
        path.erase(path.begin(), std::find(path.begin(), path.end(), next));
        path.push_back(next);
        return true;
      }
      if (state[next] == 0 && FindCycle(next, edges, state, path)) return true;
    }
  }
  state[node] = 2;  // done
  path.pop_back();
  return false;
}

}  // namespace

std::string NormalizeContent(absl::string_view text) {
  const std::vector<absl::string_view> words =
      absl::StrSplit(text, absl::ByAnyChar(kWhitespace), absl::SkipEmpty());
  return absl::StrJoin(words, " ");
}

std::set<std::string> Shingles(absl::string_view normalized, int shingle_size) {
  const std::vector<absl::string_view> words =
      absl::StrSplit(normalized, absl::ByAnyChar(kWhitespace), absl::SkipEmpty());
  std::set<std::string> out;
  if (words.empty()) return out;
  const size_t size = std::min(words.size(), static_cast<size_t>(shingle_size));
  for (size_t i = 0; i + size <= words.size(); ++i) {
    out.insert(absl::StrJoin(words.begin() + i, words.begin() + i + size, " "));
  }
  return out;
}

absl::StatusOr<std::vector<Relation>> FindNearDuplicates(const std::vector<UnitText>& units,
                                                         const NearDuplicateOptions& o,
                                                         const std::string& where) {
  RETURN_IF_ERROR(ValidateOptions(o, where));
  RETURN_IF_ERROR(ValidateIds(units, where));
  std::vector<std::string> normalized;
  std::vector<std::set<std::string>> shingles;
  for (const UnitText& u : units) {
    normalized.push_back(NormalizeContent(u.text));
    shingles.push_back(Shingles(normalized.back(), o.shingle_size));
  }
  std::vector<Relation> out;
  for (size_t j = 0; j < units.size(); ++j) {
    for (size_t i = 0; i < j; ++i) {
      Relation r{units[i].id, units[j].id, Similarity::kEqualNormalized, 0, 0};
      if (normalized[i] != normalized[j]) {
        r.kind = Similarity::kShingleJaccard;
        r.shared = SharedCount(shingles[i], shingles[j]);
        r.total = static_cast<int64_t>(shingles[i].size() + shingles[j].size()) - r.shared;
        if (r.total == 0 || r.shared * o.threshold_denominator <= o.threshold_numerator * r.total) {
          continue;
        }
      }
      out.push_back(r);
    }
  }
  return out;
}

absl::Status ApplyNearDuplicates(const std::vector<Relation>& relations, std::vector<Unit>& ranked,
                                 const std::string& where) {
  std::map<std::string, int> rank;
  for (size_t i = 0; i < ranked.size(); ++i) rank[ranked[i].id] = static_cast<int>(i);
  for (size_t k = 0; k < relations.size(); ++k) {
    const Relation& r = relations[k];
    RETURN_IF_ERROR(CheckEndpoints(r, rank, RelationAt(where, k, r)));
    const int a = rank.at(r.earlier);
    const int b = rank.at(r.later);
    ranked[std::max(a, b)].near_duplicate_of.push_back(ranked[std::min(a, b)].id);
  }
  return absl::OkStatus();
}

absl::Status CheckDirectedRelations(const std::vector<std::string>& pool,
                                    const std::vector<Relation>& relations,
                                    const std::string& where) {
  std::map<std::string, int> known;
  for (const std::string& id : pool) known[id] = 0;
  std::map<std::string, std::set<std::string>> edges;  // later -> earlier
  for (size_t k = 0; k < relations.size(); ++k) {
    const Relation& r = relations[k];
    RETURN_IF_ERROR(CheckEndpoints(r, known, RelationAt(where, k, r)));
    edges[r.later].insert(r.earlier);
  }
  std::map<std::string, int> state;
  for (const auto& [node, unused] : edges) {
    std::vector<std::string> path;
    if (state[node] == 0 && FindCycle(node, edges, state, path)) {
      return Mismatch(where, "near-duplicate relations", "no cycle (each copy of an original)",
                      absl::StrCat("the cycle ", absl::StrJoin(path, " -> ")));
    }
  }
  return absl::OkStatus();
}

}  // namespace repro::packing
