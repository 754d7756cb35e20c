#include "stages/studies/judge/report_files.h"

#include "gtest/gtest.h"
#include "stages/studies/judge/test_protos.h"

namespace repro::judge {
namespace {

// `json` without its line breaks and indentation.
std::string Flat(const std::string& json) {
  std::string out;
  for (size_t i = 0; i < json.size(); ++i) {
    if (json[i] != '\n') {
      out += json[i];
      continue;
    }
    while (i + 1 < json.size() && json[i + 1] == ' ') ++i;
  }
  return out;
}

TEST(MeasurementsJsonText, SortedKeysObjectsByKeyUnsetLeftOut) {
  const JudgeMeasurements m = ParseProtoOrFail<JudgeMeasurements>(R"pb(
    bootstrap { seed: 7 resamples: 2 level: 0.95 unit: "task" interval: "i" }
    datasets {
      dataset: "d"
      records: 1
      structure { tasks: 1 }
      judges {
        judge_id: "j"
        protocol { judge_id: "j" model: "m" }
        all {
          tasks: 1
          exclusions { name: "no_contrast" count: 1 }
          metrics { metric: "top1" n: 1 clusters: 1 mean: 1 lo: 0.5 hi: 1 }
          metrics { metric: "zeta" n: 0 clusters: 0 }
        }
        bounds { k: 1 tasks: 0 }
        breakdowns {
          dimension: "category"
          level: "alpha"
          summary { tasks: 1 }
        }
      }
    }
    tasks { record_id: "dropped from the JSON" }
  )pb");
  const std::string json = MeasurementsJsonText(m);
  // One-space indentation, sorted keys, a newline at the end.
  const std::string head =
      "{\n \"bootstrap\": {\n  \"interval\": \"i\",\n  \"level\": 0.95,\n  \"resamples\": 2,\n"
      "  \"seed\": 7,\n  \"unit\": \"task\"\n },\n \"datasets\": [\n  {\n   \"dataset\": \"d\",\n";
  EXPECT_EQ(json.substr(0, head.size()), head);
  EXPECT_EQ(json.substr(json.size() - 6), "\n ]\n}\n");
  const std::string flat = Flat(json);
  // An integral double keeps its ".0"; an estimate without a mean has no
  // mean, lo or hi; lists sorted by a key are objects.
  EXPECT_NE(flat.find("\"metrics\": {\"top1\": {\"clusters\": 1,\"hi\": 1.0,\"lo\": 0.5,"
                      "\"mean\": 1.0,\"n\": 1},\"zeta\": {\"clusters\": 0,\"n\": 0}},"),
            std::string::npos)
      << flat;
  EXPECT_NE(flat.find("\"exclusions\": {\"no_contrast\": 1},"), std::string::npos);
  EXPECT_NE(flat.find("\"breakdowns\": {\"category\": {\"alpha\": {\"clusters\": 0,"
                      "\"exclusions\": {},"),
            std::string::npos);
  EXPECT_NE(flat.find("\"ground_caveats\": {},"), std::string::npos);
  // A bound that was not computed has only k and the task counts.
  EXPECT_NE(flat.find("\"bounds\": [{\"k\": 1,\"tasks\": 0,\"tasks_not_enumerated\": 0}],"),
            std::string::npos);
  // The protocol leaves out the judge id; the per-task values are not here.
  EXPECT_NE(flat.find("\"protocol\": {\"call_form\": \"\",\"input_report_mode\": \"\",\"model\": "
                      "\"m\",\"model_version\": \"\",\"prompt_config_hash\": \"\",\"retries\": "
                      "\"\",\"seed_or_run_id\": \"\",\"temperature\": \"\"}"),
            std::string::npos);
  EXPECT_EQ(flat.find("dropped"), std::string::npos);
}

TEST(TasksCsvText, QuotesAndEmptyCells) {
  const JudgeMeasurements m = ParseProtoOrFail<JudgeMeasurements>(R"pb(
    tasks {
      record_id: "a,b|\"j\""
      dataset: "d"
      candidates: 3
      output_failed: true
      best_share: 0.1
      top1: 1
    }
  )pb");
  absl::StatusOr<std::string> text = TasksCsvText(m);
  ASSERT_TRUE(text.ok()) << text.status();
  const std::string& csv = *text;
  const std::string row = csv.substr(csv.find('\n') + 1);
  EXPECT_EQ(row, "\"a,b|\"\"j\"\"\",d,,,,,3,0,0,0,1,,0.10000000000000001,,0,,1,,,,,,,,,,\n");
  EXPECT_EQ(csv.substr(0, 27), "record_id,dataset,judge_id,");
}

TEST(ReportJsonText, EmptyTop3EnvelopeIsLeftOutAndTop1SeOnlyWhenSet) {
  const BoundsTables b = ParseProtoOrFail<BoundsTables>(R"pb(
    tables {
      n: 3
      top1_envelope { accuracy: 0.5 min: 0 max: 1 }
    }
    tables {
      n: 4
      top1_envelope { accuracy: 0.5 min: 0 max: 1 }
      best_in_top_3_envelope { accuracy: 0.5 min: 1 max: 1 }
    }
  )pb");
  const ScenarioGrid g = ParseProtoOrFail<ScenarioGrid>(R"pb(
    points { family: "mallows" n: 4 exact: true }
    points { family: "mallows" n: 20 exact: false top1_se: 0.01 }
  )pb");
  const std::string json = ReportJsonText("T", "note", JudgeMeasurements(), b, g);
  EXPECT_EQ(json.find("best_in_top_3_envelope"), json.rfind("best_in_top_3_envelope"));
  EXPECT_NE(json.find("best_in_top_3_envelope"), std::string::npos);
  EXPECT_EQ(json.find("top1_se"), json.rfind("top1_se"));
  EXPECT_NE(json.find("\"top1_se\": 0.01"), std::string::npos);
  for (const char* key : {"\"bounds\"", "\"data_note\": \"note\"", "\"measurements\"",
                          "\"policies\"", "\"scenarios\"", "\"title\": \"T\""}) {
    EXPECT_NE(json.find(key), std::string::npos) << key;
  }
}

}  // namespace
}  // namespace repro::judge
