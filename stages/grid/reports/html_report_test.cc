#include "stages/grid/reports/html_report.h"

#include <algorithm>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "stages/grid/conditions/test_conditions.h"
#include "stages/grid/reports/packing_figures.h"
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

// A summary row of PackingReport.
struct SummaryRow {
  const char* harness;
  const char* condition;
  int dose;
  const char* metric;
  double mean, low, high;
  int units;
};

constexpr SummaryRow kPackingRows[] = {
    {"H000", kTestBaseline, 0, "pack_500_greedy_function_coverage", 0.5, 0.25, 0.75, 3},
    {"H000", kTestBaseline, 0, "pack_500_greedy_file_coverage", 1, 1, 1, 3},
    {"H000", kTestBaseline, 0, "pack_500_redundancy_function_coverage", 0.75, 0.5, 1, 3},
    {"H000", kTestBaseline, 0, "funnel_in_pool", 0.625, 0.4, 0.8, 8},
    {"H000", kTestBaseline, 0, "funnel_above_cutoff", 0.5, 0.25, 0.75, 8},
    {"H000", kTestBaseline, 0, "funnel_in_packing_pool", 0.5, 0.25, 0.75, 8},
    {"H000", kTestBaseline, 0, "funnel_packed_500_greedy", 0.25, 0, 0.5, 8},
    {"H000", kTestBaseline, 0, "funnel_packed_500_redundancy", 0.375, 0.125, 0.5, 8},
    {"R000", kTestBaseline, 0, "funnel_in_pool", 0.75, 0.5, 1, 8},
    {"R000", kTestBaseline, 0, "funnel_above_cutoff_before_rerank", 0.5, 0.25, 0.75, 8},
    {"H000", kTestNoise, 5, "funnel_in_pool", 0.5, 0.25, 0.75, 6},
    {"H000", kTestStale, 0, "pack_500_greedy_file_coverage", 0.5, 0, 1, 2},
};

// ThreeUnits packing: function chunks under 500 tokens, greedy against
// redundancy; H000 and a reranker R000 at the baseline, H000 alone at the
// distractors' dose 5 (TestConditions' ids: "baseline", "noise.d5"), and
// at the stale index a file coverage without a gold function.
GridReport PackingReport() {
  GridReport r = ThreeUnits();
  r.set_grid("g");
  r.add_harnesses("R000");
  *r.mutable_conditions() = TestConditions({1}, {5}).conditions();
  experiments::Packing* p = r.mutable_packing();
  p->set_unit(experiments::PACKING_UNIT_FUNCTION);
  p->set_cost(experiments::PACKING_COST_TOKENS);
  p->add_budgets(500);
  p->set_depth(50);
  p->add_treatments()->mutable_redundancy()->set_shingle_size(5);
  for (const SummaryRow& row : kPackingRows) {
    Summary* x = r.add_summaries();
    x->set_harness(row.harness);
    x->set_condition(row.condition);
    x->set_dose(row.dose);
    x->set_metric(row.metric);
    x->mutable_value()->set_mean(row.mean);
    x->mutable_value()->set_low(row.low);
    x->mutable_value()->set_high(row.high);
    x->mutable_value()->set_units(row.units);
  }
  return r;
}

// The markup of the figure with id `id` in `html`; empty when absent.
std::string FigureOf(const std::string& html, const std::string& id) {
  const size_t at = html.find(absl::StrCat("<figure id=\"", id, "\">"));
  if (at == std::string::npos) return "";
  return html.substr(at, html.find("</figure>", at) - at);
}

TEST(RenderHtmlReportTest, PackingDrawsAFunnelPerConditionGroup) {
  absl::StatusOr<std::string> html = RenderHtmlReport(PackingReport(), kReportMd, Accuracy(), {});
  ASSERT_TRUE(html.ok()) << html.status();
  const size_t section = html->find("<div id=\"packing\">\n<h2>Packing and the funnel, drawn</h2>");
  ASSERT_NE(section, std::string::npos);
  EXPECT_LT(html->find("<div id=\"report\">"), section);
  EXPECT_LT(section, html->find("<h2>Per unit</h2>"));
  EXPECT_THAT(*html, HasSubstr("#packing td{white-space:nowrap}"));
  const std::string baseline = FigureOf(*html, "plot-funnel-baseline");
  const std::string noise = FigureOf(*html, "plot-funnel-noise.d5");
  ASSERT_FALSE(baseline.empty());
  ASSERT_FALSE(noise.empty());
  EXPECT_LT(html->find(baseline), html->find(noise));
  // One row per harness of the group, labelled with N, each bar its percentage.
  EXPECT_THAT(baseline, HasSubstr(">of 8 gold functions</text>"));
  EXPECT_THAT(baseline, HasSubstr(">62.5%</text>"));
  EXPECT_THAT(baseline, HasSubstr(">37.5%</text>"));
  EXPECT_THAT(baseline, HasSubstr("<title>H000, in the candidate pool: 62.5% [40.0%, 80.0%] of 8 "
                                  "gold functions</title>"));
  EXPECT_THAT(baseline, HasSubstr(">n/a</text>"));  // H000 does not rerank
  EXPECT_THAT(noise, HasSubstr(">of 6 gold functions</text>"));
  for (const std::string& figure : {baseline, noise}) {
    EXPECT_THAT(figure, HasSubstr(">used in an answer: not evaluated</text>"));
  }
  // The stages in order; the reranker's column only where a harness reranks.
  std::vector<size_t> at;
  for (const char* header : {">candidate pool<", ">before reranking<", ">(top 10)<",
                             ">packing pool<", ">500 tokens<", ">greedy<", ">redundancy<"}) {
    at.push_back(baseline.find(header));
    EXPECT_NE(at.back(), std::string::npos) << header;
  }
  EXPECT_TRUE(std::is_sorted(at.begin(), at.end()));
  EXPECT_THAT(noise, Not(HasSubstr("before reranking")));
  // A group without a gold function says so rather than draw nothing.
  EXPECT_THAT(*html, HasSubstr("<p>stale: no gold function in its cells, no funnel.</p>"));
  EXPECT_EQ(FigureOf(*html, "plot-funnel-stale"), "");
}

TEST(RenderHtmlReportTest, NoPackingNoSection) {
  absl::StatusOr<std::string> html = RenderHtmlReport(ThreeUnits(), kReportMd, Accuracy(), {});
  ASSERT_TRUE(html.ok()) << html.status();
  EXPECT_THAT(*html, Not(HasSubstr("Packing and the funnel")));
  EXPECT_THAT(*html, Not(HasSubstr("#packing")));
  EXPECT_THAT(*html, Not(HasSubstr("plot-funnel")));
}

TEST(PackingFiguresTest, RefusesAReportWithoutPacking) {
  absl::StatusOr<std::string> section = PackingFigures(ThreeUnits());
  EXPECT_FALSE(section.ok());
  EXPECT_THAT(std::string(section.status().message()), HasSubstr("report exp<1>: no packing"));
}

TEST(RenderHtmlReportTest, PackingPageEqualInputsGiveEqualBytes) {
  EXPECT_EQ(*RenderHtmlReport(PackingReport(), kReportMd, Accuracy(), {}),
            *RenderHtmlReport(PackingReport(), kReportMd, Accuracy(), {}));
}

TEST(ShareGridSvgTest, ABarSpansItsShareOfTheTrackWithItsWhisker) {
  ShareRow row{"H000", "of 4 gold functions", kSeriesColors[0], {}};
  row.bars.push_back({0.5, 0.25, 1.5, true, ""});
  row.bars.push_back({});
  const std::string svg = ShareGridSvg("t", {{"a"}, {"b", "c"}}, {row}, "end");
  EXPECT_THAT(svg, HasSubstr("width=\"43.0\" height=\"10\" fill=\"#1b6ca8\""));
  // The whisker from 0.25 to 1 (clamped): 160 + 21.5 to 160 + 86.
  EXPECT_THAT(svg, HasSubstr(" H246.0 "));
  EXPECT_THAT(svg, HasSubstr("M181.5 "));
  EXPECT_THAT(svg, HasSubstr(">50.0%</text>"));
  EXPECT_THAT(svg, HasSubstr(">n/a</text>"));
  EXPECT_THAT(svg, HasSubstr(">end</text>"));
  EXPECT_THAT(svg, Not(HasSubstr("<title>")));
}

}  // namespace
}  // namespace repro::grid
