#include "stages/corpus/language_set.h"

#include <fnmatch.h>

#include <map>
#include <utility>

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "stages/corpus/functions.h"
#include "stages/framework/pipeline/stage_proto.h"
#include "stages/framework/pipeline/status_macros.h"

namespace repro {
namespace corpus {
namespace {

absl::string_view Basename(absl::string_view path) {
  const size_t slash = path.rfind('/');
  return slash == absl::string_view::npos ? path : path.substr(slash + 1);
}

bool Matches(const std::string& glob, absl::string_view text) {
  return fnmatch(glob.c_str(), std::string(text).c_str(), 0) == 0;
}

bool HasExcludedDirectory(const std::vector<languages::Rules>& rules, absl::string_view path) {
  const std::vector<absl::string_view> parts = absl::StrSplit(path, '/');
  for (size_t i = 0; i + 1 < parts.size(); ++i) {  // directories only
    for (const languages::Rules& r : rules) {
      for (const std::string& d : r.excluded_directories()) {
        if (parts[i] == d) return true;
      }
    }
  }
  return false;
}

// Adds the stage's inputs "queries/<language>/<name>" to the rules as
// QueryFile <name>, named QueryFile(language, name) in messages.
absl::Status AddStageQueries(const Stage& stage, languages::Rules* rules) {
  if (rules->queries_size() > 0) {
    return absl::InvalidArgumentError(
        absl::StrCat(RulesFile(rules->language()),
                     ": field queries is read from the folder's queries/*.scm, never written"));
  }
  const std::string prefix = absl::StrCat("queries/", rules->language(), "/");
  for (const std::string& role : stage.Roles(prefix)) {
    languages::QueryFile* q = rules->add_queries();
    q->set_name(role.substr(prefix.size()));
    q->set_path(QueryFile(rules->language(), q->name()));
    ASSIGN_OR_RETURN(*q->mutable_text(), stage.Read(role));
  }
  return absl::OkStatus();
}

}  // namespace

absl::StatusOr<LanguageSet> LanguageSet::Create(std::vector<languages::Rules> rules) {
  std::map<std::string, std::string> language_of_extension;
  for (const languages::Rules& r : rules) {
    for (const std::string& e : r.extensions()) {
      auto [it, inserted] = language_of_extension.emplace(e, r.language());
      if (!inserted) {
        return absl::InvalidArgumentError(
            absl::StrCat("extension ", e, " belongs to both ", it->second, " and ", r.language()));
      }
    }
  }
  for (const languages::Rules& r : rules) {
    RETURN_IF_ERROR(ValidateRules(r, RulesFile(r.language())));
  }
  LanguageSet set;
  set.rules_ = std::move(rules);
  return set;
}

absl::StatusOr<LanguageSet> LanguageSet::FromStage(const Stage& stage) {
  std::vector<languages::Rules> rules;
  for (const std::string& role : stage.Roles("rules/")) {
    languages::Rules r;
    RETURN_IF_ERROR(ReadInputProto(stage, role, &r));
    if (role != absl::StrCat("rules/", r.language())) {
      return absl::InvalidArgumentError(
          absl::StrCat("input ", role, " holds the rules of language '", r.language(), "'"));
    }
    RETURN_IF_ERROR(AddStageQueries(stage, &r));
    rules.push_back(std::move(r));
  }
  if (rules.empty()) {
    return absl::InvalidArgumentError(
        "no input rules/<language>: the stage reads the task set's languages");
  }
  return Create(std::move(rules));
}

const languages::Rules* LanguageSet::LanguageOf(absl::string_view path) const {
  for (const languages::Rules& r : rules_) {
    for (const std::string& e : r.extensions()) {
      if (absl::EndsWith(path, e)) return HasExcludedDirectory(rules_, path) ? nullptr : &r;
    }
  }
  return nullptr;
}

std::string LanguageSet::NonGoldRule(absl::string_view path) const {
  const languages::Rules* r = LanguageOf(path);
  if (r == nullptr) return "not a file of the set's languages";
  for (const std::string& g : r->non_gold_path_globs()) {
    if (Matches(g, path)) return absl::StrCat(r->language(), " non_gold_path_globs \"", g, "\"");
  }
  for (const std::string& g : r->non_gold_basename_globs()) {
    if (Matches(g, Basename(path))) {
      return absl::StrCat(r->language(), " non_gold_basename_globs \"", g, "\"");
    }
  }
  return "";
}

}  // namespace corpus
}  // namespace repro
