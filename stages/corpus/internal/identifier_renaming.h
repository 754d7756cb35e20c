// What FunctionParser::RenameIdentifiers (functions.h) renames and to
// what, private to //stages/corpus:functions, from the captures of a
// language's queries/identifiers.scm (query_captures.h).
//
// The names of a file are the texts of its @definition nodes that have a
// letter or a digit (Go's and Python's `_` is no name). PlanRenaming
// gives each an opaque name of the same byte length, processing the names in
// byte order:
//   - a name's characters are kept where they are not ASCII letters or
//     digits ('_', '$', a leading '@', '@@', '$' or '#', a trailing '?' or
//     '!'); its first letter or digit (its head: Go's exported names, Ruby's
//     constants, Python's _private and __dunder__ names) keeps its class,
//     A-Z, a-z or 0-9; every later letter or digit becomes one of a-z0-9;
//   - the first candidate is drawn from SHA-256 of the salt (the file's
//     path) and the name, nothing else; a candidate whose word (the name
//     without its leading and trailing sigils) is a keyword of the grammar
//     (a word-like anonymous node type), a word of the file (a maximal run
//     of ASCII letters, digits, '_' and '$', in code, strings or comments) or
//     the word of an earlier name's replacement is refused, and the next one
//     is tried: in a space of at most kSmallSpace names (a name of one or two
//     letters or digits) every name of the space in turn from the first
//     candidate's place, in a larger one up to kAttempts candidates each
//     drawn from SHA-256 of the salt, the name and the attempt. So the
//     renaming is a bijection of the file's names onto names absent from it;
//   - a name is kept unchanged, and counted in `kept`, when no candidate is
//     free (its space is exhausted: a one-letter name in a file with every
//     other one-letter word, say) or when it is not renamable: not ASCII
//     (every byte must stay: a non-ASCII identifier keeps its bytes), or with
//     a sigil inside it (Rust's raw identifier r#type).
// ApplyRenaming replaces every @definition and @reference node whose text is
// a renamed name (each node once; a node inside an earlier one is skipped)
// and returns the number of nodes replaced.
#ifndef REPRO_STAGES_CORPUS_INTERNAL_IDENTIFIER_RENAMING_H_
#define REPRO_STAGES_CORPUS_INTERNAL_IDENTIFIER_RENAMING_H_

#include <tree_sitter/api.h>

#include <cstdint>
#include <map>
#include <optional>
#include <set>
#include <string>

#include "absl/strings/string_view.h"
#include "stages/corpus/query_captures.h"

namespace repro::corpus::internal {

// The capture names of identifiers.scm.
inline constexpr char kDefinitionCapture[] = "definition";
inline constexpr char kReferenceCapture[] = "reference";

// Spaces up to this size are searched whole; larger ones kAttempts times.
inline constexpr uint64_t kSmallSpace = 36 * 36;
inline constexpr int kAttempts = 64;

// Every anonymous node type of `language` that is a word ("func", "def").
std::set<std::string> GrammarKeywords(const TSLanguage* language);

// Every maximal run of ASCII letters, digits, '_' and '$' in `text`.
std::set<std::string> WordsOf(absl::string_view text);

// A name's replacement: nullopt when it is not renamable or no candidate
// is free; `taken` holds the words a candidate must not have.
std::optional<std::string> OpaqueName(absl::string_view name, absl::string_view salt,
                                      const std::set<std::string>& taken);

struct Renaming {
  std::map<std::string, std::string> names;  // every renamed name: its replacement
  int kept = 0;                              // names defined and kept unchanged
};

Renaming PlanRenaming(absl::string_view source, const Captures& captures, absl::string_view salt,
                      std::set<std::string> keywords);

int ApplyRenaming(const Renaming& renaming, const Captures& captures, std::string* text);

}  // namespace repro::corpus::internal

#endif  // REPRO_STAGES_CORPUS_INTERNAL_IDENTIFIER_RENAMING_H_
