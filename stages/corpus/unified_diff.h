// Old-side changes of a zero-context diff (`git diff -U0`), per file.
//
// For each file section ("diff --git ..." then "--- <old>" / "+++ <new>"), each
// hunk header "@@ -a[,b] +c[,d] @@" gives one OldSideChange {a, b} (b defaults
// to 1): b > 0 marks old lines a .. a+b-1 as changed; b == 0 is a pure
// insertion between old lines a and a+1 (a may be 0: before line 1). The
// hunk body must hold exactly b '-' lines and d '+' lines ('\' lines, "No
// newline at end of file", are allowed anywhere); so body lines that look
// like headers are never misread. Sections are keyed by the old path without
// the "a/" prefix (C-quoted paths, as git writes them with core.quotePath,
// are unquoted); an added file ("--- /dev/null") is keyed by its new path. A
// "Binary files ... differ" section has no line information: error.
//
// Source of the definition: docs/tasks.md ("Changed lines").
#ifndef REPRO_STAGES_CORPUS_UNIFIED_DIFF_H_
#define REPRO_STAGES_CORPUS_UNIFIED_DIFF_H_

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"

namespace repro {
namespace corpus {

struct OldSideChange {
  uint32_t start = 0;  // a
  uint32_t count = 0;  // b; 0 = pure insertion after old line `start`
};

absl::StatusOr<std::map<std::string, std::vector<OldSideChange>>> ParseZeroContextDiff(
    absl::string_view diff, absl::string_view source);

// Unquotes a path as git's quote_c_style writes it ("a\303\244.go" with the
// quotes); a path without quotes is returned as is.
absl::StatusOr<std::string> UnquoteGitPath(absl::string_view quoted);

}  // namespace corpus
}  // namespace repro

#endif  // REPRO_STAGES_CORPUS_UNIFIED_DIFF_H_
