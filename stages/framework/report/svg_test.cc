#include "stages/framework/report/svg.h"

#include "gtest/gtest.h"

namespace repro::report {
namespace {

TEST(XmlEscapeTest, EscapesMarkupAndQuotes) {
  EXPECT_EQ(XmlEscape("a < b && c > \"d\" 'e'"), "a &lt; b &amp;&amp; c &gt; &quot;d&quot; 'e'");
}

TEST(XmlEscapeTest, ControlCharactersXmlForbidsBecomeReplacementCharacters) {
  EXPECT_EQ(XmlEscape(std::string("t\0a\x1b[2J\x07\tb\n", 11)),
            "t\xEF\xBF\xBD"
            "a\xEF\xBF\xBD[2J\xEF\xBF\xBD\tb\n");
}

TEST(SvgNumberTest, FixedDecimals) {
  EXPECT_EQ(SvgNumber(70, 1), "70.0");
  EXPECT_EQ(SvgNumber(1.005, 2), "1.00");  // binary 1.00499...
  EXPECT_EQ(SvgNumber(-2.25, 2), "-2.25");
}

TEST(SvgTagTest, EmptyNestedAndInlineElements) {
  EXPECT_EQ(SvgTag("circle", {{"cx", "1.0"}, {"fill", "#1b6ca8"}}),
            "<circle cx=\"1.0\" fill=\"#1b6ca8\"/>\n");
  EXPECT_EQ(SvgTag("text", {{"x", "2"}}, "a" + SvgInline("tspan", {{"dy", "15"}}, "b")),
            "<text x=\"2\">a<tspan dy=\"15\">b</tspan></text>\n");
  EXPECT_EQ(SvgText({{"title", "\"q\""}}, "x < y"),
            "<text title=\"&quot;q&quot;\">x &lt; y</text>\n");
}

TEST(SvgOpenTest, RootAndBackground) {
  EXPECT_EQ(SvgOpen(720, 420, 1, {{"font-size", "12"}}) + SvgClose(),
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"720.0\" height=\"420.0\" "
            "viewBox=\"0 0 720.0 420.0\" font-family=\"sans-serif\" font-size=\"12\">\n"
            "<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n</svg>\n");
  EXPECT_EQ(SvgOpen(10, 20, 2),
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"10.00\" height=\"20.00\" "
            "viewBox=\"0 0 10.00 20.00\" font-family=\"sans-serif\">\n"
            "<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n");
}

TEST(PlotFrameTest, MapsDataIntoTheRectangleWithYUp) {
  const PlotFrame f{0, 10, -1, 1, 70, 40, 460, 300};
  EXPECT_DOUBLE_EQ(f.X(0), 70);
  EXPECT_DOUBLE_EQ(f.X(10), 530);
  EXPECT_DOUBLE_EQ(f.Y(-1), 340);
  EXPECT_DOUBLE_EQ(f.Y(1), 40);
  EXPECT_DOUBLE_EQ(f.Y(0), 190);
}

}  // namespace
}  // namespace repro::report
