// An experiment's conditions (ConditionTable, grid.proto): the validator of
// the table the grid rules render from stages/grid/conditions.bzl, and the
// lookups through which every stage reads a condition's names.
//
// ValidateConditions(table, experiment, source) is the one check, run once
// per experiment by the grid_conditions stage before any cell:
//  - each condition: id, title, cell_suffix and label non-empty, of
//    [A-Za-z0-9_.-] (they reach target, file and token names); kind set;
//    snapshot "stale_at" for a STALE_INDEX condition, "transformed"
//    (kTransformedSnapshot) for a TRANSFORMED one, which names its
//    transform (transform_registry.h), "base" for the others;
//  - one id per kind (several TRANSFORMED kinds may each have theirs) and
//    one kind per id; cell_suffix and label unique;
//  - exactly one BASELINE condition: parameter 0, no parameter_name, not
//    optional, not shared across doses, paired with nothing; it comes first;
//  - every other condition: paired with the baseline's id; STALE_INDEX
//    shared across doses (its shared_key), the others not;
//  - coverage, by what each row names, never by kind: a row with a
//    parameter_field has exactly that Experiment field's values, in order
//    (read by reflection: s001_depths, s002_doses; the experiment's own
//    validator, grid_spec.h, bounds them), each with a parameter_name; an
//    optional row (S003, S004) has one condition, parameter 0, exactly when
//    Experiment.conditions lists its id; every id that field lists, each at
//    most once, is an optional row of the table.
// Errors: InvalidArgument "<source>: condition <i> (<cell_suffix>), field
// <field>: expected ..., found ..." (i 0-based in table order), or
// "<source>: ..." for what no single condition holds.
//
// Conditions wraps a validated table (Create validates again only what its
// lookups rely on: unique suffixes, one id per kind) and answers:
//   Id(kind)              the kind's id; "" when the experiment has none
//   ByCellSuffix(suffix)  the condition, or InvalidArgument naming the suffix
//                         and listing the table's
//   Of(outcome)           the condition of a ConditionOutcome, by its id and
//                         parameter (DISTRACTORS: dose; STALE_INDEX:
//                         s001_depth), or InvalidArgument
//   Label(id, dose)       the report's name of a Summary row (condition, dose):
//                         the id for dose 0 (the baseline, and the composite
//                         cells' S001), else the label of the condition with
//                         that id and parameter ("S002.d5", "S001.k3"); the
//                         id itself when there is none.
#ifndef REPRO_STAGES_GRID_CONDITIONS_CONDITIONS_H_
#define REPRO_STAGES_GRID_CONDITIONS_CONDITIONS_H_

#include <map>
#include <string>
#include <tuple>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "stages/experiments/experiment.pb.h"
#include "stages/grid/grid.pb.h"

namespace repro::grid {

absl::Status ValidateConditions(const ConditionTable& table,
                                const experiments::Experiment& experiment,
                                absl::string_view source);

// The kinds outside the seeded protocol's composite cells (a cell holds the
// baseline, the stale index and the distractors): every other kind (S003,
// S004), one condition per id, in table order. The one rule the aggregate
// (its summaries of such kinds) and the report writers (their sections and
// columns) share.
std::vector<const Condition*> KindsOutsideTheCells(
    const google::protobuf::RepeatedPtrField<Condition>& conditions);

// Condition.snapshot of a kind whose cells index the base snapshot through
// the kind's corpus transform (stage grid_transform, transform_stage.h).
inline constexpr char kTransformedSnapshot[] = "transformed";

class Conditions {
 public:
  static absl::StatusOr<Conditions> Create(const ConditionTable& table);

  const std::vector<Condition>& all() const { return all_; }
  const std::string& Id(ConditionKind kind) const;
  absl::StatusOr<const Condition*> ByCellSuffix(absl::string_view suffix) const;
  absl::StatusOr<const Condition*> Of(const ConditionOutcome& outcome) const;
  std::string Label(const std::string& id, int dose) const;

 private:
  std::vector<Condition> all_;
  std::map<ConditionKind, std::string> id_of_kind_;
  std::map<std::string, size_t> by_suffix_;
  std::map<std::pair<std::string, int>, size_t> by_id_and_parameter_;
};

// The ids of the kinds a composite cell combines (its baseline, stale index
// and distractors), read from `conditions`; "" for a kind it lacks.
struct CellKindIds {
  explicit CellKindIds(const Conditions& conditions)
      : baseline(conditions.Id(CONDITION_KIND_BASELINE)),
        stale(conditions.Id(CONDITION_KIND_STALE_INDEX)),
        distractors(conditions.Id(CONDITION_KIND_DISTRACTORS)) {}
  std::string baseline, stale, distractors;
};

}  // namespace repro::grid

#endif  // REPRO_STAGES_GRID_CONDITIONS_CONDITIONS_H_
