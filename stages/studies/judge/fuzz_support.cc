#include "stages/studies/judge/fuzz_support.h"

#include <cstdio>
#include <cstdlib>

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "absl/strings/strip.h"

namespace repro::judge {

constexpr absl::string_view kHeader = "=== ";

std::map<std::string, std::string> ParseFileBundle(absl::string_view bundle) {
  std::map<std::string, std::string> files;
  std::string* current = nullptr;
  absl::ConsumeSuffix(&bundle, "\n");  // the last line's own '\n', not an empty line
  for (absl::string_view line : absl::StrSplit(bundle, absl::ByString("\n"))) {
    if (absl::StartsWith(line, kHeader)) {
      current = &files[std::string(line.substr(kHeader.size()))];
      current->clear();
    } else if (current != nullptr) {
      absl::StrAppend(current, line, "\n");
    }
  }
  return files;
}

std::string WriteFileBundle(const std::map<std::string, std::string>& files) {
  std::string out;
  for (const auto& [name, content] : files) {
    absl::StrAppend(&out, kHeader, name, "\n", content);
    if (!absl::EndsWith(content, "\n")) out.push_back('\n');
  }
  return out;
}

void CheckReadable(const JudgeDataset& dataset) {
  std::string bytes;
  JudgeDataset back;
  if (!dataset.SerializeToString(&bytes) || !back.ParseFromString(bytes)) {
    fprintf(stderr, "judge fuzz: the imported dataset does not survive serialization\n");
    abort();
  }
}

}  // namespace repro::judge
