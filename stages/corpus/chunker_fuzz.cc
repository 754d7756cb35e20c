// Fuzz target: ChunkFile on arbitrary bytes as one Go file, read by Go's
// rules (stages/corpus/languages/go/rules.textproto, a data file of the
// target: the current directory is the runfiles root under bazel run and
// bazel test).
//
// Properties checked (chunker.h): chunking never fails; every function chunk
// has 1 <= start_line <= end_line <= line count and its text is exactly those
// lines; the last chunk is the rest-of-file chunk (function "", lines 1..n);
// and the lines of the function chunks and the rest chunk together are the
// file: line l is in the rest chunk exactly when no function covers it.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/string_view.h"
#include "stages/corpus/chunker.h"
#include "stages/corpus/functions.h"
#include "stages/framework/pipeline/stage_proto.h"

namespace {

void Check(bool ok, absl::string_view what) {
  if (!ok) {
    fprintf(stderr, "chunker_fuzz: property violated: %.*s\n", static_cast<int>(what.size()),
            what.data());
    abort();
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using repro::corpus::Chunk;
  static repro::corpus::FunctionParser* parser = [] {
    repro::corpus::languages::Rules rules;
    const absl::Status read =
        repro::ReadProtoFile("stages/corpus/languages/go/rules.textproto", &rules);
    Check(read.ok(), read.ToString());
    auto created = repro::corpus::FunctionParser::Create(rules);
    Check(created.ok(), created.status().ToString());
    return created->release();
  }();
  const absl::string_view content(reinterpret_cast<const char*>(data), size);
  google::protobuf::RepeatedPtrField<Chunk> chunks;
  absl::StatusOr<bool> suspect = repro::corpus::ChunkFile(*parser, "fuzz.go", content, &chunks);
  Check(suspect.ok(), suspect.status().ToString());
  const std::vector<absl::string_view> lines = repro::corpus::SplitLines(content);
  const size_t n = lines.size();
  Check(!chunks.empty(), "no rest-of-file chunk");
  std::vector<bool> covered(n + 1, false);
  for (int i = 0; i + 1 < chunks.size(); ++i) {
    const Chunk& c = chunks[i];
    Check(!c.function().empty(), absl::StrCat("function chunk ", i, " has no name"));
    Check(c.start_line() >= 1 && c.start_line() <= c.end_line() && c.end_line() <= n,
          absl::StrCat("function ", c.function(), " lines ", c.start_line(), "-", c.end_line(),
                       " outside 1-", n));
    std::string text;
    for (uint32_t l = c.start_line(); l <= c.end_line(); ++l) {
      absl::StrAppend(&text, lines[l - 1]);
      covered[l] = true;
    }
    Check(text == c.text(), absl::StrCat("function ", c.function(), ": text is not its lines"));
  }
  const Chunk& rest = chunks[chunks.size() - 1];
  Check(rest.function().empty() && rest.start_line() == 1 && rest.end_line() == n,
        "the last chunk is not the rest-of-file chunk");
  std::string text;
  for (size_t l = 1; l <= n; ++l) {
    if (!covered[l]) absl::StrAppend(&text, lines[l - 1]);
  }
  Check(text == rest.text(), "rest-of-file text is not the lines outside every function");
  return 0;
}
