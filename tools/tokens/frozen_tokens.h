// Frozen numeric tokens: the gate that fails CI when a reported number drifts.
//
// A token file has one "<key>\t<value>" line per token; blank lines and lines
// starting with '#' are ignored. A stage writes the tokens of its report
// (e.g. w04.tokens.txt); the committed copy (data/<stage>/frozen_tokens.txt)
// is the frozen one. CompareTokens lists every difference:
//   - a frozen key the report no longer has,
//   - a frozen key whose value changed,
//   - a frozen value that does not appear verbatim in the report text,
//   - a generated key that is not frozen (new numbers must be frozen on purpose).
// Refreezing is an explicit command (`bazel run //reports:<name>_refreeze`)
// whose diff is reviewed.
#ifndef REPRO_TOOLS_TOKENS_FROZEN_TOKENS_H_
#define REPRO_TOOLS_TOKENS_FROZEN_TOKENS_H_

#include <string>
#include <utility>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"

namespace repro {

using TokenList = std::vector<std::pair<std::string, std::string>>;

// Parses a token file; malformed lines (no tab, empty key) and duplicate keys
// are InvalidArgument naming `file` and the line number.
absl::StatusOr<TokenList> ParseTokens(absl::string_view text, absl::string_view file);

// Every difference, one human-readable line each, in key order; empty when the
// report matches its frozen tokens.
std::vector<std::string> CompareTokens(const TokenList& frozen, const TokenList& generated,
                                       absl::string_view report_text);

}  // namespace repro

#endif  // REPRO_TOOLS_TOKENS_FROZEN_TOKENS_H_
