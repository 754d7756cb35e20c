#include "stages/corpus/token_costs/tokenizer_pin.h"

#include "absl/strings/ascii.h"
#include "absl/strings/str_cat.h"

namespace repro::corpus {
namespace {

absl::Status PinError(absl::string_view pin_name, absl::string_view field,
                      absl::string_view expected, absl::string_view found) {
  return absl::InvalidArgumentError(absl::StrCat(pin_name, ": field ", field, ": expected ",
                                                 expected, ", found ", found,
                                                 " (the rules of token_costs.py)"));
}

bool IsSha256Hex(absl::string_view s) {
  if (s.size() != 64) return false;
  for (char c : s) {
    if (!absl::ascii_isdigit(c) && (c < 'a' || c > 'f')) return false;
  }
  return true;
}

}  // namespace

absl::Status CheckPinRules(const TokenizerPin& pin, absl::string_view pin_name) {
  if (pin.name().empty()) return PinError(pin_name, "name", "a name", "\"\"");
  if (pin.library().empty()) return PinError(pin_name, "library", "a library", "\"\"");
  if (!IsSha256Hex(pin.vocabulary_sha256())) {
    return PinError(pin_name, "vocabulary_sha256", "64 lowercase hex digits",
                    absl::StrCat("\"", pin.vocabulary_sha256(), "\""));
  }
  if (!pin.lowercase()) return PinError(pin_name, "lowercase", "true", "false");
  if (pin.special_tokens()) return PinError(pin_name, "special_tokens", "false", "true");
  if (pin.truncation() != "none") {
    return PinError(pin_name, "truncation", "\"none\"", absl::StrCat("\"", pin.truncation(), "\""));
  }
  return absl::OkStatus();
}

absl::Status CheckVocabulary(const TokenizerPin& pin, absl::string_view pin_name,
                             absl::string_view vocabulary_name, const VocabularyDigest& found) {
  if (found.sha256 != pin.vocabulary_sha256()) {
    return absl::FailedPreconditionError(absl::StrCat(
        vocabulary_name, " is not the vocabulary ", pin_name, " pins: vocabulary_sha256: expected ",
        pin.vocabulary_sha256(), ", found ", found.sha256));
  }
  if (found.bytes != pin.vocabulary_bytes()) {
    return absl::FailedPreconditionError(absl::StrCat(
        vocabulary_name, " is not the vocabulary ", pin_name, " pins: vocabulary_bytes: expected ",
        pin.vocabulary_bytes(), ", found ", found.bytes));
  }
  return absl::OkStatus();
}

}  // namespace repro::corpus
