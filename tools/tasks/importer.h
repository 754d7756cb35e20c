// A benchmark's records as the project's task file (docs/tasks.md,
// "Importing a benchmark's records"; the formats: benchmark_records.h).
//
// ImportTasks(text, file_name, options, summary) reads every record of
// `text` (the file `file_name`) and returns a JSON Lines task file, one task
// a record in file order: {"id", "repo", "query", "base_commit", "patch",
// "test_patch" (when the record has one), "notes"}. The notes name the
// format and the record ("imported from a swe-bench record, line 2 of
// x.jsonl": `options.source_name`, the file's base name, never a machine
// path). `repo` is the record's repository (`<owner>/<name>`): the fetch
// checks it is the task set's (TaskSetRef.repo), so that a record of one
// repository never reaches another's clone.
//
// Repositories: with `options.repo` empty, every record must be of one
// repository, else InvalidArgument lists the repositories found with their
// counts and says to choose one with --repo=<owner>/<name>. With
// `options.repo` set, a record of another repository is skipped (only its
// repository is read; counted in `summary`), and a file with no record of
// that repository is an error listing those found.
//
// Errors, all of them listed, one a line, before anything is returned:
// what ReadRecords and ReadRecord refuse, and two records with one id
// ("x.jsonl:3: field instance_id: expected an id used once, found
// \"a__b-1\", the id of x.jsonl:1"). The result is read back with the task
// file reader (task_spec.h, ParseTaskLines) before it is returned: what the
// importer writes is a task file.
#ifndef REPRO_TOOLS_TASKS_IMPORTER_H_
#define REPRO_TOOLS_TASKS_IMPORTER_H_

#include <map>
#include <string>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "tools/tasks/benchmark_records.h"

namespace repro::tasks {

struct ImportOptions {
  RecordFormat format = RecordFormat::kSweBench;
  std::string repo;         // "owner/name", or "" for a file of one repository
  std::string source_name;  // the input's base name, for notes
};

struct ImportSummary {
  int records = 0;
  int imported = 0;
  int other_repositories = 0;                // skipped: not options.repo
  std::map<std::string, int> unread_fields;  // field -> records holding it
};

absl::StatusOr<std::string> ImportTasks(absl::string_view text, absl::string_view file_name,
                                        const ImportOptions& options, ImportSummary* summary);

}  // namespace repro::tasks

#endif  // REPRO_TOOLS_TASKS_IMPORTER_H_
