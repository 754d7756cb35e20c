#include "stages/grid/reports/trec_export_stage.h"

#include <cstdlib>
#include <fstream>
#include <string>

#include "gtest/gtest.h"

namespace repro::grid {
namespace {

std::string TempDir() {
  const char* dir = std::getenv("TEST_TMPDIR");
  return dir ? dir : "/tmp";
}

// T1 has a gold file and a gold function, T2 a gold file only.
Stage LabelsStage() {
  const std::string t1 = TempDir() + "/T1.labels.textproto";
  const std::string t2 = TempDir() + "/T2.labels.textproto";
  std::ofstream(t1) << "task_id: \"T1\" gold_files: \"a.go\" "
                       "gold_functions { file: \"a.go\" function: \"Run\" }";
  std::ofstream(t2) << "task_id: \"T2\" gold_files: \"b.go\"";
  return Stage(
      "//stages/grid/by_experiment:x/trec",
      {{"labels/T1", t1, "x/T1.labels.textproto"}, {"labels/T2", t2, "x/T2.labels.textproto"}},
      {{"files.qrels", TempDir() + "/files.qrels"},
       {"functions.qrels", TempDir() + "/functions.qrels"}});
}

TEST(WriteQrelsTest, EveryGoldFileAndFunctionGradeOne) {
  corpus::TaskSet tasks;
  tasks.add_tasks()->set_id("T1");
  tasks.add_tasks()->set_id("T2");
  Stage stage = LabelsStage();
  ASSERT_TRUE(WriteQrels(stage, tasks).ok());
  EXPECT_EQ(stage.written().at("files.qrels"), "T1 0 a.go 1\nT2 0 b.go 1\n");
  EXPECT_EQ(stage.written().at("functions.qrels"), "T1 0 a.go::Run 1\n");
}

}  // namespace
}  // namespace repro::grid
