#include "tools/tasks/miner.h"

#include <map>
#include <regex>
#include <set>

#include "absl/strings/ascii.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"
#include "nlohmann/json.hpp"
#include "stages/corpus/authored_text.h"
#include "stages/corpus/chunker.h"
#include "stages/corpus/git_dump.h"
#include "stages/corpus/labels.h"
#include "stages/corpus/task.pb.h"
#include "stages/corpus/unified_diff.h"
#include "stages/framework/pipeline/git_command.h"
#include "stages/framework/pipeline/status_macros.h"
#include "stages/framework/pipeline/utf8.h"
#include "stages/retrieval/query_vocabulary.h"

namespace repro::tasks {
namespace {

struct LogEntry {
  std::string commit;
  std::vector<std::string> parents;
  std::string subject;
  std::string body;  // read for merges only
};

// The revisions the miner walks: git log from `head` (HEAD, resolved once so
// that every call walks the same commits), with the options.
std::vector<std::string> Revisions(const MineOptions& o, const std::string& head) {
  std::vector<std::string> args;
  if (!o.merges) args.push_back("--no-merges");
  if (!o.since.empty()) args.push_back("--since=" + o.since);
  args.push_back(head);
  return args;
}

// The commits of the walk (newest first), each with its parents, from `git
// rev-list --parents`: lines of commit ids and nothing else, so no text of a
// commit message is ever read as an id or a parent.
absl::StatusOr<std::vector<LogEntry>> ReadCommits(const MineOptions& o, const std::string& head) {
  std::vector<std::string> args = {"rev-list", "--parents"};
  for (std::string& a : Revisions(o, head)) args.push_back(std::move(a));
  ASSIGN_OR_RETURN(const std::string text, RunGit(o.git_dir, args));
  std::vector<LogEntry> out;
  for (absl::string_view line : absl::StrSplit(text, '\n', absl::SkipEmpty())) {
    std::vector<std::string> ids = absl::StrSplit(line, ' ');
    for (const std::string& id : ids) {
      if (!corpus::IsCommitId(id)) {
        return absl::InternalError(absl::StrCat(
            "git rev-list --parents: expected commit ids, found \"", Utf8Excerpt(line, 200), "\""));
      }
    }
    out.push_back({ids[0], std::vector<std::string>(ids.begin() + 1, ids.end()), "", ""});
  }
  return out;
}

// One message field ("%s", the subject, or "%b", the body) of every commit
// of the walk, in its order: `git log -z` ends each with a NUL, a byte git
// never prints from a message (it ends the message there), so the fields
// line up with ReadCommits' commits; a count that differs is an error.
absl::StatusOr<std::vector<std::string>> ReadField(const MineOptions& o, const std::string& head,
                                                   absl::string_view field, size_t commits) {
  std::vector<std::string> args = {"log", "-z", absl::StrCat("--format=tformat:", field)};
  for (std::string& a : Revisions(o, head)) args.push_back(std::move(a));
  ASSIGN_OR_RETURN(const std::string text, RunGit(o.git_dir, args));
  std::vector<std::string> out = absl::StrSplit(text, '\0');
  out.pop_back();  // after the last NUL
  if (out.size() != commits) {
    return absl::InternalError(absl::StrCat("git log -z --format=", field, ": expected ", commits,
                                            " field(s), one per commit of git rev-list, found ",
                                            out.size()));
  }
  return out;
}

// The walk: commits, parents, subjects and (for merges) bodies.
absl::StatusOr<std::vector<LogEntry>> ReadLog(const MineOptions& o) {
  ASSIGN_OR_RETURN(std::string head, RunGit(o.git_dir, {"rev-parse", "--verify", "--end-of-options",
                                                        "HEAD^{commit}"}));
  head = std::string(absl::StripTrailingAsciiWhitespace(head));
  if (!corpus::IsCommitId(head)) {
    return absl::InternalError(absl::StrCat("git rev-parse HEAD: expected a commit id, found \"",
                                            Utf8Excerpt(head, 200), "\""));
  }
  ASSIGN_OR_RETURN(std::vector<LogEntry> log, ReadCommits(o, head));
  ASSIGN_OR_RETURN(const std::vector<std::string> subjects, ReadField(o, head, "%s", log.size()));
  std::vector<std::string> bodies(log.size());
  if (o.merges) {
    ASSIGN_OR_RETURN(bodies, ReadField(o, head, "%b", log.size()));
  }
  for (size_t i = 0; i < log.size(); ++i) {
    log[i].subject = subjects[i];
    log[i].body = bodies[i];
  }
  return log;
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

// Lowercased words of a subject: runs of [A-Za-z0-9_].
std::set<std::string> Words(absl::string_view text) {
  std::set<std::string> words;
  std::string w;
  for (char c : text) {
    if (absl::ascii_isalnum(static_cast<unsigned char>(c)) || c == '_') {
      w += absl::ascii_tolower(static_cast<unsigned char>(c));
    } else if (!w.empty()) {
      words.insert(w);
      w.clear();
    }
  }
  if (!w.empty()) words.insert(w);
  return words;
}

// The names the leak filter looks for (see miner.h).
std::set<std::string> LeakTerms(const corpus::Labels& labels) {
  std::set<std::string> terms;
  auto add = [&terms](absl::string_view t) {
    if (t.size() >= 3) terms.insert(absl::AsciiStrToLower(t));
  };
  for (const std::string& file : labels.gold_files()) {
    for (absl::string_view part : absl::StrSplit(file, '/')) add(part);
    const absl::string_view base = file.substr(file.rfind('/') + 1);
    add(base.substr(0, base.find('.')));
  }
  for (const corpus::GoldFunction& g : labels.gold_functions()) {
    for (absl::string_view part : absl::StrSplit(g.function(), '.')) add(part);
  }
  return terms;
}

// The labels the pipeline would derive for fix with base `base`.
absl::StatusOr<corpus::Labels> MinedLabels(const MineOptions& o,
                                           const corpus::LanguageSet& languages,
                                           const std::string& base, const std::string& fix,
                                           std::vector<corpus::NameStatusRow>* rows) {
  ASSIGN_OR_RETURN(const std::string name_status,
                   RunGit(o.git_dir, {"diff-tree", "-r", "-z", "--name-status", "-M", base, fix}));
  ASSIGN_OR_RETURN(*rows, corpus::ParseNameStatusZ(name_status, "git diff-tree"));
  corpus::Snapshot snapshot;
  std::string diff;
  for (const corpus::NameStatusRow& row : *rows) {
    if (row.status != "M" || !languages.IsGoldCandidatePath(row.path)) continue;
    corpus::SourceFile* f = snapshot.add_files();
    f->set_path(row.path);
    ASSIGN_OR_RETURN(*f->mutable_content(),
                     RunGit(o.git_dir, {"cat-file", "blob", base + ":" + row.path}));
    f->set_bytes(f->content().size());
    // The options of extract_history.sh, so the hunks are the pipeline's.
    ASSIGN_OR_RETURN(
        const std::string d,
        RunGit(o.git_dir,
               {"diff", "-U0", "--no-color", "--no-ext-diff", "--no-textconv",
                "--diff-algorithm=myers", "--indent-heuristic", "--full-index", "--src-prefix=a/",
                "--dst-prefix=b/", base, fix, "--", ":(literal)" + row.path}));
    diff += d;
  }
  corpus::Labels empty;
  if (snapshot.files_size() == 0) return empty;
  ASSIGN_OR_RETURN(const corpus::ChunkSet chunks, corpus::ChunkSnapshot(snapshot, languages));
  ASSIGN_OR_RETURN(const auto changes, corpus::ParseZeroContextDiff(diff, "git diff -U0"));
  corpus::Task task;
  task.set_id("mined");
  task.set_base_commit(base);
  task.set_fix_commit(fix);
  ASSIGN_OR_RETURN(const corpus::DerivedLabels derived,
                   corpus::DeriveLabels(task, *rows, changes, chunks, {}, languages));
  return derived.labels;
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
  ASSIGN_OR_RETURN(const std::vector<LogEntry> log, ReadLog(o));
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
    ASSIGN_OR_RETURN(const std::string base_parents,
                     RunGit(o.git_dir, {"rev-list", "--parents", "-n", "1", e.parents[0]}));
    if (base_parents.find(' ') == std::string::npos) {
      ++counts->root_base;
      continue;
    }
    std::vector<corpus::NameStatusRow> rows;
    ASSIGN_OR_RETURN(const corpus::Labels labels,
                     MinedLabels(o, languages, e.parents[0], e.commit, &rows));
    if (labels.gold_files_size() < 1 || labels.gold_files_size() > o.max_files) {
      ++counts->gold_out_of_range;
      continue;
    }
    const std::set<std::string> words = Words(query);
    const std::string subject = absl::AsciiStrToLower(query);
    bool leak = false;
    for (const std::string& t : LeakTerms(labels)) leak = leak || words.count(t) > 0;
    for (const std::string& file : labels.gold_files()) {  // "s3.go", "cache/key.go"
      const std::string lower = absl::AsciiStrToLower(file);
      leak = leak || absl::StrContains(subject, lower.substr(lower.rfind('/') + 1));
    }
    if (leak) {
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
