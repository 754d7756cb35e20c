#include "stages/corpus/authored_text.h"

#include <cstddef>

#include "absl/strings/str_format.h"

namespace repro::corpus {
namespace {

unsigned char At(absl::string_view s, size_t i) {
  return i < s.size() ? static_cast<unsigned char>(s[i]) : 0;
}

// The code point of a control character starting at byte i, or -1.
int ControlAt(absl::string_view s, size_t i) {
  const unsigned char c = At(s, i);
  if ((c < 0x20 && c != '\t' && c != '\n') || c == 0x7f) return c;
  const unsigned char next = At(s, i + 1);
  if (c == 0xc2 && next >= 0x80 && next <= 0x9f) return next;  // C1
  return -1;
}

// The code point of an explicit directional formatting character starting
// at byte i (UTF-8 E2 80 AA..AE, E2 81 A6..A9), or -1.
int DirectionalFormattingAt(absl::string_view s, size_t i) {
  if (At(s, i) != 0xe2) return -1;
  const unsigned char second = At(s, i + 1), third = At(s, i + 2);
  if (second == 0x80 && third >= 0xaa && third <= 0xae) return 0x2000 + (third - 0x80);
  if (second == 0x81 && third >= 0xa6 && third <= 0xa9) return 0x2040 + (third - 0x80);
  return -1;
}

}  // namespace

std::string ForbiddenCharacter(absl::string_view s) {
  for (size_t i = 0; i < s.size(); ++i) {
    if (const int c = ControlAt(s, i); c >= 0) {
      return absl::StrFormat(
          "control character U+%04X at byte %d (authored text may hold tab and newline, no other "
          "control character)",
          c, i);
    }
    if (const int c = DirectionalFormattingAt(s, i); c >= 0) {
      return absl::StrFormat(
          "explicit directional formatting character U+%04X at byte %d (an embedding, override or "
          "isolate: it makes text display in an order other than the one it is stored in)",
          c, i);
    }
  }
  return "";
}

}  // namespace repro::corpus
