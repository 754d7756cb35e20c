// Stage grid_conditions: the experiment's conditions, validated once for its
// grid (conditions.h) before any cell runs.
//
// Inputs (roles):
//   table      ConditionTable JSON (<e>/condition_table.json): what the grid
//              rules rendered from stages/grid/conditions.bzl for this
//              experiment
//   grid_spec  GridSpec (grid_spec.pb of the experiment_spec stage): the
//              experiment whose depths and doses the table must cover, and
//              its file name for messages
// Output: conditions.pb, the ConditionTable as read; the cells, the
// aggregate and the TREC export read every condition name from it.
#include "stages/framework/pipeline/stage.h"
#include "stages/framework/pipeline/stage_proto.h"
#include "stages/framework/pipeline/status_macros.h"
#include "stages/grid/conditions/conditions.h"
#include "stages/grid/grid.pb.h"

namespace repro::grid {
namespace {

absl::Status Run(Stage& stage) {
  GridSpec spec;
  RETURN_IF_ERROR(ReadInputProto(stage, "grid_spec", &spec));
  ConditionTable table;
  RETURN_IF_ERROR(ReadInputProto(stage, "table", &table));
  ASSIGN_OR_RETURN(const Stage::Input* in, stage.Find("table"));
  RETURN_IF_ERROR(
      ValidateConditions(table, spec.experiment(),
                         absl::StrCat(in->short_path, " (conditions of ", spec.source(), ")")));
  return WriteOutputProto(stage, "conditions.pb", table);
}

}  // namespace
}  // namespace repro::grid

int main(int argc, char** argv) { return repro::RunStage(argc, argv, repro::grid::Run); }
