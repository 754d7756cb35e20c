#include "stages/studies/judge/plots.h"

#include "gtest/gtest.h"

namespace repro::judge {
namespace {

TEST(LinePlot, DeterministicAndEscaped) {
  Axes a{"top-1 <vs> accuracy", "x", "y", 0, 1, 0, 1};
  std::vector<Series> s = {{"Mallows & co", "#000000", {{0, 0}, {0.5, 0.25}, {1, 1}}}};
  Band b{"envelope", {{0, 0}, {1, 0}}, {{0, 1}, {1, 1}}};
  const std::string svg = LinePlot(a, s, b);
  EXPECT_EQ(svg, LinePlot(a, s, b));
  EXPECT_NE(svg.find("top-1 &lt;vs&gt; accuracy"), std::string::npos);
  EXPECT_NE(svg.find("Mallows &amp; co"), std::string::npos);
  // x = 0.5 maps to 70 + 230 = 300; y = 0.25 to 40 + 300 - 75 = 265.
  EXPECT_NE(svg.find("300.00,265.00"), std::string::npos);
  EXPECT_EQ(svg.rfind("</svg>\n"), svg.size() - 7);
}

TEST(IntervalPlot, RowsInOrder) {
  Axes a{"t", "top-1", "", 0, 1, 0, 1};
  std::vector<IntervalRow> rows = {{"first", 0.5, 0.4, 0.6, std::make_pair(0.0, 1.0), 0.3},
                                   {"second", 0.7, 0.6, 0.8, std::nullopt, std::nullopt}};
  const std::string svg = IntervalPlot(a, rows, "identification range", "random pick");
  EXPECT_LT(svg.find(">first<"), svg.find(">second<"));
  EXPECT_NE(svg.find("random pick"), std::string::npos);
}

}  // namespace
}  // namespace repro::judge
