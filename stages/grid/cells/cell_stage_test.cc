#include "stages/grid/cells/cell_stage.h"

#include <cstdlib>
#include <fstream>
#include <string>

#include "google/protobuf/text_format.h"
#include "gtest/gtest.h"
#include "stages/framework/pipeline/status_testing.h"
#include "stages/grid/conditions/test_conditions.h"

namespace repro::grid {
namespace {

// `text` written to TEST_TMPDIR/<name>; its path.
std::string TempFile(const std::string& name, const std::string& text) {
  const char* dir = std::getenv("TEST_TMPDIR");
  const std::string path = std::string(dir ? dir : "/tmp") + "/" + name;
  std::ofstream(path) << text;
  return path;
}

// A cell stage with one input, `role`, of text-proto `text`.
Stage OneInputStage(const std::string& role, const std::string& text) {
  const std::string name = role + ".textproto";
  return Stage("//stages/grid/by_experiment:x/T1_H000_baseline",
               {{role, TempFile(name, text), "x/" + name}},
               {{"T1_H000_baseline.json", TempFile("out.json", "")}});
}

corpus::Task Task(const std::string& reformulation) {
  corpus::Task t;
  t.set_id("T1");
  t.set_query("nil map on retry");
  t.set_reformulation(reformulation);
  return t;
}

TEST(DistractorTextTest, TakesTheWordsTheExperimentNames) {
  Stage query = OneInputStage("experiment", "experiment: \"x\"");
  EXPECT_EQ(*DistractorText(query, Task("retry loop")), "nil map on retry");
  Stage both = OneInputStage(
      "experiment",
      "experiment: \"x\" distractor_vocabulary: DISTRACTOR_VOCABULARY_QUERY_AND_REFORMULATION");
  EXPECT_EQ(*DistractorText(both, Task("retry loop")), "nil map on retry\nretry loop");
}

TEST(DistractorTextTest, AReformulationTheExperimentNeedsMustBeThere) {
  Stage stage = OneInputStage(
      "experiment", "experiment: \"x\" distractor_vocabulary: DISTRACTOR_VOCABULARY_REFORMULATION");
  EXPECT_TRUE(IsError(DistractorText(stage, Task("")).status(), absl::StatusCode::kInvalidArgument,
                      "task T1, field reformulation: expected the blinded reformulation the "
                      "experiment's distractor_vocabulary DISTRACTOR_VOCABULARY_REFORMULATION "
                      "draws the distractors' words from, found none"));
}

TEST(RunCellTest, TheConditionIsOneOfTheExperimentsTable) {
  std::string table;
  ASSERT_TRUE(google::protobuf::TextFormat::PrintToString(TestConditions({1}, {1, 5}), &table));
  Stage stage = OneInputStage("conditions", table);
  EXPECT_TRUE(IsError(RunCell(stage, {"T1", "H000", "S009", "", ""}),
                      absl::StatusCode::kInvalidArgument,
                      "no condition 'S009' in the experiment's conditions (baseline, stale"));
  EXPECT_TRUE(stage.written().empty());
}

}  // namespace
}  // namespace repro::grid
