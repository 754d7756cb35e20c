#include "stages/corpus/corpus_path.h"

#include "absl/strings/match.h"

namespace repro {
namespace corpus {
namespace {

absl::string_view Basename(absl::string_view path) {
  size_t slash = path.rfind('/');
  return slash == absl::string_view::npos ? path : path.substr(slash + 1);
}

}  // namespace

bool IsVendoredPath(absl::string_view path) {
  return absl::StartsWith(path, "vendor/") || absl::StrContains(path, "/vendor/");
}

bool IsCorpusMode(absl::string_view mode) { return mode == "100644" || mode == "100755"; }

bool IsCorpusPath(absl::string_view path) {
  return absl::EndsWith(path, ".go") && !IsVendoredPath(path);
}

bool IsGoldCandidatePath(absl::string_view path) {
  if (!absl::EndsWith(path, ".go")) return false;
  const absl::string_view base = Basename(path);
  if (absl::EndsWith(base, "_test.go")) return false;
  if (absl::StartsWith(base, "mock_") || base == "mocks.go" || absl::EndsWith(base, "_mock.go") ||
      absl::StrContains(path, "/mocks/")) {
    return false;
  }
  if (absl::EndsWith(path, ".pb.go") || absl::StrContains(path, "bindata") ||
      absl::StartsWith(base, "zz_generated")) {
    return false;
  }
  if (IsVendoredPath(path) || absl::StartsWith(path, "Godeps/")) return false;
  if (absl::StartsWith(path, "docs/")) return false;
  return true;
}

}  // namespace corpus
}  // namespace repro
