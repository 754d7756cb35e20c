#include "stages/grid/conditions/transform_registry.h"

#include <cstdio>
#include <cstdlib>
#include <functional>
#include <map>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"

namespace repro::grid {
namespace {

std::map<std::string, CorpusTransform, std::less<>>& Registry() {
  static auto* const registry = new std::map<std::string, CorpusTransform, std::less<>>();
  return *registry;
}

}  // namespace

bool RegisterTransform(const char* name, CorpusTransform transform) {
  if (!Registry().emplace(name, transform).second) {
    std::fprintf(stderr, "two corpus transforms register the name %s\n", name);
    std::abort();
  }
  return true;
}

absl::StatusOr<CorpusTransform> FindTransform(absl::string_view name) {
  const auto it = Registry().find(name);
  if (it != Registry().end()) return it->second;
  std::vector<std::string> known;
  for (const auto& [k, unused] : Registry()) known.push_back(k);
  return absl::NotFoundError(
      absl::StrCat("no corpus transform named '", name,
                   "' is linked (linked: ", known.empty() ? "none" : absl::StrJoin(known, ", "),
                   "; stages/grid/conditions/transform_registry.h)"));
}

}  // namespace repro::grid
