// Path rules of the E04 corpus and of its gold labels.
//
// IsCorpusPath: a path belongs to a snapshot's corpus iff it ends in ".go" and
// no directory on it is named "vendor" (so "vendor/..." and ".../vendor/..."
// are out). Tests are included. Only regular blobs (mode 100644 or 100755)
// count; symlinks (120000) and submodules are never corpus files.
//
// IsGoldCandidatePath: a file modified by the fix ("M" row of git diff-tree)
// can be gold iff it ends in ".go" and is not
//   a test:            basename "*_test.go"
//   a generated mock:  basename "mock_*.go", "mocks.go" or "*_mock.go", or a
//                      path containing "/mocks/" (pattern "*/mocks/*")
//   generated:         "*.pb.go", a path containing "bindata", a basename
//                      starting with "zz_generated"
//   vendored:          "vendor/*", "*/vendor/*", "Godeps/*"
//   documentation:     "docs/*"
// Source: docs/tasks.md ("How the labels are defined"); patterns are
// glob patterns over the repository-relative path unless they say basename.
#ifndef REPRO_STAGES_CORPUS_CORPUS_PATH_H_
#define REPRO_STAGES_CORPUS_CORPUS_PATH_H_

#include "absl/strings/string_view.h"

namespace repro {
namespace corpus {

bool IsVendoredPath(absl::string_view path);
bool IsCorpusMode(absl::string_view mode);
bool IsCorpusPath(absl::string_view path);
bool IsGoldCandidatePath(absl::string_view path);

}  // namespace corpus
}  // namespace repro

#endif  // REPRO_STAGES_CORPUS_CORPUS_PATH_H_
