#include "stages/grid/conditions/conditions.h"

#include <string>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "stages/framework/pipeline/textproto.h"
#include "stages/grid/conditions/test_conditions.h"

namespace repro::grid {
namespace {

using ::testing::HasSubstr;

// A table as the grid rules render it, with ids of the test's own: every
// name the stages use comes from here, none is built in.
constexpr char kTable[] = R"pb(
  conditions {
    id: "base"
    kind: CONDITION_KIND_BASELINE
    title: "baseline"
    cell_suffix: "base"
    label: "base"
    snapshot: "base"
  }
  conditions {
    id: "K"
    kind: CONDITION_KIND_STALE_INDEX
    title: "stale index"
    parameter_name: "depth"
    parameter_field: "s001_depths"
    parameter: 1
    cell_suffix: "K"
    label: "K.k1"
    snapshot: "stale_at"
    shared_across_doses: true
    paired_with: "base"
  }
  conditions {
    id: "K"
    kind: CONDITION_KIND_STALE_INDEX
    title: "stale index"
    parameter_name: "depth"
    parameter_field: "s001_depths"
    parameter: 3
    cell_suffix: "K_k3"
    label: "K.k3"
    snapshot: "stale_at"
    shared_across_doses: true
    paired_with: "base"
  }
  conditions {
    id: "D"
    kind: CONDITION_KIND_DISTRACTORS
    title: "distractors"
    parameter_name: "dose"
    parameter_field: "s002_doses"
    parameter: 5
    cell_suffix: "D_d5"
    label: "D.d5"
    snapshot: "base"
    paired_with: "base"
  }
)pb";

ConditionTable Table(const std::string& text = kTable) {
  ConditionTable t;
  EXPECT_TRUE(ParseTextProto(text, "table", &t).ok());
  return t;
}

experiments::Experiment Experiment() {
  experiments::Experiment e;
  e.add_s001_depths(1);
  e.add_s001_depths(3);
  e.add_s002_doses(5);
  return e;
}

absl::Status Validate(const ConditionTable& t) {
  return ValidateConditions(t, Experiment(), "e.json");
}

TEST(ValidateConditions, AcceptsTheRenderedTable) { EXPECT_TRUE(Validate(Table()).ok()); }

TEST(ValidateConditions, ParametersMustBeTheExperimentsDepthsAndDoses) {
  experiments::Experiment e = Experiment();
  e.add_s002_doses(10);
  const absl::Status s = ValidateConditions(Table(), e, "e.json");
  EXPECT_THAT(s.message(), HasSubstr("e.json: the D conditions have "
                                     "parameters [5], expected the experiment's [5, 10]"));
}

TEST(ValidateConditions, NamesReachFilesAndTargets) {
  ConditionTable t = Table();
  t.mutable_conditions(2)->set_cell_suffix("K k3");
  EXPECT_THAT(Validate(t).message(),
              HasSubstr("e.json: condition 2 (K k3), field cell_suffix: expected letters, "
                        "digits and _.-, found 'K k3'"));
}

TEST(ValidateConditions, OneConditionPerSuffixAndLabel) {
  ConditionTable t = Table();
  t.mutable_conditions(2)->set_cell_suffix("K");
  EXPECT_THAT(Validate(t).message(),
              HasSubstr("field cell_suffix: expected a suffix of one condition"));
  t = Table();
  t.mutable_conditions(2)->set_label("K.k1");
  EXPECT_THAT(Validate(t).message(), HasSubstr("field label: expected a label of one condition"));
}

TEST(ValidateConditions, OneIdPerKind) {
  ConditionTable t = Table();
  t.mutable_conditions(2)->set_id("S");
  EXPECT_THAT(Validate(t).message(),
              HasSubstr("condition 2 (K_k3), field id: expected 'K', found 'S'"));
  t = Table();
  t.mutable_conditions(3)->set_id("K");
  EXPECT_THAT(Validate(t).message(),
              HasSubstr("field id: expected an id of one kind, found 'K', already of "
                        "CONDITION_KIND_STALE_INDEX"));
}

TEST(ValidateConditions, ATransformKindIndexesTheTransformedBase) {
  experiments::Experiment e = Experiment();
  e.add_conditions(kTestBare);
  ConditionTable t = Table();
  AddCommentsRemoved(&t);
  Condition* bare = t.mutable_conditions(t.conditions_size() - 1);
  EXPECT_TRUE(ValidateConditions(t, e, "e.json").ok());
  bare->set_snapshot("base");
  EXPECT_THAT(ValidateConditions(t, e, "e.json").message(),
              HasSubstr("field snapshot: expected 'transformed', found 'base'"));
}

// The experiment's `conditions` list decides the optional kinds: listed
// and in the table, or neither; an id listed twice or of no optional row of
// the table stops, naming the field.
TEST(ValidateConditions, OptionalKindsFollowTheExperimentsList) {
  ConditionTable t = Table();
  AddCommentsRemoved(&t);
  experiments::Experiment e = Experiment();
  EXPECT_THAT(ValidateConditions(t, e, "e.json").message(),
              HasSubstr("e.json: the bare conditions have parameters [0], expected the "
                        "experiment's []"));
  e.add_conditions(kTestBare);
  EXPECT_TRUE(ValidateConditions(t, e, "e.json").ok());
  e.add_conditions(kTestBare);
  EXPECT_THAT(ValidateConditions(t, e, "e.json").message(),
              HasSubstr("e.json: experiment field conditions[1]: 'bare' is listed twice"));
  e.clear_conditions();
  e.add_conditions(kTestBare);
  e.add_conditions("S009");
  EXPECT_THAT(ValidateConditions(t, e, "e.json").message(),
              HasSubstr("experiment field conditions: 'S009' is no optional kind"));
}

// Coverage reads the Experiment field a row names, whatever its kind; a
// name that is no repeated integer field stops.
TEST(ValidateConditions, ParametersComeFromTheFieldTheRowNames) {
  ConditionTable t = Table();
  t.mutable_conditions(3)->set_parameter_field("s001_depths");
  EXPECT_THAT(Validate(t).message(),
              HasSubstr("the D conditions have parameters [5], expected the experiment's [1, 3] "
                        "(s001_depths)"));
  t.mutable_conditions(3)->set_parameter_field("title");
  EXPECT_THAT(Validate(t).message(),
              HasSubstr("parameter_field 'title' is not a repeated integer field"));
}

TEST(KindsOutsideTheCells, EveryKindButBaselineStaleAndDistractorsOncePerId) {
  ConditionTable t = Table();
  EXPECT_TRUE(KindsOutsideTheCells(t.conditions()).empty());
  AddCommentsRemoved(&t);
  const std::vector<const Condition*> outside = KindsOutsideTheCells(t.conditions());
  ASSERT_EQ(outside.size(), 1u);
  EXPECT_EQ(outside[0]->id(), kTestBare);
}

TEST(ValidateConditions, BaselineFirstAndPairedWithIt) {
  ConditionTable t = Table();
  t.mutable_conditions()->SwapElements(0, 1);
  EXPECT_THAT(Validate(t).message(), HasSubstr("e.json: expected the baseline condition first"));
  t = Table();
  t.mutable_conditions(3)->set_paired_with("K");
  EXPECT_THAT(Validate(t).message(),
              HasSubstr("condition 3 (D_d5), field paired_with: expected 'base', found 'K'"));
}

TEST(ValidateConditions, SnapshotAndSharingFollowTheKind) {
  ConditionTable t = Table();
  t.mutable_conditions(3)->set_snapshot("stale_at");
  EXPECT_THAT(Validate(t).message(),
              HasSubstr("condition 3 (D_d5), field snapshot: expected 'base', found 'stale_at'"));
  t = Table();
  t.mutable_conditions(1)->set_shared_across_doses(false);
  EXPECT_THAT(Validate(t).message(),
              HasSubstr("condition 1 (K), field shared_across_doses: expected true, found false"));
}

TEST(Conditions, LooksUpByCellSuffixOutcomeAndRow) {
  absl::StatusOr<Conditions> c = Conditions::Create(Table());
  ASSERT_TRUE(c.ok()) << c.status();
  EXPECT_EQ(c->Id(CONDITION_KIND_STALE_INDEX), "K");
  EXPECT_EQ(c->Id(CONDITION_KIND_UNSPECIFIED), "");
  absl::StatusOr<const Condition*> k3 = c->ByCellSuffix("K_k3");
  ASSERT_TRUE(k3.ok());
  EXPECT_EQ((*k3)->parameter(), 3);
  EXPECT_THAT(
      c->ByCellSuffix("K_k2").status().message(),
      HasSubstr("no condition 'K_k2' in the experiment's conditions (base, K, K_k3, D_d5)"));

  ConditionOutcome o;
  o.set_condition("D");
  o.set_dose(5);
  EXPECT_EQ((*c->Of(o))->cell_suffix(), "D_d5");
  o.set_condition("K");
  o.set_dose(0);
  EXPECT_EQ((*c->Of(o))->cell_suffix(), "K");  // no depth: depth 1
  o.set_s001_depth(3);
  EXPECT_EQ((*c->Of(o))->cell_suffix(), "K_k3");
  o.set_s001_depth(2);
  EXPECT_THAT(c->Of(o).status().message(), HasSubstr("condition 'K' at parameter 2"));

  EXPECT_EQ(c->Label("base", 0), "base");
  EXPECT_EQ(c->Label("K", 0), "K");  // the composite cells' stale condition
  EXPECT_EQ(c->Label("K", 3), "K.k3");
  EXPECT_EQ(c->Label("D", 5), "D.d5");
}

}  // namespace
}  // namespace repro::grid
