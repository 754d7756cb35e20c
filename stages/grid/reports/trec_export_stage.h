// The body of stage grid_trec_export (trec_export_main.cc): every ranked list
// of an experiment's grid as TREC run files, and its judgments as TREC qrels,
// so that recall, reciprocal rank and nDCG can be rechecked with trec_eval or
// pytrec_eval (docs/metrics.md).
//
// Inputs (roles):
//   tasks               TaskSet (topic order: the task order)
//   labels/<task>       Labels: gold files and gold functions at base
//   units/<k>           the grid_units shards (UnitShard, unit_shard.h):
//                       every unit's ranked lists (rankings.h)
// Outputs, per harness H and condition C (its cell_suffix, e.g. baseline,
// S001, S002_d5; stages/grid/conditions.bzl):
//   <H>.<C>.run            one topic per task (qid = task id), docno = file
//                          path, the harness's returned list (at most
//                          candidate_limit files) in rank order; tag "<H>.<C>"
//   <H>.<C>.functions.run  the first 10 distinct functions ranked
//                          (UnitRanking.top_functions), docno
//                          "<path>::<name>" (function_recall.h)
// and files.qrels (every gold file of every task, grade 1) and
// functions.qrels (every gold function, grade 1; a task without gold
// functions has no line: trec_eval skips it, the report calls it undefined).
// Scores are |run| - rank + 1 (trec_export.h): trec_eval's own order equals
// the harness's. A docno with white space, a run without a declared output,
// a shard whose rankings break their size contract, or a task with two units
// for one run stops the stage naming it.
#ifndef REPRO_STAGES_GRID_REPORTS_TREC_EXPORT_STAGE_H_
#define REPRO_STAGES_GRID_REPORTS_TREC_EXPORT_STAGE_H_

#include "absl/status/status.h"
#include "stages/corpus/task.pb.h"
#include "stages/framework/pipeline/stage.h"

namespace repro::grid {

// Reads the inputs above and writes every run file and both qrels files.
absl::Status RunTrecExport(Stage& stage);

// files.qrels and functions.qrels of `tasks`, from inputs labels/<task>.
absl::Status WriteQrels(Stage& stage, const corpus::TaskSet& tasks);

}  // namespace repro::grid

#endif  // REPRO_STAGES_GRID_REPORTS_TREC_EXPORT_STAGE_H_
