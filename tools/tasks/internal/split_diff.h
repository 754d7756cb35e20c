// A pull request's diff split as SWE-bench splits it: the fix (`patch`)
// and the tests (`test_patch`), for pull_requests.h.
//
// SplitDiff(git_dir, languages, base, head) runs `git diff` from base to
// head (options below) twice: over the files that are not tests (the
// patch) and over the test files (the test_patch), each restricted by
// literal pathspecs naming both paths of a rename, so that git still shows
// it as one. A file is a test file when its path (the new path of a rename
// or copy, from `git diff-tree -r -z --name-status -M`) matches a
// non_gold_path_glob, or its basename a non_gold_basename_glob, of any of
// `languages` (fnmatch(3), flags 0, as language_set.h matches them),
// whatever its extension: "test" means what the labels mean. The diff
// options: --no-color --no-ext-diff --no-textconv --diff-algorithm=myers
// --indent-heuristic -M --full-index --src-prefix=a/ --dst-prefix=b/, so
// neither the clone's configuration nor its size (abbreviated ids) changes a
// byte. A side with no file is "".
//
// PatchProblem(patch) says why a patch cannot be a task's (the checks of
// stages/corpus/patch_checks.bzl, which the fetch applies): "crlf" (a line
// ends in CR LF), "binary" (a "GIT binary patch" or "Binary files ...
// differ" line), "mode-only" (a file's section changes its mode and has no
// hunk); "" when it has none of them.
#ifndef REPRO_TOOLS_TASKS_INTERNAL_SPLIT_DIFF_H_
#define REPRO_TOOLS_TASKS_INTERNAL_SPLIT_DIFF_H_

#include <string>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "stages/corpus/language_set.h"

namespace repro::tasks::internal {

struct SplitPatch {
  std::string patch;
  std::string test_patch;
};

absl::StatusOr<SplitPatch> SplitDiff(const std::string& git_dir,
                                     const corpus::LanguageSet& languages, const std::string& base,
                                     const std::string& head);

std::string PatchProblem(absl::string_view patch);

}  // namespace repro::tasks::internal

#endif  // REPRO_TOOLS_TASKS_INTERNAL_SPLIT_DIFF_H_
