#include "tools/tasks/pull_requests.h"

#include <optional>
#include <regex>
#include <set>

#include "absl/strings/ascii.h"
#include "absl/strings/match.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_replace.h"
#include "absl/time/time.h"
#include "nlohmann/json.hpp"
#include "stages/corpus/authored_text.h"
#include "stages/corpus/git_dump.h"
#include "stages/corpus/task_id.h"
#include "stages/corpus/task_spec.h"
#include "stages/framework/pipeline/git_command.h"
#include "stages/framework/pipeline/status_macros.h"
#include "stages/framework/pipeline/utf8.h"
#include "stages/retrieval/query_vocabulary.h"
#include "tools/tasks/internal/fix_labels.h"
#include "tools/tasks/internal/git_log.h"
#include "tools/tasks/internal/split_diff.h"

namespace repro::tasks {
namespace {

using internal::LogEntry;

// A commit read as a pull request (pull_requests.h): its number, head and
// problem statement; base is found later (a merge-base for a merge).
struct PullRequest {
  int number = 0;
  std::string head;
  std::string problem_statement;
};

// The two subject forms: GitHub's merge commit, and a title ending "(#N)".
const std::regex& MergeSubject() {
  static const std::regex* r = new std::regex("^Merge pull request #([0-9]+)( from .*)?$");
  return *r;
}
const std::regex& TitleSubject() {
  static const std::regex* r = new std::regex("^(.*\\S) \\(#([0-9]+)\\)$");
  return *r;
}

// `e` as a pull request, or nullopt when its subject is of neither form
// (or its parents do not fit the form).
std::optional<PullRequest> ReadPullRequest(const LogEntry& e) {
  const std::string body(absl::StripAsciiWhitespace(e.body));
  std::smatch m;
  PullRequest pr;
  if (e.parents.size() == 2 && std::regex_match(e.subject, m, MergeSubject())) {
    if (!absl::SimpleAtoi(m[1].str(), &pr.number)) return std::nullopt;
    pr.head = e.parents[1];
    pr.problem_statement = body;
    return pr;
  }
  if ((e.parents.size() == 1 || e.parents.size() == 2) &&
      std::regex_match(e.subject, m, TitleSubject())) {
    if (!absl::SimpleAtoi(m[2].str(), &pr.number)) return std::nullopt;
    pr.head = e.parents.size() == 2 ? e.parents[1] : e.commit;
    pr.problem_statement = body.empty() ? m[1].str() : absl::StrCat(m[1].str(), "\n\n", body);
    return pr;
  }
  return std::nullopt;
}

// Why a problem statement cannot be a query, as the counter to raise; null
// when it can.
int* QueryProblem(const std::string& query, PullRequestCounts* c) {
  if (retrieval::QueryVocabulary(query).size() < 2) return &c->short_query;
  if (query.size() > corpus::kMaxQueryBytes) return &c->long_query;
  if (!IsValidUtf8(query) || !corpus::ForbiddenCharacter(query).empty()) return &c->forbidden_text;
  return nullptr;
}

// Why a split diff cannot be a record's, as the counter to raise; null when
// it can.
int* PatchProblem(const internal::SplitPatch& s, PullRequestCounts* c) {
  if (s.patch.empty()) return &c->empty_patch;
  if (s.test_patch.empty()) return &c->no_test_change;
  const std::string problem = internal::PatchProblem(s.patch);
  if (problem == "crlf" || absl::StrContains(s.test_patch, "\r\n")) return &c->crlf;
  if (problem == "binary") return &c->binary;
  if (problem == "mode-only") return &c->mode_only;
  for (const std::string* text : {&s.patch, &s.test_patch}) {
    if (!IsValidUtf8(*text) || !corpus::ForbiddenCharacter(*text).empty()) {
      return &c->forbidden_text;
    }
  }
  return nullptr;
}

// The pull request's base: a squash's parent, or the merge-base of a
// merge's first parent and the pull request's head.
absl::StatusOr<std::string> BaseOf(const PullRequestOptions& o, const LogEntry& e,
                                   const PullRequest& pr) {
  if (pr.head == e.commit) return e.parents[0];
  ASSIGN_OR_RETURN(const std::string text,
                   RunGit(o.git_dir, {"merge-base", e.parents[0], pr.head}));
  const std::string base(absl::StripTrailingAsciiWhitespace(text));
  if (!corpus::IsCommitId(base)) {
    return absl::InternalError(absl::StrCat("git merge-base ", e.parents[0], " ", pr.head,
                                            ": expected a commit id, found \"",
                                            Utf8Excerpt(base, 200), "\""));
  }
  return base;
}

absl::Status CheckOptions(const PullRequestOptions& o) {
  if (o.max < 1 || o.max_files < 1) {
    return absl::InvalidArgumentError(absl::StrCat(
        "--max and --max_files: expected at least 1, found ", o.max, " and ", o.max_files));
  }
  const size_t slash = o.repo.find('/');
  const std::string id = absl::StrCat(absl::StrReplaceAll(o.repo, {{"/", "__"}}), "-1");
  if (slash == std::string::npos || slash == 0 || slash + 1 == o.repo.size() ||
      o.repo.find('/', slash + 1) != std::string::npos || !corpus::TaskIdProblem(id).empty()) {
    return absl::InvalidArgumentError(absl::StrCat(
        "--repo: expected <owner>/<name> of [A-Za-z0-9_.-] (SWE-bench's repo), found \"",
        Utf8Excerpt(o.repo, 80), "\""));
  }
  return absl::OkStatus();
}

}  // namespace

absl::StatusOr<std::vector<SweBenchRecord>> MinePullRequests(const PullRequestOptions& o,
                                                             const corpus::LanguageSet& languages,
                                                             PullRequestCounts* counts) {
  RETURN_IF_ERROR(CheckOptions(o));
  ASSIGN_OR_RETURN(const std::string until, internal::ResolveCommit(o.git_dir, o.until));
  std::vector<std::string> revisions = {"--first-parent"};
  if (!o.since.empty()) revisions.push_back("--since=" + o.since);
  revisions.push_back(until);
  internal::LogFields fields;
  fields.body = fields.committer_time = true;
  ASSIGN_OR_RETURN(const std::vector<LogEntry> log,
                   internal::ReadLog(o.git_dir, revisions, fields));
  std::vector<SweBenchRecord> out;
  std::set<int> numbers;
  for (const LogEntry& e : log) {
    if (static_cast<int>(out.size()) >= o.max) break;
    ++counts->commits;
    const std::optional<PullRequest> pr = ReadPullRequest(e);
    if (!pr.has_value()) {
      ++counts->not_pull_request;
      continue;
    }
    if (!numbers.insert(pr->number).second) {
      ++counts->repeated_number;
      continue;
    }
    if (int* skip = QueryProblem(pr->problem_statement, counts)) {
      ++*skip;
      continue;
    }
    ASSIGN_OR_RETURN(const std::string base, BaseOf(o, e, *pr));
    ASSIGN_OR_RETURN(const bool has_parent, internal::HasParent(o.git_dir, base));
    if (!has_parent) {  // S001 indexes base^1
      ++counts->root_base;
      continue;
    }
    ASSIGN_OR_RETURN(const internal::SplitPatch split,
                     internal::SplitDiff(o.git_dir, languages, base, pr->head));
    if (int* skip = PatchProblem(split, counts)) {
      ++*skip;
      continue;
    }
    ASSIGN_OR_RETURN(const corpus::Labels labels,
                     internal::FixLabels(o.git_dir, languages, base, pr->head));
    if (labels.gold_files_size() < 1 || labels.gold_files_size() > o.max_files) {
      ++counts->gold_out_of_range;
      continue;
    }
    SweBenchRecord r;
    r.repo = o.repo;
    r.instance_id = absl::StrCat(absl::StrReplaceAll(o.repo, {{"/", "__"}}), "-", pr->number);
    r.base_commit = base;
    r.patch = split.patch;
    r.test_patch = split.test_patch;
    r.problem_statement = pr->problem_statement;
    r.created_at = absl::FormatTime("%Y-%m-%dT%H:%M:%SZ", absl::FromUnixSeconds(e.committer_time),
                                    absl::UTCTimeZone());
    r.head = pr->head;
    r.gold_files.assign(labels.gold_files().begin(), labels.gold_files().end());
    r.gold_functions = labels.gold_functions_size();
    r.names_a_changed_location = internal::NamesAChangedLocation(r.problem_statement, labels);
    counts->names_changed_location += r.names_a_changed_location ? 1 : 0;
    out.push_back(std::move(r));
  }
  return out;
}

std::string ToSweBenchLine(const SweBenchRecord& r) {
  nlohmann::ordered_json j;
  j["repo"] = r.repo;
  j["instance_id"] = r.instance_id;
  j["base_commit"] = r.base_commit;
  j["patch"] = r.patch;
  j["test_patch"] = r.test_patch;
  j["problem_statement"] = r.problem_statement;
  j["hints_text"] = "";
  j["created_at"] = r.created_at;
  j["version"] = "";
  j["FAIL_TO_PASS"] = "[]";
  j["PASS_TO_PASS"] = "[]";
  j["environment_setup_commit"] = "";
  return j.dump();  // MinePullRequests keeps only UTF-8 text
}

}  // namespace repro::tasks
