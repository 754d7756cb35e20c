#include "stages/framework/report/html_page.h"

#include <cstdlib>
#include <memory>

#include "absl/strings/str_cat.h"
#include "cmark-gfm-core-extensions.h"
#include "cmark-gfm.h"
#include "stages/framework/report/svg.h"

namespace repro::report {
namespace {

constexpr char kStyle[] =
    "body{font-family:sans-serif;margin:2em;max-width:1200px;color:#222}"
    "table{border-collapse:collapse;margin:1em 0;font-size:13px}"
    "th,td{border:1px solid #ccc;padding:3px 6px;text-align:left;vertical-align:top}"
    "th{background:#f3f3f3}td.n{text-align:right;font-variant-numeric:tabular-nums}"
    "code{font-size:12px;white-space:nowrap}pre{font-size:12px;white-space:pre-wrap}"
    "figure{margin:1em 0}figcaption{font-size:13px;color:#555}";

struct ParserFree {
  void operator()(cmark_parser* p) const { cmark_parser_free(p); }
};
struct NodeFree {
  void operator()(cmark_node* n) const { cmark_node_free(n); }
};

}  // namespace

std::string HtmlPage(absl::string_view title, absl::string_view body) {
  return absl::StrCat(
      "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>",
      XmlEscape(title), "</title>\n<style>", kStyle, "</style>\n</head>\n<body>\n", body,
      "</body>\n</html>\n");
}

absl::StatusOr<std::string> MarkdownToHtml(absl::string_view markdown) {
  cmark_gfm_core_extensions_ensure_registered();
  std::unique_ptr<cmark_parser, ParserFree> parser(cmark_parser_new(CMARK_OPT_DEFAULT));
  cmark_syntax_extension* table = cmark_find_syntax_extension("table");
  if (parser == nullptr || table == nullptr ||
      !cmark_parser_attach_syntax_extension(parser.get(), table)) {
    return absl::InternalError("cmark-gfm: no parser or no table extension");
  }
  cmark_parser_feed(parser.get(), markdown.data(), markdown.size());
  std::unique_ptr<cmark_node, NodeFree> document(cmark_parser_finish(parser.get()));
  if (document == nullptr) return absl::InternalError("cmark-gfm: parsing failed");
  char* html = cmark_render_html(document.get(), CMARK_OPT_DEFAULT,
                                 cmark_parser_get_syntax_extensions(parser.get()));
  if (html == nullptr) return absl::InternalError("cmark-gfm: rendering failed");
  std::string out(html);
  std::free(html);
  return out;
}

}  // namespace repro::report
