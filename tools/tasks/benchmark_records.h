// The record formats of the field's benchmarks, read into what a task needs
// (docs/tasks.md, "Importing a benchmark's records").
//
// ReadRecords(text, file_name) splits a file as the benchmarks' dataset pages
// export it: a JSON array of records (the first byte that is not white space
// is "["), or JSON Lines (one record a line; blank lines are skipped). Each
// record must be a JSON object, parsed with repeated keys refused
// (strict_json.h). A record is placed by its line ("<file>:<line>") in JSON
// Lines and by its index in an array ("<file>: records[<i>]"); a file that is
// not JSON is named with its line: "<file>:3: expected JSON (a record a line),
// found invalid JSON: ...". Every malformed line is listed.
//
// ReadRecord(record, format) reads the fields `format` takes and nothing else:
//   swe-bench (SWE-bench, Lite, Verified) and swe-polybench: instance_id, repo,
//     base_commit, patch, problem_statement (strings, required), test_patch
//     (a string, optional); query = problem_statement.
//   multi-swe-bench: org, repo, number (a non-negative integer), base.sha,
//     fix_patch (strings and objects, required), test_patch (optional),
//     resolved_issues (an array of one or more {title, body} objects; a body
//     may be null); id = "<org>__<repo>-<number>" (the benchmark's instance
//     id), repo = "<org>/<repo>", query = each issue's title and body,
//     separated by a blank line, the issues in record order.
// Every other field is left unread and named in `unread` (hints_text is
// never read: docs/tasks.md says why). A query's CR LF line ends become LF
// (issues are written in browsers, which send CR LF); nothing else is
// changed, and a patch is kept byte for byte. Errors name the record, the
// field (the benchmark's name, e.g. "problem_statement",
// "resolved_issues[1].title"), what was expected and what was found:
//   "x.jsonl:2: field base_commit: expected a string, found a number (17)"
//   "x.jsonl:2: field patch: expected a unified diff, found an empty string"
// RecordRepo(record, format) reads the repository alone ("owner/name"), so
// that a record of another repository is skipped without reading the rest.
#ifndef REPRO_TOOLS_TASKS_BENCHMARK_RECORDS_H_
#define REPRO_TOOLS_TASKS_BENCHMARK_RECORDS_H_

#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "nlohmann/json.hpp"

namespace repro::tasks {

enum class RecordFormat { kSweBench, kMultiSweBench, kSwePolyBench };

// "swe-bench", "multi-swe-bench", "swe-polybench"; anything else is
// InvalidArgument naming the three.
absl::StatusOr<RecordFormat> ParseRecordFormat(absl::string_view name);
std::string FormatName(RecordFormat format);

struct RawRecord {
  std::string where;     // "<file>:<line>" or "<file>: records[<i>]"
  std::string position;  // "line <line>" or "records[<i>]", for notes
  nlohmann::json value;
};

absl::StatusOr<std::vector<RawRecord>> ReadRecords(absl::string_view text,
                                                   absl::string_view file_name);

struct BenchmarkRecord {
  std::string id;
  std::string repo;  // "owner/name"
  std::string base_commit;
  std::string patch;
  std::string test_patch;  // "" when the record has none
  std::string query;
  std::vector<std::string> unread;  // the record's fields not read, sorted
};

absl::StatusOr<std::string> RecordRepo(const RawRecord& record, RecordFormat format);

absl::StatusOr<BenchmarkRecord> ReadRecord(const RawRecord& record, RecordFormat format);

}  // namespace repro::tasks

#endif  // REPRO_TOOLS_TASKS_BENCHMARK_RECORDS_H_
