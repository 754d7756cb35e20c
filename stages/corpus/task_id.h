// The task id rule: what a task id may be, so that it can name Bazel targets
// and files (<set>/<id>_base_chunks, <id>.labels.pb, labels/<id>).
//
// A task id is 1 to kMaxTaskIdBytes characters of [A-Za-z0-9_.-], the first
// a letter or a digit. Bazel target names and file names take every one of
// these characters; the first letter or digit keeps out ".", ".." and what a
// command would read as an option; there is no "/", so an id never names a
// path outside its directory. "." and "__" admit the benchmarks' own ids:
// SWE-bench's "pytest-dev__pytest-10051", Multi-SWE-bench's
// "<org>__<repo>-<number>" (a repository such as "Chart.js").
//
// The repository rule checks every id with the same rule in Starlark before
// it reaches a target or a file (stages/corpus/spec_values.bzl,
// task_id_error); tools that write task files (//tools/tasks:import) check
// it here, so that what they write reads back.
//
// TaskIdProblem(id) returns "" for a valid id, else what was expected and
// found: "expected 1-64 characters of [A-Za-z0-9_.-] starting with a letter
// or digit, found \"a/b\"" (the id C-escaped).
#ifndef REPRO_STAGES_CORPUS_TASK_ID_H_
#define REPRO_STAGES_CORPUS_TASK_ID_H_

#include <cstddef>
#include <string>

#include "absl/strings/string_view.h"

namespace repro::corpus {

inline constexpr size_t kMaxTaskIdBytes = 64;

std::string TaskIdProblem(absl::string_view id);

}  // namespace repro::corpus

#endif  // REPRO_STAGES_CORPUS_TASK_ID_H_
