#include "stages/inspect/explain/graph_diff.h"

#include "gmock/gmock.h"
#include "gtest/gtest.h"

namespace repro::explain {
namespace {

using ::testing::ElementsAre;
using ::testing::IsEmpty;

// A three-stage chain: //:a reads the source data/a.textproto, //:b reads a's
// output, //:c reads b's and writes the tokens.
RunState Chain() {
  RunState s;
  s.stages = {
      {"//:a",
       "stage_a",
       "1",
       {"--x=1"},
       "tools/a",
       "t_a",
       {{"config", "data/a.textproto", "s1"}},
       {},
       "",
       "oa",
       false},
      {"//:b", "stage_b", "1", {}, "tools/b", "t_b", {}, {"//:a"}, "ia", "ob", false},
      {"//:c", "stage_c", "1", {}, "tools/c", "t_c", {}, {"//:b"}, "ib", "oc", true},
  };
  return s;
}

// Changes the outputs of stage `from` and of every stage after it in the
// chain, each reading the changed outputs of the one before.
void ChangeOutputsFrom(RunState* s, size_t from) {
  for (size_t i = from; i < s->stages.size(); ++i) {
    s->stages[i].outputs_digest += "2";
    if (i > from) s->stages[i].produced_digest += "2";
  }
}

TEST(DiffGraphsTest, EqualRunsHaveNoCause) {
  GraphDiff d = DiffGraphs(Chain(), Chain());
  EXPECT_THAT(d.causes, IsEmpty());
  EXPECT_THAT(d.changed_stages, IsEmpty());
}

TEST(DiffGraphsTest, SourceChangeIsTheRootAndEverythingBelowIsCarried) {
  RunState after = Chain();
  after.stages[0].sources[0].sha256 = "s2";
  ChangeOutputsFrom(&after, 0);
  GraphDiff d = DiffGraphs(Chain(), after);
  ASSERT_EQ(d.causes.size(), 1u);
  EXPECT_EQ(d.causes[0].kind, CauseKind::kSourceFile);
  EXPECT_EQ(d.causes[0].subject, "data/a.textproto");
  EXPECT_EQ(d.causes[0].old_value, "s1");
  EXPECT_EQ(d.causes[0].new_value, "s2");
  EXPECT_THAT(d.causes[0].at_stages, ElementsAre("//:a"));
  EXPECT_THAT(d.causes[0].invalidated, ElementsAre("//:a", "//:b", "//:c"));
}

TEST(DiffGraphsTest, AnUnchangedStageAbsorbsTheChange) {
  RunState after = Chain();
  after.stages[0].sources[0].sha256 = "s2";
  after.stages[0].outputs_digest = "oa2";
  after.stages[1].produced_digest = "ia2";  // b's outputs are the same bytes
  GraphDiff d = DiffGraphs(Chain(), after);
  ASSERT_EQ(d.causes.size(), 1u);
  EXPECT_THAT(d.causes[0].invalidated, ElementsAre("//:a"));
  EXPECT_THAT(d.changed_stages, ElementsAre("//:a"));
}

TEST(DiffGraphsTest, VersionBumpAndToolChangeNameBoth) {
  RunState after = Chain();
  after.stages[1].version = "2";
  after.stages[1].tool_sha256 = "t_b2";
  ChangeOutputsFrom(&after, 1);
  GraphDiff d = DiffGraphs(Chain(), after);
  ASSERT_EQ(d.causes.size(), 2u);
  EXPECT_EQ(d.causes[0].kind, CauseKind::kStageVersion);
  EXPECT_EQ(d.causes[0].subject, "stage_b");
  EXPECT_THAT(d.causes[0].invalidated, ElementsAre("//:b", "//:c"));
  EXPECT_EQ(d.causes[1].kind, CauseKind::kToolBinary);
  EXPECT_EQ(d.causes[1].subject, "tools/b");
}

TEST(DiffGraphsTest, AToolRebuiltBesideAChangedSourceIsNotBlamed) {
  RunState after = Chain();
  after.stages[0].sources[0].sha256 = "s2";
  after.stages[0].tool_sha256 = "t_a2";
  ChangeOutputsFrom(&after, 0);
  GraphDiff d = DiffGraphs(Chain(), after);
  ASSERT_EQ(d.causes.size(), 1u);
  EXPECT_EQ(d.causes[0].kind, CauseKind::kSourceFile);
}

TEST(DiffGraphsTest, ARebuiltToolAloneIsTheRoot) {
  RunState after = Chain();
  after.stages[1].tool_sha256 = "t_b2";
  ChangeOutputsFrom(&after, 1);
  GraphDiff d = DiffGraphs(Chain(), after);
  ASSERT_EQ(d.causes.size(), 1u);
  EXPECT_EQ(d.causes[0].kind, CauseKind::kToolBinary);
  EXPECT_EQ(d.causes[0].subject, "tools/b");
}

TEST(DiffGraphsTest, OutputsChangedWithEqualInputsIsNotReproducible) {
  RunState after = Chain();
  ChangeOutputsFrom(&after, 1);
  GraphDiff d = DiffGraphs(Chain(), after);
  ASSERT_EQ(d.causes.size(), 1u);
  EXPECT_EQ(d.causes[0].kind, CauseKind::kNotReproducible);
  EXPECT_EQ(d.causes[0].subject, "//:b");
  EXPECT_THAT(d.causes[0].invalidated, ElementsAre("//:b", "//:c"));
}

TEST(DiffGraphsTest, ArgumentsAndAddedAndRemovedStages) {
  RunState after = Chain();
  after.stages[0].args = {"--x=2"};
  ChangeOutputsFrom(&after, 0);
  after.stages[2].label = "//:c2";  // c removed, c2 added reading the changed b
  GraphDiff d = DiffGraphs(Chain(), after);
  ASSERT_EQ(d.causes.size(), 1u);
  EXPECT_EQ(d.causes[0].kind, CauseKind::kArguments);
  EXPECT_EQ(d.causes[0].old_value, "--x=1");
  EXPECT_EQ(d.causes[0].new_value, "--x=2");
  EXPECT_THAT(d.causes[0].invalidated, ElementsAre("//:a", "//:b", "//:c2"));
  EXPECT_THAT(d.removed_stages, ElementsAre("//:c"));
}

}  // namespace
}  // namespace repro::explain
