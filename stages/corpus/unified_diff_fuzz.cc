// Fuzz target: ParseZeroContextDiff and UnquoteGitPath on arbitrary bytes.
//
// Properties checked (unified_diff.h): parsing returns (a value or an error,
// never a crash); in a parsed diff no file key is empty and every change
// range a .. a+b-1 stays within uint32 (no wrap-around).
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>

#include "absl/strings/string_view.h"
#include "stages/corpus/unified_diff.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const absl::string_view diff(reinterpret_cast<const char*>(data), size);
  auto parsed = repro::corpus::ParseZeroContextDiff(diff, "fuzz.diff");
  if (parsed.ok()) {
    for (const auto& [path, changes] : *parsed) {
      if (path.empty()) {
        fprintf(stderr, "unified_diff_fuzz: a section with an empty path\n");
        abort();
      }
      for (const repro::corpus::OldSideChange& c : changes) {
        if (c.count > 0 && static_cast<uint64_t>(c.start) + c.count - 1 > UINT32_MAX) {
          fprintf(stderr, "unified_diff_fuzz: %s: range %u,%u wraps\n", path.c_str(), c.start,
                  c.count);
          abort();
        }
      }
    }
  }
  const absl::string_view first_line = diff.substr(0, diff.find('\n'));
  (void)repro::corpus::UnquoteGitPath(first_line);
  return 0;
}
