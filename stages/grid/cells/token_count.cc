#include "stages/grid/cells/token_count.h"

#include "absl/strings/ascii.h"

namespace repro::grid {

int64_t CountTokens(absl::string_view text) {
  int64_t tokens = 0;
  bool in_word = false;
  for (size_t i = 0; i < text.size(); ++i) {
    const unsigned char c = static_cast<unsigned char>(text[i]);
    if (c < 0x80 && (absl::ascii_isalnum(c) || c == '_')) {
      if (!in_word) ++tokens;
      in_word = true;
      continue;
    }
    in_word = false;
    if (c < 0x80) {
      if (!absl::ascii_isspace(c)) ++tokens;
    } else if ((c & 0xC0) != 0x80) {
      ++tokens;  // the lead byte of a code point; continuation bytes are skipped
    }
  }
  return tokens;
}

}  // namespace repro::grid
