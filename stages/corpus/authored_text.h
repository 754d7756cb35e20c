// The characters authored text may not hold: task files (task_spec.h) and
// the queries the task miner writes into one (//tools/tasks:mine), so that
// what the miner writes always reads back.
//
// ForbiddenCharacter(s) describes the first character of `s` that authored
// text may not hold, or returns "" when there is none:
//  - a control character other than tab and newline (C0, DEL, and C1 as
//    UTF-8 U+0080..U+009F): "control character U+001B at byte 3 (authored
//    text may hold tab and newline, no other control character)";
//  - an explicit directional formatting character of Unicode's
//    bidirectional algorithm (UAX #9: the embeddings and overrides
//    U+202A..U+202E, the isolates U+2066..U+2069), which makes text display
//    in an order other than the one it is stored in: "explicit directional
//    formatting character U+202E at byte 5 (...)".
// Bytes are compared, never decoded: `s` need not be valid UTF-8 (that is
// checked elsewhere), and a byte offset is 0-based.
#ifndef REPRO_STAGES_CORPUS_AUTHORED_TEXT_H_
#define REPRO_STAGES_CORPUS_AUTHORED_TEXT_H_

#include <string>

#include "absl/strings/string_view.h"

namespace repro::corpus {

std::string ForbiddenCharacter(absl::string_view s);

}  // namespace repro::corpus

#endif  // REPRO_STAGES_CORPUS_AUTHORED_TEXT_H_
