#include "stages/corpus/languages/grammar_registry.h"

#include <tree_sitter/api.h>

#include <map>
#include <utility>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"

namespace repro::corpus::languages {
namespace {

struct Entry {
  const TSLanguage* (*entry)();
  std::string id;
  std::string fetch_error;  // empty for a fetched grammar
};

std::map<std::string, Entry>& Registry() {
  static auto* registry = new std::map<std::string, Entry>();
  return *registry;
}

}  // namespace

bool RegisterGrammar(const char* language, const TSLanguage* (*entry)(), const char* id,
                     const char* fetch_error) {
  Registry()[language] = {entry, id, fetch_error == nullptr ? "" : fetch_error};
  return true;
}

absl::StatusOr<LinkedGrammar> FindGrammar(absl::string_view language) {
  auto it = Registry().find(std::string(language));
  if (it == Registry().end()) {
    std::vector<std::string> linked;
    for (const auto& [name, entry] : Registry()) linked.push_back(name);
    return absl::NotFoundError(absl::StrCat(
        "no tree-sitter grammar for language '", language, "' is linked (linked: ",
        absl::StrJoin(linked, ", "), "; a language is a folder of stages/corpus/languages)"));
  }
  if (!it->second.fetch_error.empty()) {
    return absl::FailedPreconditionError(
        absl::StrCat("language '", language, "': ", it->second.fetch_error));
  }
  const TSLanguage* grammar = it->second.entry();
  const uint32_t abi = ts_language_version(grammar);
  if (abi < TREE_SITTER_MIN_COMPATIBLE_LANGUAGE_VERSION || abi > TREE_SITTER_LANGUAGE_VERSION) {
    return absl::FailedPreconditionError(absl::StrCat(
        it->second.id, " (language ", language, ") has grammar ABI ", abi,
        "; the linked libtree-sitter loads ", TREE_SITTER_MIN_COMPATIBLE_LANGUAGE_VERSION, "-",
        TREE_SITTER_LANGUAGE_VERSION));
  }
  return LinkedGrammar{grammar, it->second.id};
}

}  // namespace repro::corpus::languages
