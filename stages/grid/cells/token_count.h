// The deterministic token count behind the grid's token-budget coverage.
//
// CountTokens counts, in one pass over UTF-8 text:
//  - each maximal run of ASCII letters, digits and '_' as one token;
//  - each other non-white-space character (ASCII punctuation, or one UTF-8
//    code point >= U+0080) as one token.
// White space (space, tab, CR, LF, VT, FF) separates tokens and is not
// counted. This lexical count tracks BPE token counts of source code in order
// of magnitude without pinning a model tokenizer; it is the count the 13,000
// and 27,000 token budgets are measured in.
#ifndef REPRO_STAGES_GRID_CELLS_TOKEN_COUNT_H_
#define REPRO_STAGES_GRID_CELLS_TOKEN_COUNT_H_

#include <cstdint>

#include "absl/strings/string_view.h"

namespace repro::grid {

int64_t CountTokens(absl::string_view text);

}  // namespace repro::grid

#endif  // REPRO_STAGES_GRID_CELLS_TOKEN_COUNT_H_
