#include "stages/retrieval/task_metrics.h"

#include "gtest/gtest.h"

namespace repro::retrieval {
namespace {

HarnessResult Result(std::vector<std::string> files,
                     std::vector<std::pair<std::string, std::string>> fns) {
  HarnessResult r;
  double s = 100;
  for (const std::string& f : files) {
    RankedFile* rf = r.add_files();
    rf->set_path(f);
    rf->set_score(s--);
  }
  for (const auto& [p, f] : fns) {
    RankedFunction* rf = r.add_functions();
    rf->set_path(p);
    rf->set_function(f);
  }
  return r;
}

corpus::Labels Gold() {
  corpus::Labels l;
  l.add_gold_files("b.go");
  l.add_gold_files("z.go");
  corpus::GoldFunction* g = l.add_gold_functions();
  g->set_file("b.go");
  g->set_function("T.Run");
  return l;
}

TEST(TaskMetricsTest, HandComputed) {
  // Gold b.go at rank 2, z.go absent.
  HarnessResult r =
      Result({"a.go", "b.go", "c.go"}, {{"a.go", "init"}, {"a.go", "init"}, {"b.go", "T.Run"}});
  absl::StatusOr<TaskMetrics> m = ComputeTaskMetrics(r, Gold(), 200);
  ASSERT_TRUE(m.ok()) << m.status();
  EXPECT_EQ(m->recall_at_1, 0.0);
  EXPECT_EQ(m->recall_at_5, 0.5);
  EXPECT_EQ(m->recall_at_10, 0.5);
  EXPECT_EQ(m->mrr, 0.5);
  // nDCG@10 = (1 / log2(3)) / (1 + 1 / log2(3)) = 0.386852807...
  EXPECT_NEAR(m->ndcg_at_10, 0.38685280723454163, 1e-12);
  EXPECT_EQ(m->first_gold_rank, 2);
  EXPECT_TRUE(m->first_gold_observed);
  EXPECT_EQ(m->function_recall_at_10, 1.0);  // duplicate init dropped, no error
  EXPECT_EQ(m->gold_files, 2);
  EXPECT_EQ(m->gold_functions, 1);
}

TEST(TaskMetricsTest, NoGoldReturnedIsCensored) {
  absl::StatusOr<TaskMetrics> m = ComputeTaskMetrics(Result({"a.go"}, {}), Gold(), 200);
  ASSERT_TRUE(m.ok());
  EXPECT_EQ(m->mrr, 0.0);
  EXPECT_EQ(m->first_gold_rank, 201);
  EXPECT_FALSE(m->first_gold_observed);
  EXPECT_EQ(m->function_recall_at_10, 0.0);
}

}  // namespace
}  // namespace repro::retrieval
