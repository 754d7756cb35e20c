// Self-contained HTML pages for reports: one style, no script, nothing
// loaded from elsewhere.
//
// HtmlPage(title, body, extra_style): "<!DOCTYPE html>" ... "</html>\n" with
// `title` HTML-escaped (XmlEscape, svg.h) in <title>, the project's report
// CSS inline in <style> followed by `extra_style` (CSS rules of one kind of
// page, written as given), and `body` (markup, written as given) inside
// <body>. Equal arguments give equal bytes.
//
// MarkdownToHtml(markdown): a report's Markdown as HTML markup, rendered by
// cmark-gfm (GitHub Flavored Markdown: CommonMark plus its table extension)
// in its safe mode: raw HTML in the Markdown is not passed through (an HTML
// comment marks where it was) and links with a javascript:, vbscript:,
// file: or data: URL are dropped, so authored text can never add markup or
// script. Every image (inline `![alt](url)` or by reference `![alt][ref]`,
// whatever its URL) is rendered as its alt text, escaped, so the page never
// loads anything. Deterministic: cmark-gfm's output depends only on the
// input and the options. InternalError if cmark-gfm cannot allocate or lacks
// its table extension.
#ifndef REPRO_STAGES_FRAMEWORK_REPORT_HTML_PAGE_H_
#define REPRO_STAGES_FRAMEWORK_REPORT_HTML_PAGE_H_

#include <string>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"

namespace repro::report {

std::string HtmlPage(absl::string_view title, absl::string_view body,
                     absl::string_view extra_style = "");

absl::StatusOr<std::string> MarkdownToHtml(absl::string_view markdown);

}  // namespace repro::report

#endif  // REPRO_STAGES_FRAMEWORK_REPORT_HTML_PAGE_H_
