#include "stages/studies/judge/summarize.h"

#include "absl/strings/str_cat.h"
#include "gtest/gtest.h"
#include "stages/framework/pipeline/file_io.h"
#include "stages/studies/judge/fixture_import.h"

namespace repro::judge {
namespace {

DatasetMeasurements Fixture() {
  absl::StatusOr<std::string> text = ReadFile("data/judge/fixture.jsonl");
  EXPECT_TRUE(text.ok());
  absl::StatusOr<JudgeDataset> d = ImportJudgeLog(*text, "data/judge/fixture.jsonl", "fixture");
  EXPECT_TRUE(d.ok());
  std::vector<TaskRow> rows;
  absl::StatusOr<DatasetMeasurements> m = MeasureDataset(*d, BootstrapConfig{}, &rows);
  EXPECT_TRUE(m.ok()) << m.status();
  EXPECT_EQ(rows.size(), 10u);
  return *m;
}

// The estimate of `metric`, which the test expects to be defined.
MetricEstimate Get(const google::protobuf::RepeatedPtrField<MetricEstimate>& metrics,
                   const std::string& metric) {
  const MetricEstimate* e = FindEstimate(metrics, metric);
  EXPECT_NE(e, nullptr) << metric;
  EXPECT_TRUE(e != nullptr && e->has_mean()) << metric;
  return e != nullptr ? *e : MetricEstimate();
}

int Count(const google::protobuf::RepeatedPtrField<NamedCount>& counts, const std::string& name) {
  for (const NamedCount& c : counts) {
    if (c.name() == name) return c.count();
  }
  return 0;
}

TEST(MeasureDataset, FixtureSummary) {
  const DatasetMeasurements m = Fixture();
  EXPECT_EQ(m.structure().tasks(), 8);
  EXPECT_EQ(m.structure().clusters(), 8);
  ASSERT_EQ(m.judges_size(), 2);
  const JudgeSummary& lw = m.judges(0);
  EXPECT_EQ(lw.judge_id(), "fx-listwise");
  EXPECT_EQ(lw.all().tasks(), 8);
  EXPECT_EQ(Count(lw.all().exclusions(), "single_candidate"), 1);
  EXPECT_EQ(Count(lw.all().exclusions(), "no_contrast"), 1);
  EXPECT_EQ(lw.all().failures().unplaced_candidates(), 7);
  const MetricEstimate top1 = Get(lw.all().metrics(), "top1");
  EXPECT_EQ(top1.n(), 6);
  EXPECT_NEAR(top1.mean(), 1.6666666666666667 / 6, 1e-15);
  EXPECT_LE(top1.lo(), top1.mean());
  EXPECT_GE(top1.hi(), top1.mean());
  // Random-pick baseline over the same six tasks:
  // (1/3 + 1/4 + 1/2 + 1/4 + 2/3 + 1/2) / 6 = 2.5 / 6.
  EXPECT_NEAR(Get(lw.all().metrics(), "random_top1").mean(), 2.5 / 6, 1e-15);
  // Top-1 over complete outputs: t1 0, t2 1/2, t3 0.
  EXPECT_NEAR(Get(lw.all().metrics(), "top1_complete_outputs").mean(), 0.5 / 3, 1e-15);
  // The observed mean lies inside its identification range.
  ASSERT_EQ(lw.bounds_size(), 2);
  const MeanBoundSummary& b = lw.bounds(0);
  EXPECT_EQ(b.k(), 1);
  ASSERT_TRUE(b.has_min() && b.has_max() && b.has_observed_mean());
  EXPECT_LE(b.min(), b.observed_mean());
  EXPECT_GE(b.max(), b.observed_mean());
  // Breakdowns partition the tasks, sorted by dimension and level.
  std::vector<std::pair<std::string, int>> category;
  for (const Breakdown& d : lw.breakdowns()) {
    if (d.dimension() == "category") category.emplace_back(d.level(), d.summary().tasks());
  }
  EXPECT_EQ(category, (std::vector<std::pair<std::string, int>>{{"alpha", 4}, {"beta", 4}}));
  for (int i = 1; i < lw.breakdowns_size(); ++i) {
    const Breakdown &a = lw.breakdowns(i - 1), &c = lw.breakdowns(i);
    EXPECT_LT(std::make_pair(a.dimension(), a.level()), std::make_pair(c.dimension(), c.level()));
  }
  // Metrics are listed by name.
  for (int i = 1; i < lw.all().metrics_size(); ++i) {
    EXPECT_LT(lw.all().metrics(i - 1).metric(), lw.all().metrics(i).metric());
  }
  // Judges on different task sets are not paired.
  EXPECT_TRUE(m.paired().empty());
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
  absl::StatusOr<DatasetMeasurements> m = MeasureDataset(d, BootstrapConfig{}, nullptr);
  ASSERT_TRUE(m.ok()) << m.status();
  ASSERT_EQ(m->paired_size(), 1);
  EXPECT_EQ(m->paired(0).first(), "a");
  EXPECT_EQ(m->paired(0).second(), "b");
  const MetricEstimate top1 = Get(m->paired(0).metrics(), "top1");
  EXPECT_NEAR(top1.mean(), 2.0 / 3, 1e-15);
  EXPECT_EQ(top1.n(), 3);
}

TEST(MeasureDataset, RecordErrorNamesTheRecord) {
  JudgeDataset d;
  JudgeRecord* r = d.add_records();
  r->set_record_id("t0|a");
  for (const char* c : {"x", "y"}) r->add_candidates()->set_candidate_id(c);
  r->mutable_ground_order()->add_groups()->add_candidate_ids("x");
  r->mutable_ground_order()->add_groups()->add_candidate_ids("y");
  r->mutable_predicted()->add_groups()->add_candidate_ids("x");
  absl::StatusOr<DatasetMeasurements> m = MeasureDataset(d, BootstrapConfig{}, nullptr);
  ASSERT_FALSE(m.ok());
  EXPECT_EQ(m.status().code(), absl::StatusCode::kInvalidArgument);
  EXPECT_EQ(m.status().message(), "t0|a: predicted order lacks candidate 'y'");
}

TEST(ToTaskValues, UndefinedValuesStayUnset) {
  TaskRow row;
  row.record_id = "t|j";
  row.exclusion = "single_candidate";
  row.best_in_top_k[2] = 0.5;
  row.best_in_top_k[3] = std::nullopt;
  const TaskValues v = ToTaskValues(row);
  EXPECT_EQ(v.record_id(), "t|j");
  EXPECT_EQ(v.exclusion(), "single_candidate");
  EXPECT_TRUE(v.has_best_in_top_2());
  EXPECT_EQ(v.best_in_top_2(), 0.5);
  EXPECT_FALSE(v.has_best_in_top_3());
  EXPECT_FALSE(v.has_top1());
  EXPECT_FALSE(v.has_calls_accuracy());
}

}  // namespace
}  // namespace repro::judge
