#include "stages/grid/conditions/transform_registry.h"

#include <cstdio>
#include <cstdlib>
#include <map>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"

namespace repro::grid {
namespace {

std::map<ConditionKind, CorpusTransform>& Registry() {
  static auto* const registry = new std::map<ConditionKind, CorpusTransform>();
  return *registry;
}

}  // namespace

bool RegisterTransform(ConditionKind kind, CorpusTransform transform) {
  if (!Registry().emplace(kind, transform).second) {
    std::fprintf(stderr, "two corpus transforms register condition kind %s\n",
                 ConditionKind_Name(kind).c_str());
    std::abort();
  }
  return true;
}

absl::StatusOr<CorpusTransform> FindTransform(ConditionKind kind) {
  const auto it = Registry().find(kind);
  if (it != Registry().end()) return it->second;
  std::vector<std::string> known;
  for (const auto& [k, unused] : Registry()) known.push_back(ConditionKind_Name(k));
  return absl::NotFoundError(
      absl::StrCat("no corpus transform is linked for condition kind ", ConditionKind_Name(kind),
                   " (linked: ", known.empty() ? "none" : absl::StrJoin(known, ", "),
                   "; stages/grid/conditions/transform_registry.h)"));
}

}  // namespace repro::grid
