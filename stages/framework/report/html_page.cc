#include "stages/framework/report/html_page.h"

#include <cstdlib>
#include <memory>
#include <vector>

#include "absl/strings/str_cat.h"
#include "cmark-gfm-core-extensions.h"
#include "cmark-gfm.h"
#include "stages/framework/pipeline/status_macros.h"
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
struct IterFree {
  void operator()(cmark_iter* i) const { cmark_iter_free(i); }
};

// Every image node under `root`, ancestors before descendants.
std::vector<cmark_node*> ImageNodes(cmark_node* root) {
  std::vector<cmark_node*> images;
  std::unique_ptr<cmark_iter, IterFree> iter(cmark_iter_new(root));
  for (cmark_event_type event = cmark_iter_next(iter.get()); event != CMARK_EVENT_DONE;
       event = cmark_iter_next(iter.get())) {
    cmark_node* node = cmark_iter_get_node(iter.get());
    if (event == CMARK_EVENT_ENTER && cmark_node_get_type(node) == CMARK_NODE_IMAGE) {
      images.push_back(node);
    }
  }
  return images;
}

// The image's description as plain text, as a browser's alt attribute holds
// it: the literals of its text, code and inline HTML (shown as text), a
// space for each line break.
std::string AltText(cmark_node* image) {
  std::string alt;
  std::unique_ptr<cmark_iter, IterFree> iter(cmark_iter_new(image));
  for (cmark_event_type event = cmark_iter_next(iter.get()); event != CMARK_EVENT_DONE;
       event = cmark_iter_next(iter.get())) {
    if (event != CMARK_EVENT_ENTER) continue;
    cmark_node* node = cmark_iter_get_node(iter.get());
    switch (cmark_node_get_type(node)) {
      case CMARK_NODE_TEXT:
      case CMARK_NODE_CODE:
      case CMARK_NODE_HTML_INLINE:
        if (const char* literal = cmark_node_get_literal(node)) alt += literal;
        break;
      case CMARK_NODE_SOFTBREAK:
      case CMARK_NODE_LINEBREAK:
        alt += ' ';
        break;
      default:
        break;
    }
  }
  return alt;
}

// Replaces every image node under `document` (inline or by reference, any
// URL) by a text node holding its alt text, so the page loads nothing.
// Descendants go first, so no replaced node is visited after it is freed.
absl::Status ImagesToAltText(cmark_node* document) {
  std::vector<cmark_node*> images = ImageNodes(document);
  for (auto it = images.rbegin(); it != images.rend(); ++it) {
    cmark_node* text = cmark_node_new(CMARK_NODE_TEXT);
    if (text == nullptr || !cmark_node_set_literal(text, AltText(*it).c_str()) ||
        !cmark_node_replace(*it, text)) {
      if (text != nullptr) cmark_node_free(text);
      return absl::InternalError("cmark-gfm: cannot replace an image by its alt text");
    }
    cmark_node_free(*it);
  }
  return absl::OkStatus();
}

}  // namespace

std::string HtmlPage(absl::string_view title, absl::string_view body,
                     absl::string_view extra_style) {
  return absl::StrCat(
      "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>",
      XmlEscape(title), "</title>\n<style>", kStyle, extra_style, "</style>\n</head>\n<body>\n",
      body, "</body>\n</html>\n");
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
  RETURN_IF_ERROR(ImagesToAltText(document.get()));
  char* html = cmark_render_html(document.get(), CMARK_OPT_DEFAULT,
                                 cmark_parser_get_syntax_extensions(parser.get()));
  if (html == nullptr) return absl::InternalError("cmark-gfm: rendering failed");
  std::string out(html);
  std::free(html);
  return out;
}

}  // namespace repro::report
