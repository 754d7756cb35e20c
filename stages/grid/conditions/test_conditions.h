// Test-only: a ConditionTable like the one the grid rules render from
// stages/grid/conditions.bzl, with the test's own ids, so that a test shows
// the stages take every condition name from the table: "baseline";
// STALE_INDEX "stale" (suffix "stale" at depth 1, "stale_k<d>" deeper;
// label "stale.k<d>"); DISTRACTORS "noise" (suffix "noise_d<n>", label
// "noise.d<n>").
#ifndef REPRO_STAGES_GRID_CONDITIONS_TEST_CONDITIONS_H_
#define REPRO_STAGES_GRID_CONDITIONS_TEST_CONDITIONS_H_

#include <vector>

#include "absl/strings/str_cat.h"
#include "stages/grid/grid.pb.h"

namespace repro::grid {

inline constexpr char kTestBaseline[] = "baseline";
inline constexpr char kTestStale[] = "stale";
inline constexpr char kTestNoise[] = "noise";
inline constexpr char kTestBare[] = "bare";  // TRANSFORMED (AddCommentsRemoved)

inline ConditionTable TestConditions(const std::vector<int>& depths,
                                     const std::vector<int>& doses) {
  ConditionTable t;
  Condition* b = t.add_conditions();
  b->set_id(kTestBaseline);
  b->set_kind(CONDITION_KIND_BASELINE);
  b->set_title("baseline");
  b->set_cell_suffix(kTestBaseline);
  b->set_label(kTestBaseline);
  b->set_snapshot("base");
  for (int d : depths) {
    Condition* c = t.add_conditions();
    c->set_id(kTestStale);
    c->set_kind(CONDITION_KIND_STALE_INDEX);
    c->set_title("stale index");
    c->set_parameter_name("depth");
    c->set_parameter_field("s001_depths");
    c->set_parameter(d);
    c->set_cell_suffix(d == 1 ? std::string(kTestStale) : absl::StrCat(kTestStale, "_k", d));
    c->set_label(absl::StrCat(kTestStale, ".k", d));
    c->set_snapshot("stale_at");
    c->set_shared_across_doses(true);
    c->set_paired_with(kTestBaseline);
  }
  for (int n : doses) {
    Condition* c = t.add_conditions();
    c->set_id(kTestNoise);
    c->set_kind(CONDITION_KIND_DISTRACTORS);
    c->set_title("distractors");
    c->set_parameter_name("dose");
    c->set_parameter_field("s002_doses");
    c->set_parameter(n);
    c->set_cell_suffix(absl::StrCat(kTestNoise, "_d", n));
    c->set_label(absl::StrCat(kTestNoise, ".d", n));
    c->set_snapshot("base");
    c->set_paired_with(kTestBaseline);
  }
  return t;
}

// Appends the TRANSFORMED condition "bare" (S003's shape: optional,
// transform "comments_removed").
inline void AddCommentsRemoved(ConditionTable* t) {
  Condition* c = t->add_conditions();
  c->set_id(kTestBare);
  c->set_kind(CONDITION_KIND_TRANSFORMED);
  c->set_transform("comments_removed");
  c->set_optional(true);
  c->set_title("comments removed");
  c->set_cell_suffix(kTestBare);
  c->set_label(kTestBare);
  c->set_snapshot("transformed");
  // Paired with the table's baseline (its first condition), whatever its id.
  c->set_paired_with(t->conditions_size() > 1 ? t->conditions(0).id() : kTestBaseline);
}

}  // namespace repro::grid

#endif  // REPRO_STAGES_GRID_CONDITIONS_TEST_CONDITIONS_H_
