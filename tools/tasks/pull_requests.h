// SWE-bench records built from the merged pull requests of a git history,
// the way SWE-bench builds its tasks (//tools/tasks:mine
// --format=swe-bench; docs/tasks.md, "SWE-bench records from a history").
//
// MinePullRequests walks the first-parent history of options.until (a
// revision, resolved once; `git rev-list --first-parent --parents`, newest
// first: deterministic for a given clone and options; options.since, git's
// --since, bounds it) and reads each commit as a pull request when its
// subject says it is one, in either form the history holds:
//  - a merge:  a commit of two parents whose subject is "Merge pull request
//    #N[ from <branch>]" (GitHub's merge commit) or ends in " (#N)" (a merge
//    commit whose subject is the pull request's title): head = its second
//    parent, base = `git merge-base <first parent> <head>` (the commit the
//    pull request branched from: SWE-bench's base_commit is the pull
//    request's base);
//  - a squash: a commit of one parent whose subject ends in " (#N)"
//    (GitHub's squash merge): head = the commit, base = its parent.
// Pull requests merged into another branch and brought in by a merge of
// that branch (flask's "Merge branch 'stable'") are not read: only the
// first-parent line is. A number seen on a newer commit is not read again.
// A record is:
//  - instance_id "<owner>__<name>-<N>" (SWE-bench's), repo options.repo;
//  - patch: `git diff base head` (git's Myers diff with the indent
//    heuristic, renames detected, full blob ids, a/ and b/ prefixes, no
//    color, no external diff or text conversion) of the files that are not
//    tests; test_patch: the same diff of the test files. A test file is one
//    whose path (its new path, for a rename) matches a non_gold_path_glob,
//    or whose basename matches a non_gold_basename_glob, of any of
//    `languages` (fnmatch(3), flags 0), whatever its extension: "test"
//    means what the labels mean (tests, testing and documentation trees,
//    vendored trees);
//  - problem_statement: the pull request's title and description as the
//    history has them: for "Merge pull request", the merge's body (GitHub
//    writes the title there, and the description when the merge was made
//    with it); for a subject "<title> (#N)", the title, then a blank line
//    and the body when there is one (a squash's body: the description or
//    the squashed commits' messages). Leading and trailing white space is
//    stripped; nothing else is changed;
//  - created_at: the commit's committer time, UTC, "YYYY-MM-DDTHH:MM:SSZ";
//  - hints_text, version, environment_setup_commit empty, FAIL_TO_PASS and
//    PASS_TO_PASS "[]": this history does not say them.
// A pull request is skipped, and counted, when: its base is a root commit
// (no stale commit for S001); its problem statement has fewer than 2 words
// (QueryVocabulary), is over kMaxQueryBytes, is not UTF-8 or holds a
// character a task file may not (authored_text.h); its patch is empty
// (tests only); its test_patch is empty (SWE-bench keeps only the pull
// requests that change tests: its tests are how it judges a fix); a line of its patch or test_patch
// ends in CR LF; its patch holds a binary section ("Binary files ... differ") or a mode-only one;
// its patch or test_patch is not UTF-8 or holds such a character; or the
// labels of `git diff base head` (fix_labels.h: the pipeline's) have 0 or
// more than options.max_files gold files. It stops after options.max
// records. There is no leak filter (SWE-bench has none, and a pull
// request's text is written with the fix); the records whose problem
// statement names a changed file, directory or function
// (NamesAChangedLocation) are counted, for the summary.
//
// ToSweBenchLine writes one record as a line of JSON Lines, its fields in
// SWE-bench's order.
//
// Errors: InvalidArgument for options out of range (max or max_files < 1,
// a repo that is not "<owner>/<name>" or gives an instance id the task id
// rule refuses); InternalError from git (git_command.h), naming the command.
#ifndef REPRO_TOOLS_TASKS_PULL_REQUESTS_H_
#define REPRO_TOOLS_TASKS_PULL_REQUESTS_H_

#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "stages/corpus/language_set.h"

namespace repro::tasks {

struct PullRequestOptions {
  std::string git_dir;
  std::string repo;  // "<owner>/<name>"
  std::string until = "HEAD";
  std::string since;
  int max = 0;
  int max_files = 3;
};

struct SweBenchRecord {
  std::string repo;
  std::string instance_id;
  std::string base_commit;
  std::string patch;
  std::string test_patch;
  std::string problem_statement;
  std::string created_at;
  // Not written: for the summary.
  std::string head;
  std::vector<std::string> gold_files;
  int gold_functions = 0;
  bool names_a_changed_location = false;
};

// What MinePullRequests saw, for the command's summary on stderr.
struct PullRequestCounts {
  int commits = 0;                 // first-parent commits read
  int not_pull_request = 0;        // a subject of neither form (or the wrong parents for it)
  int repeated_number = 0;         // a number a newer commit already had
  int root_base = 0;               // the base is a root commit
  int short_query = 0;             // fewer than 2 words
  int long_query = 0;              // over kMaxQueryBytes
  int forbidden_text = 0;          // not UTF-8, or a character a task file may not hold
  int empty_patch = 0;             // no change outside the test files
  int no_test_change = 0;          // no change to a test file
  int crlf = 0;                    // a CR LF line in patch or test_patch
  int binary = 0;                  // a binary section in the patch
  int mode_only = 0;               // a mode-only section in the patch
  int gold_out_of_range = 0;       // 0 or more than max_files gold files
  int names_changed_location = 0;  // written, and naming what changed (not skipped)
};

absl::StatusOr<std::vector<SweBenchRecord>> MinePullRequests(const PullRequestOptions& options,
                                                             const corpus::LanguageSet& languages,
                                                             PullRequestCounts* counts);

std::string ToSweBenchLine(const SweBenchRecord& record);

}  // namespace repro::tasks

#endif  // REPRO_TOOLS_TASKS_PULL_REQUESTS_H_
