// Frozen numeric tokens: writing them while a report is rendered, reading a
// token file, and the gate that fails CI when a reported number drifts.
//
// A token file has one "<key>\t<value>" line per token, sorted by key; blank
// lines and lines starting with '#' are ignored when it is read. A report
// stage writes the tokens of its report (e.g. w04.tokens.txt) and every value
// appears verbatim in the report's text; the committed copy
// (data/<stage>/frozen_tokens.txt, data/experiments/<name>.tokens.txt) is the
// frozen one. Refreezing is an explicit command
// (`bazel run //reports:<name>_tokens_refreeze`) whose diff is reviewed.
//
// TokenWriter::Add(key, value) records a token and returns `value`, for the
// caller to place in the report text. Finish() returns the tokens sorted by
// key (then value), exact repeats (same key, same value) dropped; the order
// of Add calls does not matter (it may follow the unspecified evaluation
// order of function arguments).
//
// ValidateTokens(tokens, text, report_name) is OK when every key is non-empty
// and unique, no key starts with '#', no key or value holds a tab or a
// newline, and every value appears verbatim in `text`; otherwise an
// InvalidArgument naming `report_name`, the key and what was found.
//
// TokensToText writes "<key>\t<value>\n" per token, in the given order.
//
// ParseTokens(text, file) reads a token file; a malformed line (no tab, empty
// key) or a repeated key is InvalidArgument naming `file` and the line.
//
// CompareTokens(frozen, generated, report_text) lists every difference, one
// human-readable line per key (so its size is the number of keys that moved,
// as explain counts them), frozen keys in key order first, then new keys:
//   - a frozen key the report no longer has,
//   - a frozen key whose value changed,
//   - a frozen key whose unchanged value does not appear verbatim in the
//     report text (a report edited by hand),
//   - a generated key that is not frozen (new numbers are frozen on purpose).
// It is empty when the report matches its frozen tokens.
#ifndef REPRO_STAGES_FRAMEWORK_TOKENS_TOKENS_H_
#define REPRO_STAGES_FRAMEWORK_TOKENS_TOKENS_H_

#include <string>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"

namespace repro::tokens {

using TokenList = std::vector<std::pair<std::string, std::string>>;

class TokenWriter {
 public:
  std::string Add(std::string key, std::string value);
  TokenList Finish() &&;

 private:
  TokenList tokens_;
};

absl::Status ValidateTokens(const TokenList& tokens, absl::string_view text,
                            absl::string_view report_name);

std::string TokensToText(const TokenList& tokens);

absl::StatusOr<TokenList> ParseTokens(absl::string_view text, absl::string_view file);

std::vector<std::string> CompareTokens(const TokenList& frozen, const TokenList& generated,
                                       absl::string_view report_text);

}  // namespace repro::tokens

#endif  // REPRO_STAGES_FRAMEWORK_TOKENS_TOKENS_H_
