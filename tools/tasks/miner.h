// Proposing tasks from a git history, for scale and smoke studies
// (//tools/tasks:mine; docs/tasks.md, "Mined tasks").
//
// MineTasks walks `git log` of options.git_dir from options.until (HEAD
// unless given; newest first, git's order: deterministic for a given clone
// and options) and proposes a task per fix commit that (the walk is read by
// internal/git_log.h: no text of a commit message can pass for a commit, a
// parent or the query of another commit):
//  - has one parent (base = fix^1), or, with options.merges, is a merge of
//    two parents (a pull request: base = its first parent, written as the
//    task's explicit base_commit); the base must have a parent itself (the
//    S001 stale commit);
//  - has a query (below) matching options.grep (ECMAScript regex, case-insensitive;
//    empty: any) and a committer date on or after options.since (git's
//    --since; empty: any);
//  - changes 1 to options.max_files gold files: the labels are derived
//    exactly as the pipeline derives them (DeriveLabels of labels.h over
//    git's name-status and -U0 diff and the chunks of the base files, by
//    `languages`);
//  - has a query of 2 words or more (QueryVocabulary of
//    stages/grid/distractors.h: what S002 needs; "WIP" is no query);
//  - passes the leak filter: no word of the subject (runs of [A-Za-z0-9_],
//    compared case-insensitively) is the name of a changed gold file (with
//    or without its extension), a directory on its path, or a part of a
//    gold function's name ("Queue.push": "queue", "push"; parts shorter
//    than 3 characters are not compared), and the subject does not hold a
//    gold file's name with its extension ("s3.go").
// The query is the commit subject; for a merge whose message has a body, the
// body's first paragraph, its lines joined by a space (GitLab and GitHub
// write the pull request's title there; the subject names the branch).
// options.grep and the leak filter read the query. A query that is not
// UTF-8, or that holds a character a task file may not hold (a control
// character other than tab and newline, an explicit directional formatting
// character: stages/corpus/authored_text.h), is skipped and counted, never
// altered: every line written reads back as a task. It stops after
// options.max tasks.
// Ids are "M0001", "M0002", ... in output order.
//
// ToJsonLine writes one task as a line of a JSON Lines task file
// (docs/tasks.md): id, query, fix_commit, base_commit (merges only) and
// notes, which say the query is mined.
//
// Errors: InvalidArgument for options out of range (max < 1, max_files < 1,
// a bad regex); InternalError from git (git_command.h), naming the command.
#ifndef REPRO_TOOLS_TASKS_MINER_H_
#define REPRO_TOOLS_TASKS_MINER_H_

#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "stages/corpus/language_set.h"

namespace repro::tasks {

struct MineOptions {
  std::string git_dir;
  std::string until = "HEAD";  // the revision the walk starts from
  int max = 0;
  int max_files = 3;
  std::string grep;
  std::string since;
  bool merges = false;
};

struct MinedTask {
  std::string id;
  std::string query;
  std::string fix_commit;
  std::string base_commit;  // written only for a merge
  std::vector<std::string> gold_files;
  int gold_functions = 0;
};

// What MineTasks saw, for the command's summary on stderr.
struct MineCounts {
  int commits = 0;               // commits read from the log
  int wrong_parents = 0;         // not one parent (or not two, with merges)
  int root_base = 0;             // the base is a root commit: no stale commit for S001
  int no_match = 0;              // subject does not match --grep
  int gold_out_of_range = 0;     // 0 or more than max_files gold files
  int short_query = 0;           // a query of fewer than 2 words (QueryVocabulary)
  int leaks = 0;                 // dropped by the leak filter
  int not_utf8 = 0;              // a subject that is not UTF-8 (a task file is)
  int forbidden_characters = 0;  // a query with a character a task file may not hold
};

absl::StatusOr<std::vector<MinedTask>> MineTasks(const MineOptions& options,
                                                 const corpus::LanguageSet& languages,
                                                 MineCounts* counts);

std::string ToJsonLine(const MinedTask& task);

}  // namespace repro::tasks

#endif  // REPRO_TOOLS_TASKS_MINER_H_
