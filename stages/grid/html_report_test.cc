#include "stages/grid/html_report.h"

#include "gmock/gmock.h"
#include "gtest/gtest.h"

namespace repro::grid {
namespace {

using ::testing::HasSubstr;
using ::testing::Not;

GridReport TwoCells() {
  GridReport r;
  r.set_experiment("exp<1>");
  r.set_repository("repo & co");
  r.set_tasks(1);
  r.add_harnesses("H000");
  r.add_doses(1);
  r.set_bootstrap_resamples(100);
  r.set_bootstrap_seed(7);
  for (int k = 0; k < 2; ++k) {
    Cell* c = r.add_cells();
    c->set_cell_id(k == 0 ? "T\"1/H000/0" : "T\"1/H000/1");
    c->set_task_id("T\"1");
    c->set_harness("H000");
    c->set_seed_coordinate(k);
    c->set_dose(1);
    c->mutable_baseline()->set_mrr(0.5);
    c->mutable_s001()->set_mrr(0.5);
    c->mutable_s002()->set_mrr(0.25);
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

TEST(RenderHtmlReportTest, SelfContainedEscapedAndComplete) {
  absl::StatusOr<std::string> html = RenderHtmlReport(
      TwoCells(), {{"dose-response", "<svg xmlns=\"http://www.w3.org/2000/svg\"></svg>\n"}});
  ASSERT_TRUE(html.ok()) << html.status();
  EXPECT_THAT(*html, HasSubstr("<h1>Experiment exp&lt;1&gt;</h1>"));
  EXPECT_THAT(*html, HasSubstr("repo &amp; co"));
  EXPECT_THAT(*html, HasSubstr("<td>T&quot;1/H000/0</td>"));
  EXPECT_THAT(*html, HasSubstr("<td>S002 d1</td>"));
  EXPECT_THAT(*html, HasSubstr("-0.2500 [-0.5000, 0.0000]"));
  EXPECT_THAT(*html, HasSubstr("<figure id=\"plot-dose-response\">"));
  EXPECT_THAT(*html, HasSubstr("<figure id=\"plot-scatter\">"));
  EXPECT_THAT(*html, HasSubstr("bazel run //stages/grid:search -- --experiment=exp&lt;1&gt; "
                               "--harness=H000 --task=T&quot;1"));
  EXPECT_THAT(
      *html,
      HasSubstr("bazel run //tools/lineage -- bazel-bin/reports/exp&lt;1&gt; T&quot;1/H000/1"));
  // Nothing loads from elsewhere (the SVG namespace URI is a name, not a fetch).
  for (const char* fetch : {"<script", "<link", "src=", "href=", "url(", "@import"}) {
    EXPECT_THAT(*html, Not(HasSubstr(fetch))) << fetch;
  }
}

TEST(RenderHtmlReportTest, EqualInputsGiveEqualBytes) {
  EXPECT_EQ(*RenderHtmlReport(TwoCells(), {}), *RenderHtmlReport(TwoCells(), {}));
}

TEST(RenderHtmlReportTest, ScatterDrawsS001OncePerTask) {
  const std::string svg = ScatterSvg(TwoCells());
  size_t circles = 0;
  for (size_t at = svg.find("<circle"); at != std::string::npos; at = svg.find("<circle", at + 1))
    ++circles;
  EXPECT_EQ(circles, 3u);  // S001 once, S002 for each of the two cells
}

TEST(RenderHtmlReportTest, RefusesAPlotThatIsNotSvg) {
  absl::StatusOr<std::string> html = RenderHtmlReport(TwoCells(), {{"bad", "<script>x</script>"}});
  EXPECT_FALSE(html.ok());
  EXPECT_THAT(std::string(html.status().message()), HasSubstr("plot 'bad'"));
}

}  // namespace
}  // namespace repro::grid
