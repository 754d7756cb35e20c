#include "stages/framework/report/html_page.h"

#include "gmock/gmock.h"
#include "gtest/gtest.h"

namespace repro::report {
namespace {

using ::testing::HasSubstr;
using ::testing::Not;
using ::testing::StartsWith;

TEST(HtmlPageTest, EscapesTheTitleAndKeepsTheBody) {
  const std::string page = HtmlPage("a <b> & c", "<p>x</p>\n");
  EXPECT_THAT(page, StartsWith("<!DOCTYPE html>\n"));
  EXPECT_THAT(page, HasSubstr("<title>a &lt;b&gt; &amp; c</title>"));
  EXPECT_THAT(page, HasSubstr("<body>\n<p>x</p>\n</body>"));
  EXPECT_THAT(page, Not(HasSubstr("<script")));
}

TEST(MarkdownToHtmlTest, RendersHeadingsListsAndTables) {
  absl::StatusOr<std::string> html =
      MarkdownToHtml("# T\n\n- a `b`\n\n| x | y |\n|---|---:|\n| 1 | 2 |\n");
  ASSERT_TRUE(html.ok()) << html.status();
  EXPECT_THAT(*html, HasSubstr("<h1>T</h1>"));
  EXPECT_THAT(*html, HasSubstr("<li>a <code>b</code></li>"));
  EXPECT_THAT(*html, HasSubstr("<table>"));
  EXPECT_THAT(*html, HasSubstr("<td align=\"right\">2</td>"));
}

TEST(MarkdownToHtmlTest, AuthoredTextCannotAddMarkupOrScript) {
  absl::StatusOr<std::string> html = MarkdownToHtml(
      "x <script>alert(1)</script>\n\n<div onclick=\"y\">z</div>\n\n[l](javascript:alert(1))\n");
  ASSERT_TRUE(html.ok());
  EXPECT_THAT(*html, Not(HasSubstr("<script")));
  EXPECT_THAT(*html, Not(HasSubstr("onclick")));
  EXPECT_THAT(*html, Not(HasSubstr("javascript:")));
}

TEST(MarkdownToHtmlTest, Deterministic) {
  EXPECT_EQ(*MarkdownToHtml("a\n\nb\n"), *MarkdownToHtml("a\n\nb\n"));
}

}  // namespace
}  // namespace repro::report
