// Stage report_page: a report's Markdown as a self-contained HTML page
// (html_page.h: cmark-gfm in its safe mode, the report style inline).
// Input: "markdown" (e.g. W04's w04.md). Argument: --title (the page title,
// HTML-escaped). Output: report.html.
#include <string>

#include "absl/flags/flag.h"
#include "stages/framework/pipeline/stage.h"
#include "stages/framework/pipeline/status_macros.h"
#include "stages/framework/report/html_page.h"

ABSL_FLAG(std::string, title, "", "The page's title.");

namespace repro::report {
namespace {

absl::Status Run(Stage& stage) {
  const std::string title = absl::GetFlag(FLAGS_title);
  if (title.empty()) return absl::InvalidArgumentError("report_page: --title is empty");
  ASSIGN_OR_RETURN(const std::string markdown, stage.Read("markdown"));
  ASSIGN_OR_RETURN(const std::string body, MarkdownToHtml(markdown));
  return stage.Write("report.html", HtmlPage(title, body));
}

}  // namespace
}  // namespace repro::report

int main(int argc, char** argv) { return repro::RunStage(argc, argv, repro::report::Run); }
