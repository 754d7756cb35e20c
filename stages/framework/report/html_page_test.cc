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

TEST(HtmlPageTest, AddsAPagesOwnStyleAfterTheReportStyle) {
  const std::string page = HtmlPage("t", "<p>x</p>\n", "#report td{white-space:nowrap}");
  EXPECT_THAT(page, HasSubstr("color:#555}#report td{white-space:nowrap}</style>"));
  EXPECT_THAT(HtmlPage("t", ""), HasSubstr("color:#555}</style>"));
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

TEST(MarkdownToHtmlTest, ImagesRenderAsTheirAltTextAndLoadNothing) {
  absl::StatusOr<std::string> html = MarkdownToHtml(
      "a ![pixel *one*](http://127.0.0.1:8765/pixel.png) b\n\n"
      "c ![ref `two`][p] d\n\n"
      "e ![outer ![inner](http://127.0.0.1:8765/in.png)](http://127.0.0.1:8765/out.png)\n\n"
      "f ![<x>](local.svg) [link ![g](http://127.0.0.1:8765/g.png)](https://example.org)\n\n"
      "[p]: http://127.0.0.1:8765/ref.png\n");
  ASSERT_TRUE(html.ok()) << html.status();
  EXPECT_THAT(*html, Not(HasSubstr("<img")));
  EXPECT_THAT(*html, Not(HasSubstr("127.0.0.1")));
  EXPECT_THAT(*html, Not(HasSubstr("local.svg")));
  EXPECT_THAT(*html, HasSubstr("<p>a pixel one b</p>"));
  EXPECT_THAT(*html, HasSubstr("<p>c ref two d</p>"));
  EXPECT_THAT(*html, HasSubstr("<p>e outer inner</p>"));
  EXPECT_THAT(*html, HasSubstr("<p>f &lt;x&gt; <a href=\"https://example.org\">link g</a></p>"));
}

TEST(MarkdownToHtmlTest, Deterministic) {
  EXPECT_EQ(*MarkdownToHtml("a\n\nb\n"), *MarkdownToHtml("a\n\nb\n"));
}

}  // namespace
}  // namespace repro::report
