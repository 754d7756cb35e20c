// Finding a reported value inside artifacts: a number, a string (an id, a
// cell id "<task>/<harness>/<coordinate>", "170/180") or a frozen-token key.
//
// A query is numeric when the whole text is a decimal number ("0.576666646",
// "+0.25", "-3", "1e-05"). A numeric query matches a number in an artifact
//  - exactly, when both parse to the same double ("0.50" matches 0.5), or
//  - by rounding, when the query has at least `min_round_decimals` digits
//    after the point, no exponent, the candidate is written more precisely,
//    and printf("%.*f") of the candidate at the query's decimals equals that
//    of the query (0.57666664551443869 rounds to "0.576666646"). This is how
//    reports print numbers that stages store at full precision.
// Any other query is a string: it matches a JSON string or object key that
// equals it, and, in JSON strings and text lines, an occurrence bounded on
// both sides by a non-word character (not [A-Za-z0-9_]) or the text's ends.
//
// Numbers in text are maximal tokens [+-]?(digits[.digits]|.digits)([eE][+-]?digits)
// not preceded by a word character or a point ("C1" holds no number; in
// "2/4 = 0.50" the numbers are 2, 4 and 0.50; in "2017-10-24" only 2017, 10
// and 24, unsigned).
//
// Artifacts are searched by name: "*.json" as JSON (hits located by a JSON
// path such as "$.baseline.ndcg"; text search if it does not parse),
// "*.tokens.txt" as "<key>\t<value>" lines (located as "token <key>"), other
// files line by line ("line 29"). A file with a NUL byte in its first 8 KiB is
// binary and has no hits.
#ifndef REPRO_STAGES_INSPECT_LINEAGE_VALUE_SEARCH_H_
#define REPRO_STAGES_INSPECT_LINEAGE_VALUE_SEARCH_H_

#include <optional>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"

namespace repro::lineage {

struct ValueQuery {
  std::string text;  // as given, surrounding spaces removed
  bool numeric = false;
  double value = 0;       // when numeric
  int decimals = 0;       // digits after the point (numeric)
  bool exponent = false;  // written with an exponent (numeric)
};

// Parses a query; empty text is InvalidArgument.
absl::StatusOr<ValueQuery> ParseValueQuery(absl::string_view text);

enum class MatchKind { kExact, kRounded, kString };

struct ValueHit {
  std::string location;  // "$.rerank.baseline.ndcg", "line 29", "token <key>"
  std::string found;     // the matching number or string as written
  std::string context;   // the whole line for text files (at most 160 bytes); else empty
  MatchKind kind = MatchKind::kExact;
};

struct SearchOptions {
  int min_round_decimals = 2;
};

// Whether the number written as `candidate` matches a numeric `query`.
std::optional<MatchKind> MatchNumber(const ValueQuery& query, absl::string_view candidate,
                                     const SearchOptions& options);

std::vector<ValueHit> FindInText(absl::string_view text, const ValueQuery& query,
                                 const SearchOptions& options);

// InvalidArgument (with the byte offset) when `json` is not JSON.
absl::StatusOr<std::vector<ValueHit>> FindInJson(absl::string_view json, const ValueQuery& query,
                                                 const SearchOptions& options);

// Lines "<key>\t<value>" (blank and '#' lines skipped): a hit when the key
// equals the query text or the value matches; other lines are searched as text.
std::vector<ValueHit> FindInTokens(absl::string_view text, const ValueQuery& query,
                                   const SearchOptions& options);

// Dispatches on the file name as described above.
std::vector<ValueHit> FindInArtifact(absl::string_view name, absl::string_view bytes,
                                     const ValueQuery& query, const SearchOptions& options);

// The number tokens of `text` (rules above), each once, in order of appearance:
// "[0.108, 0.586]" -> {"0.108", "0.586"}; "2/4 = 0.50" -> {"2", "4", "0.50"}.
std::vector<std::string> NumbersIn(absl::string_view text);

// The value of token `key` in a tokens file, if present.
std::optional<std::string> LookupToken(absl::string_view tokens_text, absl::string_view key);

}  // namespace repro::lineage

#endif  // REPRO_STAGES_INSPECT_LINEAGE_VALUE_SEARCH_H_
