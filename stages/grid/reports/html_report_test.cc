#include "stages/grid/reports/html_report.h"

#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "stages/grid/reports/svg_plot.h"

namespace repro::grid {
namespace {

using ::testing::HasSubstr;
using ::testing::Not;

GridReport ThreeUnits() {
  GridReport r;
  r.set_experiment("exp<1>");
  r.set_repository("repo & co");
  r.set_tasks(1);
  r.add_harnesses("H000");
  r.add_doses(1);
  r.set_bootstrap_resamples(100);
  r.set_bootstrap_seed(7);
  for (const char* id : {"baseline", "S001", "S002"}) {
    Condition* c = r.add_conditions();
    c->set_id(id);
    c->set_label(id);
    if (std::string(id) != "baseline") c->set_paired_with("baseline");
  }
  struct Row {
    const char* condition;
    double mrr;
  };
  for (const Row& row : {Row{"baseline", 0.5}, Row{"S001", 0.5}, Row{"S002", 0.25}}) {
    GridUnit* u = r.add_units();
    u->set_unit_id(std::string("T\"1/H000/") + row.condition);
    u->set_task_id("T\"1");
    u->set_harness("H000");
    u->set_condition(row.condition);
    u->set_label(row.condition);
    u->mutable_outcome()->set_mrr(row.mrr);
    if (row.mrr != 0.5 || std::string(row.condition) == "S001") {
      u->mutable_paired()->set_delta_mrr(row.mrr - 0.5);
    }
  }
  Summary* s = r.add_summaries();
  s->set_harness("H000");
  s->set_condition("S002");
  s->set_dose(1);
  s->set_metric("delta_mrr");
  s->mutable_value()->set_mean(-0.25);
  s->mutable_value()->set_low(-0.5);
  s->mutable_value()->set_high(0);
  return r;
}

// A report.md as report_writer writes one: sections, an interval table, a
// plot shown as an image, a caveat.
constexpr char kReportMd[] =
    "# Robustness of retrieval harnesses: g\n"
    "\n"
    "## S001: stale index (paired with the baseline)\n"
    "\n"
    "| Metric | H000 |\n"
    "|---|---|\n"
    "| delta_mrr | -0.2500 [-0.5000, 0.0000] |\n"
    "\n"
    "With no gold file changed, a null S001 effect is expected by construction.\n"
    "\n"
    "## S002: dose-response\n"
    "\n"
    "![MRR by dose](dose_response.svg)\n"
    "\n"
    "## Conventions\n"
    "\n"
    "- MRR = 1 / rank of the first gold file.\n";

// Acc@k of ThreeUnits' units: the baseline finds every gold file at rank 3
// and has no gold function; the perturbations lose it.
std::vector<UnitAccuracy> Accuracy() {
  std::vector<UnitAccuracy> a(3);
  a[0].file = {0, 1, 1, 1};
  a[1].file = {0, 0, 1, 1};
  a[1].function = AccuracyRow{0, 1, 1, 1};
  return a;
}

constexpr char kSvg[] = "<svg xmlns=\"http://www.w3.org/2000/svg\"></svg>\n";

TEST(RenderHtmlReportTest, EveryTextOfReportMdFromItsOwnMarkdown) {
  absl::StatusOr<std::string> html = RenderHtmlReport(ThreeUnits(), kReportMd, Accuracy(), {});
  ASSERT_TRUE(html.ok()) << html.status();
  EXPECT_THAT(*html,
              HasSubstr("<div id=\"report\">\n<h1>Robustness of retrieval harnesses: g</h1>"));
  EXPECT_THAT(*html, HasSubstr("<h2>S001: stale index (paired with the baseline)</h2>"));
  EXPECT_THAT(*html, HasSubstr("<td>-0.2500 [-0.5000, 0.0000]</td>"));
  EXPECT_THAT(*html, HasSubstr("a null S001 effect is expected by construction."));
  EXPECT_THAT(*html, HasSubstr("<h2>Conventions</h2>"));
  EXPECT_THAT(*html, HasSubstr("<li>MRR = 1 / rank of the first gold file.</li>"));
  // No second writer: no summary or comparison table of the page's own.
  EXPECT_THAT(*html, Not(HasSubstr("id=\"summary\"")));
  EXPECT_THAT(*html, Not(HasSubstr("id=\"comparisons\"")));
  // An interval never wraps inside its value.
  EXPECT_THAT(*html, HasSubstr("#report td{white-space:nowrap;"));
}

TEST(RenderHtmlReportTest, APlotStandsWhereReportMdShowsIt) {
  absl::StatusOr<std::string> html = RenderHtmlReport(
      ThreeUnits(), kReportMd, Accuracy(), {{"dose-response", kSvg}, {"rank-displacement", kSvg}});
  ASSERT_TRUE(html.ok()) << html.status();
  const size_t heading = html->find("<h2>S002: dose-response</h2>");
  const size_t figure = html->find("<figure id=\"plot-dose-response\">\n<svg");
  const size_t next = html->find("<h2>Conventions</h2>");
  ASSERT_NE(figure, std::string::npos);
  EXPECT_LT(heading, figure);
  EXPECT_LT(figure, next);
  EXPECT_THAT(*html, HasSubstr("<figcaption>MRR by dose</figcaption>"));
  EXPECT_THAT(*html, Not(HasSubstr("<img")));
  // A plot report.md does not show comes after its text, under "Per unit".
  EXPECT_GT(html->find("<figure id=\"plot-rank-displacement\">"), html->find("<h2>Per unit</h2>"));
}

TEST(RenderHtmlReportTest, UnitsEscapedWithTheirCommandsCollapsed) {
  absl::StatusOr<std::string> html = RenderHtmlReport(ThreeUnits(), kReportMd, Accuracy(), {});
  ASSERT_TRUE(html.ok()) << html.status();
  EXPECT_THAT(*html, HasSubstr("<td>T&quot;1/H000/S002</td>"));
  EXPECT_THAT(*html, HasSubstr("<figure id=\"plot-scatter\">"));
  EXPECT_THAT(*html, HasSubstr("<td><details><summary>commands</summary><pre>"
                               "bazel run //stages/grid:search -- --experiment=exp&lt;1&gt; "
                               "--harness=H000 --task=T&quot;1\n"
                               "bazel run //tools/lineage -- bazel-bin/reports/exp&lt;1&gt; "
                               "T&quot;1/H000/baseline</pre></details></td>"));
  // Nothing loads from elsewhere (the SVG namespace URI is a name, not a fetch).
  for (const char* fetch : {"<script", "<link", "src=", "href=", "url(", "@import"}) {
    EXPECT_THAT(*html, Not(HasSubstr(fetch))) << fetch;
  }
}

TEST(RenderHtmlReportTest, UnitsGiveTheirFileAndFunctionAccuracyAtEachCutoff) {
  absl::StatusOr<std::string> html = RenderHtmlReport(ThreeUnits(), kReportMd, Accuracy(), {});
  ASSERT_TRUE(html.ok()) << html.status();
  EXPECT_THAT(*html, HasSubstr("<th colspan=\"4\">file Acc@k</th><th colspan=\"4\">function "
                               "Acc@k</th>"));
  EXPECT_THAT(*html, HasSubstr("<tr><th>@1</th><th>@3</th><th>@5</th><th>@10</th><th>@1</th>"));
  const std::string n = "<td class=\"n\">";
  // The baseline: file 0 1 1 1, no gold function.
  EXPECT_THAT(*html, HasSubstr(absl::StrCat(n, "0.5000</td><td></td>", n, "0</td>", n, "1</td>", n,
                                            "1</td>", n,
                                            "1</td><td>n/a</td><td>n/a</td><td>n/a</td>"
                                            "<td>n/a</td><td><details>")));
  // S001: file 0 0 1 1, function 0 1 1 1.
  EXPECT_THAT(
      *html, HasSubstr(absl::StrCat(n, "0</td>", n, "0</td>", n, "1</td>", n, "1</td>", n, "0</td>",
                                    n, "1</td>", n, "1</td>", n, "1</td><td><details>")));
}

TEST(RenderHtmlReportTest, RefusesAccuracyThatIsNotOnePerUnit) {
  absl::StatusOr<std::string> html = RenderHtmlReport(ThreeUnits(), kReportMd, {}, {});
  EXPECT_FALSE(html.ok());
  EXPECT_THAT(std::string(html.status().message()),
              HasSubstr("Acc@k of 0 units, report.json has 3"));
}

TEST(RenderHtmlReportTest, EqualInputsGiveEqualBytes) {
  EXPECT_EQ(*RenderHtmlReport(ThreeUnits(), kReportMd, Accuracy(), {}),
            *RenderHtmlReport(ThreeUnits(), kReportMd, Accuracy(), {}));
}

TEST(RenderHtmlReportTest, ScatterLabelsBothAxesInTheConditionColours) {
  const std::string svg = ScatterSvg(ThreeUnits());
  EXPECT_THAT(svg, HasSubstr(">baseline MRR</text>"));
  EXPECT_THAT(svg,
              HasSubstr("rotate(-90)\" text-anchor=\"middle\">perturbed MRR (S001, S002)</text>"));
  EXPECT_THAT(svg, HasSubstr(absl::StrCat("fill=\"", kStaleColor, "\"")));
  EXPECT_THAT(svg, HasSubstr(absl::StrCat("fill=\"", kDistractorColor, "\"")));
}

TEST(RenderHtmlReportTest, ScatterDrawsOnePointPerPairedUnit) {
  const std::string svg = ScatterSvg(ThreeUnits());
  size_t circles = 0;
  for (size_t at = svg.find("<circle"); at != std::string::npos; at = svg.find("<circle", at + 1))
    ++circles;
  EXPECT_EQ(circles, 2u);  // S001 and S002; the baseline is the x axis
}

TEST(RenderHtmlReportTest, RefusesAPlotThatIsNotSvg) {
  absl::StatusOr<std::string> html =
      RenderHtmlReport(ThreeUnits(), kReportMd, Accuracy(), {{"bad", "<script>x</script>"}});
  EXPECT_FALSE(html.ok());
  EXPECT_THAT(std::string(html.status().message()), HasSubstr("plot 'bad'"));
}

}  // namespace
}  // namespace repro::grid
