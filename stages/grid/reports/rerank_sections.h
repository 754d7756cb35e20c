// The reranker sections of report.md (docs/rerank.md), written with
// report_text.h; nothing when the grid has no reranker. Per comparison
// "R-F" (GridReport.rerank_comparisons): one row per condition (in the
// grid's order), the mean per-task difference R - F of recall@1, recall@5,
// recall@10, MRR and nDCG@10 with its 95% task-bootstrap interval (each a
// token "R-F.<condition label>.rerank_<metric>"), then the pool proof: how
// many of R's cells proved their pool, and its size per task at baseline.
#ifndef REPRO_STAGES_GRID_REPORTS_RERANK_SECTIONS_H_
#define REPRO_STAGES_GRID_REPORTS_RERANK_SECTIONS_H_

#include "stages/grid/grid.pb.h"
#include "stages/grid/reports/report_text.h"

namespace repro::grid {

void RerankComparisons(const GridReport& r, Writer& w);

}  // namespace repro::grid

#endif  // REPRO_STAGES_GRID_REPORTS_RERANK_SECTIONS_H_
