#include "stages/framework/report/markdown.h"

#include "absl/strings/string_view.h"

namespace repro::report {
namespace {

constexpr absl::string_view kSpecial = "\\`*_[]<>#|~&";
constexpr char kReplacement[] = "\xEF\xBF\xBD";  // U+FFFD

bool IsControl(unsigned char c) { return (c < 0x20 && c != '\t') || c == 0x7f; }

}  // namespace

std::string MarkdownText(absl::string_view s) {
  std::string out;
  out.reserve(s.size());
  for (const char c : s) {
    if (c == '\n' || c == '\r') {
      out += ' ';
    } else if (IsControl(static_cast<unsigned char>(c))) {
      out += kReplacement;
    } else {
      if (kSpecial.find(c) != absl::string_view::npos) out += '\\';
      out += c;
    }
  }
  return out;
}

}  // namespace repro::report
