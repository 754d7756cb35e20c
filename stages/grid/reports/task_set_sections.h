// The section of report.md on an experiment over several task sets
// (GridReport.task_sets; nothing for an experiment of one set), written with
// report_text.h: per set, its repository, its tasks and its LSA training
// commit, then two tables of its own analysis (the set's tasks alone, the
// bootstrap resampling them): the baseline's recall@1/10, MRR, nDCG@10 and
// file and function Acc@1/5 per harness, and each perturbed condition's
// delta recall@10 and delta MRR per harness, in the order of its Summary
// rows. Every value is a token "set.<set>.<harness>.<label>.<metric>".
#ifndef REPRO_STAGES_GRID_REPORTS_TASK_SET_SECTIONS_H_
#define REPRO_STAGES_GRID_REPORTS_TASK_SET_SECTIONS_H_

#include "stages/grid/grid.pb.h"
#include "stages/grid/reports/report_text.h"

namespace repro::grid {

void TaskSetSections(const GridReport& r, Writer& w);

}  // namespace repro::grid

#endif  // REPRO_STAGES_GRID_REPORTS_TASK_SET_SECTIONS_H_
