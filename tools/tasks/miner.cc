#include "tools/tasks/miner.h"

#include <regex>

#include "absl/strings/ascii.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"
#include "nlohmann/json.hpp"
#include "stages/corpus/authored_text.h"
#include "stages/framework/pipeline/status_macros.h"
#include "stages/framework/pipeline/utf8.h"
#include "stages/retrieval/query_vocabulary.h"
#include "tools/tasks/internal/fix_labels.h"
#include "tools/tasks/internal/git_log.h"

namespace repro::tasks {
namespace {

using internal::LogEntry;

// The revisions the miner walks: git log from `head` (options.until,
// resolved once so that every call walks the same commits), with the
// options.
std::vector<std::string> Revisions(const MineOptions& o, const std::string& head) {
  std::vector<std::string> args;
  if (!o.merges) args.push_back("--no-merges");
  if (!o.since.empty()) args.push_back("--since=" + o.since);
  args.push_back(head);
  return args;
}

// The query of a commit: its subject; for a merge whose body has a first
// paragraph (GitLab's "Merge branch 'x' into 'main'" and GitHub's "Merge pull
// request #1 from ..." put the pull request's title there), that paragraph,
// its lines joined by a space.
std::string QueryOf(const LogEntry& e) {
  if (e.parents.size() != 2) return e.subject;
  std::vector<std::string> lines;
  for (absl::string_view line : absl::StrSplit(e.body, '\n')) {
    line = absl::StripAsciiWhitespace(line);
    if (line.empty()) {
      if (!lines.empty()) break;
      continue;
    }
    lines.emplace_back(line);
  }
  return lines.empty() ? e.subject : absl::StrJoin(lines, " ");
}

}  // namespace

absl::StatusOr<std::vector<MinedTask>> MineTasks(const MineOptions& o,
                                                 const corpus::LanguageSet& languages,
                                                 MineCounts* counts) {
  if (o.max < 1 || o.max_files < 1) {
    return absl::InvalidArgumentError(absl::StrCat(
        "--max and --max_files: expected at least 1, found ", o.max, " and ", o.max_files));
  }
  std::regex grep;
  try {
    grep = std::regex(o.grep, std::regex::ECMAScript | std::regex::icase);
  } catch (const std::regex_error& e) {
    return absl::InvalidArgumentError(
        absl::StrCat("--grep: expected an ECMAScript regular expression, found \"", o.grep, "\" (",
                     e.what(), ")"));
  }
  ASSIGN_OR_RETURN(const std::string head, internal::ResolveCommit(o.git_dir, o.until));
  internal::LogFields fields;
  fields.body = o.merges;
  ASSIGN_OR_RETURN(const std::vector<LogEntry> log,
                   internal::ReadLog(o.git_dir, Revisions(o, head), fields));
  std::vector<MinedTask> out;
  for (const LogEntry& e : log) {
    if (static_cast<int>(out.size()) >= o.max) break;
    ++counts->commits;
    const size_t want_parents = o.merges ? 2 : 1;
    if (e.parents.size() != 1 && e.parents.size() != want_parents) {
      ++counts->wrong_parents;
      continue;
    }
    const std::string query = QueryOf(e);
    if (!o.grep.empty() && !std::regex_search(query, grep)) {
      ++counts->no_match;
      continue;
    }
    if (retrieval::QueryVocabulary(query).size() < 2) {  // "WIP": no query, and no S002 distractor
      ++counts->short_query;
      continue;
    }
    // S001 indexes base^1: a base without a parent (the root) cannot be.
    ASSIGN_OR_RETURN(const bool has_parent, internal::HasParent(o.git_dir, e.parents[0]));
    if (!has_parent) {
      ++counts->root_base;
      continue;
    }
    ASSIGN_OR_RETURN(const corpus::Labels labels,
                     internal::FixLabels(o.git_dir, languages, e.parents[0], e.commit));
    if (labels.gold_files_size() < 1 || labels.gold_files_size() > o.max_files) {
      ++counts->gold_out_of_range;
      continue;
    }
    if (internal::NamesAChangedLocation(query, labels)) {
      ++counts->leaks;
      continue;
    }
    if (!IsValidUtf8(query)) {
      ++counts->not_utf8;  // a task file is UTF-8: never a replaced byte
      continue;
    }
    if (!corpus::ForbiddenCharacter(query).empty()) {
      ++counts->forbidden_characters;  // the task file's rule (authored_text.h)
      continue;
    }
    MinedTask t;
    t.id = absl::StrFormat("M%04d", static_cast<int>(out.size()) + 1);
    t.query = query;
    t.fix_commit = e.commit;
    if (e.parents.size() == 2) t.base_commit = e.parents[0];
    t.gold_files.assign(labels.gold_files().begin(), labels.gold_files().end());
    t.gold_functions = labels.gold_functions_size();
    out.push_back(std::move(t));
  }
  return out;
}

std::string ToJsonLine(const MinedTask& t) {
  nlohmann::ordered_json j;
  j["id"] = t.id;
  j["query"] = t.query;
  j["fix_commit"] = t.fix_commit;
  if (!t.base_commit.empty()) j["base_commit"] = t.base_commit;
  j["notes"] = t.base_commit.empty()
                   ? "mined by //tools/tasks:mine: the query is the commit subject, not a bug "
                     "report a person wrote"
                   : "mined by //tools/tasks:mine: the query is the merge's first body paragraph "
                     "(the pull request's title), not a bug report a person wrote";
  return j.dump();  // MineTasks keeps only queries a task file may hold
}

}  // namespace repro::tasks
