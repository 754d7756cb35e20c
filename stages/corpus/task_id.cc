#include "stages/corpus/task_id.h"

#include "absl/strings/ascii.h"
#include "absl/strings/escaping.h"
#include "absl/strings/str_cat.h"

namespace repro::corpus {

namespace {

bool IsIdCharacter(char c) { return absl::ascii_isalnum(c) || c == '_' || c == '.' || c == '-'; }

bool IsValid(absl::string_view id) {
  if (id.empty() || id.size() > kMaxTaskIdBytes || !absl::ascii_isalnum(id[0])) return false;
  for (char c : id) {
    if (!IsIdCharacter(c)) return false;
  }
  return true;
}

}  // namespace

std::string TaskIdProblem(absl::string_view id) {
  if (IsValid(id)) return "";
  return absl::StrCat("expected 1-", kMaxTaskIdBytes,
                      " characters of [A-Za-z0-9_.-] starting with a letter or digit, found \"",
                      absl::CHexEscape(id), "\"");
}

}  // namespace repro::corpus
