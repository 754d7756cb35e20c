#include "stages/inspect/explain/moves.h"

#include "gmock/gmock.h"
#include "gtest/gtest.h"

namespace repro::explain {
namespace {

using ::testing::ElementsAre;
using ::testing::SizeIs;

TEST(DiffTokensTest, MovedAddedRemovedWithSectionsAndDeltas) {
  tokens::TokenList before = {{"H000.S001.mrr", "0.5128 [0.0385, 1.0000]"},
                              {"F01.H000.ranks", "2 | 2 | 3"},
                              {"gone", "1"},
                              {"same", "7"}};
  tokens::TokenList after = {{"H000.S001.mrr", "0.6000 [0.0385, 1.0000]"},
                             {"F01.H000.ranks", "1 | 2 | 3"},
                             {"new.key", "3"},
                             {"same", "7"}};
  TokenDiff d = DiffTokens(before, after);
  ASSERT_THAT(d.moved, SizeIs(2));
  EXPECT_EQ(d.moved[0].key, "F01.H000.ranks");
  EXPECT_EQ(d.moved[0].section, "F01.H000");
  EXPECT_EQ(d.moved[0].delta, "");  // not one number
  EXPECT_EQ(d.moved[1].key, "H000.S001.mrr");
  EXPECT_EQ(d.moved[1].delta, "+0.0872");
  ASSERT_THAT(d.added, SizeIs(1));
  EXPECT_EQ(d.added[0].key, "new.key");
  ASSERT_THAT(d.removed, SizeIs(1));
  EXPECT_EQ(d.removed[0].section, "");
}

Unit U(std::string cell, std::string task, std::string condition, int dose, std::string mrr) {
  return {cell, task, "H000", condition, dose, {{"mrr", mrr}}};
}

TEST(DiffUnitsTest, GroupsByHarnessConditionDoseAndCountsDirections) {
  std::vector<Unit> before = {
      U("T1/H000/0", "T1", "S002", 1, "0.5000"), U("T2/H000/0", "T2", "S002", 1, "1.0000"),
      U("T3/H000/0", "T3", "S002", 1, "0.2500"), U("T1/H000/0", "T1", "baseline", 1, "1.0000")};
  std::vector<Unit> after = {
      U("T1/H000/0", "T1", "S002", 1, "1.0000"), U("T2/H000/0", "T2", "S002", 1, "0.5000"),
      U("T3/H000/0", "T3", "S002", 1, "0.2500"), U("T1/H000/0", "T1", "baseline", 1, "1.0000")};
  stats::BootstrapConfig config;
  config.resamples = 200;
  std::vector<GroupMove> moves = DiffUnits(before, after, config);
  ASSERT_THAT(moves, SizeIs(1));  // the baseline did not move
  const GroupMove& g = moves[0];
  EXPECT_EQ(g.condition, "S002");
  EXPECT_EQ(g.dose, 1);
  EXPECT_EQ(g.metric, "mrr");
  EXPECT_EQ(g.up, 1);
  EXPECT_EQ(g.down, 1);
  EXPECT_EQ(g.unchanged, 1);
  ASSERT_THAT(g.moved, SizeIs(2));
  EXPECT_EQ(g.moved[0].cell_id, "T1/H000/0");  // |0.5| ties: cell id order
  EXPECT_DOUBLE_EQ(g.interval.mean, 0.0);
  EXPECT_EQ(g.test.units, 3);
  EXPECT_DOUBLE_EQ(g.test.p_value,
                   1.0);  // +0.5 and -0.5: every sign assignment is as extreme or more
}

// A real change's shape: H008's lists reordered, so one task's gold file
// leaves the top 1 (its file Acc@1 falls) while MRR moves with it.
TEST(DiffUnitsTest, FileAccuracyMovesBesideMrr) {
  auto unit = [](std::string task, std::string mrr, std::string acc1) {
    return Unit{task + "/H008/baseline",
                task,
                "H008",
                "baseline",
                0,
                {{"mrr", mrr}, {"file_acc_at_1", acc1}, {"file_acc_at_5", "1.0000"}}};
  };
  std::vector<Unit> before = {unit("T1", "1.0000", "1.0000"), unit("T2", "0.5000", "0.0000")};
  std::vector<Unit> after = {unit("T1", "0.5000", "0.0000"), unit("T2", "0.5000", "0.0000")};
  stats::BootstrapConfig config;
  config.resamples = 200;
  std::vector<GroupMove> moves = DiffUnits(before, after, config);
  ASSERT_THAT(moves, SizeIs(2));  // file Acc@5 did not move
  EXPECT_EQ(moves[0].metric, "mrr");
  EXPECT_EQ(moves[1].metric, "file_acc_at_1");
  EXPECT_EQ(moves[1].down, 1);
  EXPECT_EQ(moves[1].unchanged, 1);
  ASSERT_THAT(moves[1].moved, SizeIs(1));
  EXPECT_EQ(moves[1].moved[0].cell_id, "T1/H008/baseline");
  EXPECT_DOUBLE_EQ(moves[1].interval.mean, -0.5);
}

TEST(UncomparedMetricsTest, NamesTheMetricsOneRunDoesNotRecord) {
  RunState before, after;
  before.units = after.units = {U("T1/H000/0", "T1", "baseline", 0, "1.0000")};
  before.unit_metrics.assign(HeadlineMetrics().begin(), HeadlineMetrics().begin() + 6);
  after.unit_metrics = HeadlineMetrics();
  EXPECT_THAT(UncomparedMetrics(before, after),
              ElementsAre("file_acc_at_1 (the old run does not record it)",
                          "file_acc_at_5 (the old run does not record it)"));
  EXPECT_THAT(UncomparedMetrics(after, before),
              ElementsAre("file_acc_at_1 (the new run does not record it)",
                          "file_acc_at_5 (the new run does not record it)"));
  EXPECT_THAT(UncomparedMetrics(after, after), SizeIs(0));
  after.units.clear();  // a report without units (W04): nothing to compare
  EXPECT_THAT(UncomparedMetrics(before, after), SizeIs(0));
}

}  // namespace
}  // namespace repro::explain
