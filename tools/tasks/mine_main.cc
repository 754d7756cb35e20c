// bazel run //tools/tasks:mine -- --clone_env=VAR --languages=go --max=N
//     [--max_files=3] [--grep=REGEX] [--since=YYYY-MM-DD] [--merges]
//     [--until=REV] > tasks.jsonl
// bazel run //tools/tasks:mine -- --format=swe-bench --repo=OWNER/NAME
//     --clone_env=VAR --languages=python --max=N [--max_files=3]
//     [--since=YYYY-MM-DD] [--until=REV] > records.jsonl
//
// Proposes tasks from the history of the local clone named by the
// environment variable VAR (miner.h): JSON Lines on stdout, one task a
// line, and a summary of what was read and skipped on stderr. The file is a
// starting point for a smoke or scale study, not a reviewed task set: every
// query is a commit subject, and each task's notes say so. With
// --format=swe-bench it writes SWE-bench records of the merged pull
// requests of the first-parent history instead (pull_requests.h), one
// line on stderr per record (number, base, head, gold files), for
// //tools/tasks:import to read.
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <string>
#include <vector>

#include "absl/flags/flag.h"
#include "absl/flags/parse.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "stages/corpus/language_set.h"
#include "stages/framework/pipeline/stage_proto.h"
#include "tools/tasks/miner.h"
#include "tools/tasks/pull_requests.h"

ABSL_FLAG(std::string, clone_env, "",
          "Name of the environment variable holding the absolute path of the clone.");
ABSL_FLAG(std::vector<std::string>, languages, {},
          "The languages the files are read in: folders of stages/corpus/languages.");
ABSL_FLAG(int, max, 0, "How many tasks to write (at least 1).");
ABSL_FLAG(int, max_files, 3, "The most gold files a task may have.");
ABSL_FLAG(std::string, grep, "", "Keep commits whose subject matches (ECMAScript, any case).");
ABSL_FLAG(std::string, since, "", "Keep commits committed on or after this date (YYYY-MM-DD).");
ABSL_FLAG(bool, merges, false, "Also propose merges of two parents, base = the first parent.");
ABSL_FLAG(std::string, until, "HEAD", "The revision the walk starts from (a commit, for a rerun).");
ABSL_FLAG(std::string, format, "tasks",
          "tasks (a task file) or swe-bench (SWE-bench records of merged pull requests).");
ABSL_FLAG(std::string, repo, "", "With --format=swe-bench: the records' repo, <owner>/<name>.");
ABSL_FLAG(std::string, rules_dir, "stages/corpus/languages",
          "Where the language folders are (the runfiles' copy under bazel run).");

namespace {

int Fail(const std::string& message) {
  std::cerr << "mine: " << message << "\n";
  return 1;
}

// --format=swe-bench: the records on stdout, one line per record and a
// summary on stderr.
int WriteSweBenchRecords(const std::string& git_dir, const repro::corpus::LanguageSet& languages) {
  repro::tasks::PullRequestOptions options;
  options.git_dir = git_dir;
  options.repo = absl::GetFlag(FLAGS_repo);
  options.until = absl::GetFlag(FLAGS_until);
  options.since = absl::GetFlag(FLAGS_since);
  options.max = absl::GetFlag(FLAGS_max);
  options.max_files = absl::GetFlag(FLAGS_max_files);
  repro::tasks::PullRequestCounts c;
  absl::StatusOr<std::vector<repro::tasks::SweBenchRecord>> records =
      repro::tasks::MinePullRequests(options, languages, &c);
  if (!records.ok()) return Fail(std::string(records.status().message()));
  for (const repro::tasks::SweBenchRecord& r : *records) {
    std::cout << repro::tasks::ToSweBenchLine(r) << "\n";
    std::cerr << "mine: " << r.instance_id << ": base " << r.base_commit << ", head " << r.head
              << ", " << r.gold_files.size() << " gold file(s) ("
              << absl::StrJoin(r.gold_files, ", ") << "), " << r.gold_functions
              << " gold function(s)"
              << (r.names_a_changed_location ? "; its problem statement names what changed" : "")
              << "\n";
  }
  std::cerr << "mine: " << records->size() << " record(s) from " << c.commits
            << " first-parent commit(s) read; skipped: " << c.not_pull_request
            << " not a pull request's merge, " << c.repeated_number
            << " with a number seen before, " << c.root_base << " whose base is the root, "
            << c.short_query << " with a problem statement of fewer than 2 words, " << c.long_query
            << " with one over 64 KiB, " << c.forbidden_text
            << " with text a task file may not hold, " << c.empty_patch
            << " changing tests only (empty patch), " << c.no_test_change
            << " changing no test (empty test_patch), " << c.crlf << " with CR LF lines, "
            << c.binary << " with a binary patch, " << c.mode_only << " with a mode-only section, "
            << c.gold_out_of_range << " with 0 or more than " << options.max_files
            << " gold files; written: " << c.names_changed_location
            << " whose problem statement names a changed file, directory or function\n";
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  absl::ParseCommandLine(argc, argv);
  const std::string format = absl::GetFlag(FLAGS_format);
  if (format != "tasks" && format != "swe-bench") {
    return Fail(absl::StrCat("--format: expected tasks or swe-bench, found \"", format, "\""));
  }
  if (format == "swe-bench" &&
      (absl::GetFlag(FLAGS_merges) || !absl::GetFlag(FLAGS_grep).empty())) {
    return Fail(
        "--format=swe-bench: --merges and --grep are the task format's (every pull "
        "request's merge is read)");
  }
  const std::string var = absl::GetFlag(FLAGS_clone_env);
  const char* path = var.empty() ? nullptr : std::getenv(var.c_str());
  if (path == nullptr || !absl::StartsWith(path, "/")) {
    return Fail(absl::StrCat("--clone_env=", var,
                             ": expected the name of a variable holding the "
                             "absolute path of a clone, found ",
                             path == nullptr ? "it unset" : absl::StrCat("\"", path, "\"")));
  }
  if (absl::GetFlag(FLAGS_languages).empty()) {
    return Fail("--languages: expected one or more language folders (go, python, ...)");
  }
  if (absl::GetFlag(FLAGS_since).find_first_not_of("0123456789-") != std::string::npos) {
    return Fail(absl::StrCat("--since: expected a date YYYY-MM-DD, found \"",
                             absl::GetFlag(FLAGS_since), "\""));
  }
  std::vector<repro::corpus::languages::Rules> rules;
  for (const std::string& language : absl::GetFlag(FLAGS_languages)) {
    repro::corpus::languages::Rules r;
    const std::string file =
        absl::StrCat(absl::GetFlag(FLAGS_rules_dir), "/", language, "/rules.textproto");
    if (language.find_first_not_of("abcdefghijklmnopqrstuvwxyz0123456789_") != std::string::npos ||
        language.empty()) {
      return Fail(
          absl::StrCat("--languages: expected a language folder's name, found \"", language, "\""));
    }
    if (absl::Status s = repro::ReadProtoFile(file, &r); !s.ok()) {
      return Fail(absl::StrCat("--languages: ", s.message()));
    }
    rules.push_back(std::move(r));
  }
  absl::StatusOr<repro::corpus::LanguageSet> languages =
      repro::corpus::LanguageSet::Create(std::move(rules));
  if (!languages.ok()) return Fail(std::string(languages.status().message()));

  if (format == "swe-bench") return WriteSweBenchRecords(path, *languages);
  repro::tasks::MineOptions options;
  options.git_dir = path;
  options.until = absl::GetFlag(FLAGS_until);
  options.max = absl::GetFlag(FLAGS_max);
  options.max_files = absl::GetFlag(FLAGS_max_files);
  options.grep = absl::GetFlag(FLAGS_grep);
  options.since = absl::GetFlag(FLAGS_since);
  options.merges = absl::GetFlag(FLAGS_merges);
  repro::tasks::MineCounts counts;
  absl::StatusOr<std::vector<repro::tasks::MinedTask>> tasks =
      repro::tasks::MineTasks(options, *languages, &counts);
  if (!tasks.ok()) return Fail(std::string(tasks.status().message()));
  for (const repro::tasks::MinedTask& t : *tasks) std::cout << repro::tasks::ToJsonLine(t) << "\n";
  std::cerr << "mine: " << tasks->size() << " task(s) from " << counts.commits
            << " commit(s) read; skipped: " << counts.wrong_parents << " by parents, "
            << counts.root_base << " whose base is the root, " << counts.no_match
            << " not matching --grep, " << counts.short_query
            << " with a query of fewer than 2 words, " << counts.gold_out_of_range
            << " with 0 or more than " << options.max_files << " gold files, " << counts.leaks
            << " naming a changed file, directory or function, " << counts.not_utf8
            << " not UTF-8, " << counts.forbidden_characters
            << " with a control or directional formatting character\n";
  return 0;
}
