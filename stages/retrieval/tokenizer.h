// The code-aware tokenizer of the harnesses, version "code-tokenizer/1".
//
// The version string is part of every index and model hash: any change to the
// rules below must bump it.
//
// Rules, applied to the bytes of a text (no Unicode handling: every byte
// outside [A-Za-z0-9_] is a separator, including every non-ASCII byte):
//  1. A *word* is a maximal run of [A-Za-z0-9_].
//  2. A word is cut into *parts* at '_' (dropped), at a lower->upper case
//     change ("processUntracked" -> process|Untracked), before the last
//     capital of a capital run that is followed by a lower-case letter
//     ("HTTPServer" -> HTTP|Server) and at every letter<->digit change
//     ("utf8" -> utf|8, "x509" -> x|509). Plural acronyms stay whole: a run of
//     two or more capitals followed by one 's' that ends the word or precedes
//     a non-lower-case character is one part ("URLs" -> URLs,
//     "IDsFrom" -> IDs|From).
//  3. Everything is lower-cased (ASCII).
//  4. When a word has two or more parts, the whole word (lower-cased,
//     underscores kept: "file_archiver", "httpserver") is emitted first, then
//     its parts in order. A word with one part is emitted once.
//  5. A token shorter than 2 or longer than 64 bytes is dropped, and so is a
//     stopword (below). These filters apply to whole words and parts alike.
//
// Stopwords: the 33 English function words of Lucene's EnglishAnalyzer
// default stop set (a an and are as at be but by for if in into is it no not
// of on or such that the their then there these they this to was will with).
// Go keywords are NOT stopwords: "case", "default", "type", "range", "map" are
// ordinary English in bug reports (a reformulation asks for "case sensitive"),
// and BM25's idf already discounts words that occur in most code chunks.
//
// Output order is the order of the words in the text; the function is pure and
// deterministic. Tokens are owned std::strings (Tokenize) or views valid only
// during the callback (ForEachToken, which does not allocate per token).
#ifndef REPRO_STAGES_RETRIEVAL_TOKENIZER_H_
#define REPRO_STAGES_RETRIEVAL_TOKENIZER_H_

#include <string>
#include <vector>

#include "absl/functional/function_ref.h"
#include "absl/strings/string_view.h"
#include "absl/types/span.h"

namespace repro::retrieval {

inline constexpr absl::string_view kTokenizerVersion = "code-tokenizer/1";
inline constexpr int kMinTokenBytes = 2;
inline constexpr int kMaxTokenBytes = 64;

// Calls `emit` for every token of `text`, in order. The view passed to `emit`
// is valid only during that call.
void ForEachToken(absl::string_view text, absl::FunctionRef<void(absl::string_view)> emit);

// The tokens of `text`, in order.
std::vector<std::string> Tokenize(absl::string_view text);

// True for the 33 stopwords listed above (input must be lower case).
bool IsStopword(absl::string_view token);

// The stopword list, sorted.
absl::Span<const absl::string_view> Stopwords();

}  // namespace repro::retrieval

#endif  // REPRO_STAGES_RETRIEVAL_TOKENIZER_H_
