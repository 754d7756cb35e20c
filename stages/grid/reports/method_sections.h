// The closing sections of report.md, on how the numbers were made, written
// with report_text.h:
//  - TrainingSnapshot: the commit the LSA model trains on, why (named by the
//    task file or derived from the newest fix), and which tasks' gold files
//    that snapshot holds; nothing without an LSA model;
//  - PerTask: each task x harness unit's first-gold ranks (baseline, S001,
//    S002 per dose; one token a unit), baseline MRR and gold files returned;
//  - Conventions: the definition of every reported quantity;
//  - NotEvaluated: what the grid does not evaluate.
#ifndef REPRO_STAGES_GRID_REPORTS_METHOD_SECTIONS_H_
#define REPRO_STAGES_GRID_REPORTS_METHOD_SECTIONS_H_

#include "stages/grid/grid.pb.h"
#include "stages/grid/reports/report_text.h"

namespace repro::grid {

// Whether each task's gold files are in the snapshot the LSA model trains on.
void TrainingSnapshot(const GridReport& r, Writer& w);

// First-gold ranks per task x harness unit.
void PerTask(const GridReport& r, Writer& w);

// Definitions of every reported quantity.
void Conventions(const GridReport& r, Writer& w);

// What the grid does not evaluate.
void NotEvaluated(const GridReport& r, Writer& w);

}  // namespace repro::grid

#endif  // REPRO_STAGES_GRID_REPORTS_METHOD_SECTIONS_H_
