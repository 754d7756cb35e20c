// The harness comparisons of report.md (the experiment's compare_with pairs),
// written with report_text.h; nothing when the experiment compares no
// harnesses. Per comparison "A-B": the mean per-task difference at baseline
// in recall@10 and MRR with the paired randomization test's p and Holm's p
// (both tokens), what those p-values are; then every metric's difference and
// the MRR each harness loses under each perturbation; and, when A and B search
// with different query fields while the distractors take their words from one
// of them, a note that the S002 difference is partly the protocol's.
#ifndef REPRO_STAGES_GRID_REPORTS_COMPARISON_SECTIONS_H_
#define REPRO_STAGES_GRID_REPORTS_COMPARISON_SECTIONS_H_

#include "stages/grid/grid.pb.h"
#include "stages/grid/reports/report_text.h"

namespace repro::grid {

// The paired tests of the harness differences at baseline, then every
// difference per metric.
void HarnessDifferences(const GridReport& r, Writer& w);

}  // namespace repro::grid

#endif  // REPRO_STAGES_GRID_REPORTS_COMPARISON_SECTIONS_H_
