// Authored text inside a report's Markdown.
//
// MarkdownText(s): `s` as Markdown inline text that renders as the text it
// is, on one line, whatever it holds: each of the ASCII characters that can
// open or close a Markdown construct (\ ` * _ [ ] < > # | ~ &) is escaped
// with a backslash (CommonMark: any ASCII punctuation may be), so authored
// text can add no heading, emphasis, link, image, code, table cell or HTML;
// a line break (LF, CR) becomes a space, so it cannot start a block; any
// other control character but tab (C0, DEL: the experiment fetch refuses
// them, this is the last guard) becomes U+FFFD. Text without those
// characters is returned unchanged. Bytes are compared, never decoded.
#ifndef REPRO_STAGES_FRAMEWORK_REPORT_MARKDOWN_H_
#define REPRO_STAGES_FRAMEWORK_REPORT_MARKDOWN_H_

#include <string>

#include "absl/strings/string_view.h"

namespace repro::report {

std::string MarkdownText(absl::string_view s);

}  // namespace repro::report

#endif  // REPRO_STAGES_FRAMEWORK_REPORT_MARKDOWN_H_
