#include "stages/framework/report/svg.h"

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"

namespace repro::report {
namespace {

std::string Attributes(const SvgAttributes& attributes) {
  std::string out;
  for (const auto& [name, value] : attributes) {
    absl::StrAppend(&out, " ", name, "=\"", XmlEscape(value), "\"");
  }
  return out;
}

// A C0 control character XML 1.0 does not allow (all but tab, LF and CR).
bool IsXmlForbidden(unsigned char c) { return c < 0x20 && c != '\t' && c != '\n' && c != '\r'; }

}  // namespace

std::string XmlEscape(absl::string_view s) {
  std::string out;
  out.reserve(s.size());
  for (char c : s) {
    switch (c) {
      case '&':
        out += "&amp;";
        break;
      case '<':
        out += "&lt;";
        break;
      case '>':
        out += "&gt;";
        break;
      case '"':
        out += "&quot;";
        break;
      default:
        if (IsXmlForbidden(static_cast<unsigned char>(c))) {
          out += "\xEF\xBF\xBD";  // U+FFFD
        } else {
          out += c;
        }
    }
  }
  return out;
}

std::string SvgNumber(double v, int decimals) { return absl::StrFormat("%.*f", decimals, v); }

std::string SvgTag(absl::string_view name, const SvgAttributes& attributes) {
  return absl::StrCat("<", name, Attributes(attributes), "/>\n");
}

std::string SvgTag(absl::string_view name, const SvgAttributes& attributes,
                   absl::string_view inner) {
  return absl::StrCat(SvgInline(name, attributes, inner), "\n");
}

std::string SvgInline(absl::string_view name, const SvgAttributes& attributes,
                      absl::string_view inner) {
  return absl::StrCat("<", name, Attributes(attributes), ">", inner, "</", name, ">");
}

std::string SvgText(const SvgAttributes& attributes, absl::string_view text) {
  return SvgTag("text", attributes, XmlEscape(text));
}

std::string SvgOpen(double width, double height, int decimals, const SvgAttributes& extra) {
  const std::string w = SvgNumber(width, decimals), h = SvgNumber(height, decimals);
  SvgAttributes root = {{"xmlns", "http://www.w3.org/2000/svg"},
                        {"width", w},
                        {"height", h},
                        {"viewBox", absl::StrCat("0 0 ", w, " ", h)},
                        {"font-family", "sans-serif"}};
  root.insert(root.end(), extra.begin(), extra.end());
  return absl::StrCat("<svg", Attributes(root), ">\n",
                      SvgTag("rect", {{"width", "100%"}, {"height", "100%"}, {"fill", "white"}}));
}

std::string SvgClose() { return "</svg>\n"; }

}  // namespace repro::report
