#include "stages/studies/judge/report_writer.h"

#include "gtest/gtest.h"
#include "stages/framework/pipeline/file_io.h"
#include "stages/studies/judge/fixture_import.h"
#include "stages/studies/judge/summarize.h"
#include "stages/studies/judge/test_protos.h"

namespace repro::judge {
namespace {

// The value of token `key`, or "(none)".
std::string Value(const tokens::TokenList& tokens, const std::string& key) {
  for (const auto& [k, v] : tokens) {
    if (k == key) return v;
  }
  return "(none)";
}

ReportInputs Inputs() {
  ReportInputs in;
  absl::StatusOr<std::string> text = ReadFile("data/judge/fixture.jsonl");
  EXPECT_TRUE(text.ok());
  absl::StatusOr<JudgeDataset> d = ImportJudgeLog(*text, "data/judge/fixture.jsonl", "fixture");
  EXPECT_TRUE(d.ok());
  absl::StatusOr<DatasetMeasurements> m = MeasureDataset(*d, BootstrapConfig{}, nullptr);
  EXPECT_TRUE(m.ok());
  in.measurements.mutable_bootstrap()->set_seed(20260707);
  in.measurements.mutable_bootstrap()->set_resamples(2000);
  in.measurements.mutable_bootstrap()->set_unit("task");
  *in.measurements.add_datasets() = *m;
  in.bounds = ParseProtoOrFail<BoundsTables>(R"pb(
    tables {
      n: 3
      pairs: 3
      rows {
        concordant: 0
        accuracy: 0.0
        rankings: 1
        top1_min: 0
        top1_max: 0
        top1_correct_rankings: 0
        best_in_top_k_min: [ 0, 0 ]
        best_in_top_k_max: [ 0, 0 ]
      }
      top1_envelope { accuracy: 0.6 min: 0.0 max: 0.9 }
    }
  )pb");
  in.scenarios = ParseProtoOrFail<ScenarioGrid>(R"pb(
    families { name: "mallows" parameter: "phi" definition: "d" }
    monte_carlo { seed: 1 samples: 10 }
    points {
      family: "mallows"
      parameter: 0.5
      n: 8
      pairwise_accuracy: 0.8
      top1: 0.5
      best_in_top_k: [ 0.5, 0.7, 0.9 ]
      exact: true
    }
  )pb");
  in.title = "T";
  in.data_note = "fixture only";
  in.tasks_csv_name = "judge_tasks.csv";
  return in;
}

TEST(RenderReport, EmpiricalFirstScenariosApart) {
  absl::StatusOr<Report> r = RenderReport(Inputs());
  ASSERT_TRUE(r.ok()) << r.status();
  const std::string& md = r->markdown;
  const size_t empirical = md.find("## 1. Empirical results");
  const size_t not_eval = md.find("### What is not evaluated");
  const size_t bounds = md.find("## 2. Identification bounds");
  const size_t scenarios =
      md.find("## 3. Model-conditioned scenarios (synthetic judges; NOT empirical");
  ASSERT_NE(empirical, std::string::npos);
  EXPECT_LT(empirical, not_eval);
  EXPECT_LT(not_eval, bounds);
  EXPECT_LT(bounds, scenarios);
  EXPECT_NE(md.find("Failures, missing outputs and exclusions"), std::string::npos);
  EXPECT_NE(md.find("| malformed_json_line | 1 |"), std::string::npos);
  // The only scenario row sits after the scenario heading.
  EXPECT_GT(md.find("| 8 | mallows | 0.5 |"), scenarios);
  EXPECT_NE(md.find("| 0 | 0.000 | 1 | 0..0 | 0 | 0..0 |"), std::string::npos);
  EXPECT_NE(md.find("| 3 | 1 | [0.667, 0.667] | 0.000..0.900 | n/a | n/a | n/a |"),
            std::string::npos);
}

TEST(RenderReport, TokensAppearVerbatimAndSvgsAreWritten) {
  absl::StatusOr<Report> r = RenderReport(Inputs());
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(Value(r->tokens, "fixture/fx-listwise/top1"), "0.278 [0.083, 0.500] (6)");
  for (const auto& [k, v] : r->tokens) {
    EXPECT_NE(r->markdown.find(v), std::string::npos) << k;
  }
  EXPECT_EQ(r->svgs.size(), 3u);
  EXPECT_EQ(r->TokensText().substr(0, 12), "bounds/n3/c0");
  // Deterministic bytes.
  EXPECT_EQ(RenderReport(Inputs())->json, r->json);
}

TEST(RenderReport, UndefinedMetricIsNotAvailable) {
  ReportInputs in = Inputs();
  JudgeSummary* j = in.measurements.mutable_datasets(0)->mutable_judges(0);
  for (MetricEstimate& e : *j->mutable_all()->mutable_metrics()) {
    if (e.metric() == "top1") e.clear_mean();
  }
  absl::StatusOr<Report> r = RenderReport(in);
  ASSERT_TRUE(r.ok()) << r.status();
  EXPECT_EQ(Value(r->tokens, "fixture/fx-listwise/top1"), "(none)");
  EXPECT_NE(r->markdown.find("| top-1 | n/a |"), std::string::npos);
}

}  // namespace
}  // namespace repro::judge
