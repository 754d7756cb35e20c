#include "stages/judge/summarize.h"

#include "absl/strings/str_cat.h"
#include "gtest/gtest.h"
#include "stages/judge/fixture_import.h"
#include "stages/pipeline/file_io.h"

namespace repro::judge {
namespace {

Json Fixture() {
  absl::StatusOr<std::string> text = ReadFile("data/judge/fixture.jsonl");
  EXPECT_TRUE(text.ok());
  absl::StatusOr<JudgeDataset> d = ImportJudgeLog(*text, "data/judge/fixture.jsonl", "fixture");
  EXPECT_TRUE(d.ok());
  std::vector<TaskRow> rows;
  absl::StatusOr<Json> j = MeasureDataset(*d, BootstrapConfig{}, &rows);
  EXPECT_TRUE(j.ok()) << j.status();
  EXPECT_EQ(rows.size(), 10u);
  return *j;
}

TEST(MeasureDataset, FixtureSummary) {
  const Json j = Fixture();
  EXPECT_EQ(j["structure"]["tasks"], 8);
  EXPECT_EQ(j["structure"]["clusters"], 8);
  ASSERT_EQ(j["judges"].size(), 2u);
  const Json& lw = j["judges"][0];
  EXPECT_EQ(lw["judge_id"], "fx-listwise");
  EXPECT_EQ(lw["all"]["tasks"], 8);
  EXPECT_EQ(lw["all"]["exclusions"]["single_candidate"], 1);
  EXPECT_EQ(lw["all"]["exclusions"]["no_contrast"], 1);
  EXPECT_EQ(lw["all"]["failures"]["unplaced_candidates"], 7);
  const Json& top1 = lw["all"]["metrics"]["top1"];
  EXPECT_EQ(top1["n"], 6);
  EXPECT_NEAR(top1["mean"].get<double>(), 1.6666666666666667 / 6, 1e-15);
  EXPECT_LE(top1["lo"].get<double>(), top1["mean"].get<double>());
  EXPECT_GE(top1["hi"].get<double>(), top1["mean"].get<double>());
  // Random-pick baseline over the same six tasks:
  // (1/3 + 1/4 + 1/2 + 1/4 + 2/3 + 1/2) / 6 = 2.5 / 6.
  EXPECT_NEAR(lw["all"]["metrics"]["random_top1"]["mean"].get<double>(), 2.5 / 6, 1e-15);
  // Top-1 over complete outputs: t1 0, t2 1/2, t3 0.
  EXPECT_NEAR(lw["all"]["metrics"]["top1_complete_outputs"]["mean"].get<double>(), 0.5 / 3, 1e-15);
  // The observed mean lies inside its identification range.
  const Json& b = lw["bounds"][0];
  EXPECT_EQ(b["k"], 1);
  EXPECT_LE(b["min"].get<double>(), b["observed_mean"].get<double>());
  EXPECT_GE(b["max"].get<double>(), b["observed_mean"].get<double>());
  // Breakdowns partition the tasks.
  EXPECT_EQ(lw["breakdowns"]["category"]["alpha"]["tasks"], 4);
  EXPECT_EQ(lw["breakdowns"]["category"]["beta"]["tasks"], 4);
  // Judges on different task sets are not paired.
  EXPECT_TRUE(j["paired"].empty());
}

TEST(MeasureDataset, PairedDifferenceOverSameTasks) {
  JudgeDataset d;
  for (const char* judge : {"a", "b"}) {
    for (int t = 0; t < 3; ++t) {
      JudgeRecord* r = d.add_records();
      r->set_record_id(absl::StrCat("t", t, "|", judge));
      r->set_task_id(absl::StrCat("t", t));
      r->mutable_judge()->set_judge_id(judge);
      r->mutable_shared()->set_cluster_id(absl::StrCat("t", t));
      for (const char* c : {"x", "y"}) r->add_candidates()->set_candidate_id(c);
      auto* g = r->mutable_ground_order()->add_groups();
      g->add_candidate_ids("x");
      g->set_value(1);
      r->mutable_ground_order()->add_groups()->add_candidate_ids("y");
      // Judge a always picks y (wrong); b picks x (right) on tasks 0 and 1.
      const bool right = std::string(judge) == "b" && t < 2;
      r->mutable_predicted()->add_groups()->add_candidate_ids(right ? "x" : "y");
      r->mutable_predicted()->add_groups()->add_candidate_ids(right ? "y" : "x");
    }
  }
  absl::StatusOr<Json> j = MeasureDataset(d, BootstrapConfig{}, nullptr);
  ASSERT_TRUE(j.ok()) << j.status();
  ASSERT_EQ((*j)["paired"].size(), 1u);
  const Json& top1 = (*j)["paired"][0]["metrics"]["top1"];
  EXPECT_NEAR(top1["mean"].get<double>(), 2.0 / 3, 1e-15);
  EXPECT_EQ(top1["n"], 3);
}

}  // namespace
}  // namespace repro::judge
