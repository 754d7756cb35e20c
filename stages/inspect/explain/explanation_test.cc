#include "stages/inspect/explain/explanation.h"

#include <filesystem>
#include <fstream>
#include <optional>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "stages/inspect/explain/source_diff.h"
#include "stages/inspect/explain/test_schemas.h"

namespace repro::explain {
namespace {

using ::testing::ElementsAre;
using ::testing::HasSubstr;
using ::testing::IsEmpty;
using ::testing::Not;

StageRecord CellStage(const std::string& task, const std::string& harness,
                      const std::string& condition) {
  StageRecord s;
  s.label = "//g:" + task + "_" + harness + "_" + condition;
  s.stage = "grid_cell";
  s.version = "1";
  s.args = {"--task=" + task, "--harness=" + harness, "--condition=" + condition};
  s.tool_path = "stages/grid/cell_tool";
  s.tool_sha256 = "t1";
  s.sources = {{"harness", "data/" + harness + ".textproto", "h_" + harness}};
  s.produced_digest = "in";
  s.outputs_digest = "out_" + s.label;
  return s;
}

// Two tasks x two harnesses of one condition, and the aggregate writing the tokens.
RunState Grid() {
  RunState r;
  for (const char* t : {"T1", "T2"}) {
    for (const char* h : {"H000", "H008"}) r.stages.push_back(CellStage(t, h, "S002_d5"));
  }
  StageRecord agg;
  agg.label = "//g:zz_aggregate";
  agg.stage = "grid_aggregate";
  agg.tool_path = "stages/grid/aggregate_tool";
  agg.outputs_digest = "agg";
  agg.writes_tokens = true;
  for (const StageRecord& s : r.stages) agg.upstream.push_back(s.label);
  r.stages.push_back(agg);
  r.tokens = {{"H000.S002.d5.mrr", "0.5"},
              {"H008.S002.d5.mrr", "0.5"},
              {"T1.H008.ranks", "1 | 2"},
              {"grid.cells", "4"}};
  return r;
}

// A harness file changed: its cells and the aggregate change, and the
// tokens that name that harness (or none).
RunState HarnessChanged(const std::string& harness) {
  RunState r = Grid();
  for (StageRecord& s : r.stages) {
    if (s.stage == "grid_cell" && s.args[1] == "--harness=" + harness) {
      s.sources[0].sha256 = "h2";
      s.outputs_digest += "2";
    }
  }
  r.stages.back().produced_digest = "in2";
  r.stages.back().outputs_digest = "agg2";
  for (auto& [k, v] : r.tokens) {
    if (k != "grid.cells") v += "1";
  }
  return r;
}

TEST(ExplainTest, TokensAreAttributedByTheCoordinatesTheirKeysName) {
  const SourceBytes none("", "", {}, TestSchemas());
  Explanation e = Explain(Grid(), HarnessChanged("H008"), none);
  ASSERT_EQ(e.causes.size(), 1u);
  EXPECT_EQ(e.causes[0].name, "data/H008.textproto");
  EXPECT_EQ(e.causes[0].cause.invalidated.size(), 3u);  // two cells and the aggregate
  // H000.S002.d5.mrr moved too (as this test made it), but names another harness.
  EXPECT_THAT(e.causes[0].tokens, ElementsAre("H008.S002.d5.mrr", "T1.H008.ranks"));
}

// A task file edited after the old state was written, whose old bytes were
// never committed: the state's field digests name the edited field.
TEST(ExplainTest, AnEditedQueryIsNamedByTheFieldDigestsOfTheOldState) {
  const std::string path = "data/tasks.jsonl";
  const std::string old_bytes = "{\"id\":\"G10\",\"query\":\"a\",\"fix_commit\":\"c\"}\n";
  const std::string new_bytes = "{\"id\":\"G10\",\"query\":\"b\",\"fix_commit\":\"c\"}\n";
  const std::string workspace = ::testing::TempDir() + "/explain_fields";
  std::filesystem::create_directories(workspace + "/data");
  std::ofstream(workspace + "/" + path) << new_bytes;
  std::optional<AuthoredFields> old_fields = AuthoredFieldDigests(TestSchemas(), path, old_bytes);
  std::optional<AuthoredFields> new_fields = AuthoredFieldDigests(TestSchemas(), path, new_bytes);
  ASSERT_TRUE(old_fields && new_fields);
  RunState before = Grid();
  before.stages[0].sources = {{"spec", path, old_fields->sha256}};
  before.authored = {*old_fields};
  RunState after = before;
  after.authored.clear();  // a report directory: no kept digests, the bytes are found
  after.stages[0].sources[0].sha256 = new_fields->sha256;
  after.stages[0].outputs_digest += "2";
  const SourceBytes sources(workspace, "", {}, TestSchemas());
  Explanation e = Explain(before, after, sources);
  ASSERT_EQ(e.causes.size(), 1u);
  EXPECT_EQ(e.causes[0].name, path);
  EXPECT_THAT(e.causes[0].details, ElementsAre("task G10 query changed"));
}

TEST(ExplainTest, NothingChangedPrintsNothing) {
  const SourceBytes none("", "", {}, TestSchemas());
  Explanation e = Explain(Grid(), Grid(), none);
  EXPECT_FALSE(e.changed());
  EXPECT_THAT(ToText(e), IsEmpty());
  EXPECT_THAT(ToHtml(e), IsEmpty());
}

TEST(ExplainTest, ARebuiltToolListsItsChangedSourcesAndHtmlEscapes) {
  RunState after = Grid();
  after.stages[0].tool_sha256 = "t2";
  after.stages[0].outputs_digest += "2";
  after.stages.back().produced_digest = "in2";
  after.stages.back().outputs_digest = "agg2";
  after.tokens[0].second = "<0.6>";
  const SourceBytes none("", "", {}, TestSchemas());
  Explanation e =
      Explain(Grid(), after, none, {{"stages/grid/cell_tool", {"stages/retrieval/tokenizer.cc"}}});
  ASSERT_EQ(e.causes.size(), 1u);
  EXPECT_EQ(e.causes[0].cause.kind, CauseKind::kToolBinary);
  EXPECT_THAT(
      e.causes[0].details,
      ElementsAre(HasSubstr("rebuilt"), "its sources that changed: stages/retrieval/tokenizer.cc"));
  EXPECT_THAT(ToHtml(e), HasSubstr("&lt;0.6&gt;"));
}

// One baseline unit of T1 and H008 whose gold file left the top 1.
void AddUnit(RunState* run, const std::string& mrr, const std::string& acc1) {
  run->units = {{"T1/H008/baseline",
                 "T1",
                 "H008",
                 "baseline",
                 0,
                 {{"mrr", mrr}, {"file_acc_at_1", acc1}, {"file_acc_at_5", "1.0000"}}}};
  run->unit_metrics = HeadlineMetrics();
}

TEST(ExplainTest, WhereItMovedGivesFileAccuracyBesideMrr) {
  RunState before = Grid(), after = HarnessChanged("H008");
  AddUnit(&before, "1.0000", "1.0000");
  AddUnit(&after, "0.5000", "0.0000");
  const SourceBytes none("", "", {}, TestSchemas());
  const std::string text = ToText(Explain(before, after, none));
  EXPECT_THAT(text, HasSubstr("  H008 baseline file_acc_at_1: 0 up, 1 down, 0 unchanged; mean "
                              "-1.0000"));
  EXPECT_THAT(text, HasSubstr("      T1/H008/baseline: 1.0000 -> 0.0000\n"));
  EXPECT_THAT(text, Not(HasSubstr("file_acc_at_5:")));  // did not move
  EXPECT_THAT(text, Not(HasSubstr("not compared")));
}

// A committed state from before file Acc@k: its units record six metrics;
// file Acc@k is named as not compared, never silently left out.
TEST(ExplainTest, AMetricTheOldRunDoesNotRecordIsNamedNotCompared) {
  RunState before = Grid(), after = HarnessChanged("H008");
  AddUnit(&before, "1.0000", "1.0000");
  before.unit_metrics.resize(6);
  before.units[0].values = {{"mrr", "1.0000"}};
  AddUnit(&after, "0.5000", "0.0000");
  const SourceBytes none("", "", {}, TestSchemas());
  Explanation e = Explain(before, after, none);
  const std::string text = ToText(e);
  EXPECT_THAT(text, HasSubstr("  H008 baseline mrr: 0 up, 1 down"));
  EXPECT_THAT(text, HasSubstr("  not compared: file_acc_at_1 (the old run does not record it)\n"
                              "  not compared: file_acc_at_5 (the old run does not record it)\n"));
  EXPECT_THAT(ToJson(e), HasSubstr("\"where_not_compared\": [\n    \"file_acc_at_1 (the old run"));
}

}  // namespace
}  // namespace repro::explain
