// The opening of report.md, written with report_text.h:
//  - Introduction: the title, the experiment and its repository, the grid's
//    shape (tasks x harnesses x doses = cells, with the conditions each cell
//    holds and the bootstrap), the harnesses with their descriptions and
//    authored notes, the tasks the experiment leaves out with its reasons,
//    which candidates the harnesses indexed (Experiment.candidates; the
//    token grid.candidates only when not the default), and the corpus's
//    languages with each task's file and chunk counts (corpus files; with
//    the gold candidates only, also the files indexed at base);
//  - SummarySection: what moved and by how much, every figure a token: the
//    sample size (and, with few tasks, that no paired test can reach 0.05
//    after Holm), baseline MRR and recall@10, S001 and its effective dose,
//    S002 per dose, every other kind of the table, distractors in the top 10,
//    and the harness differences in baseline MRR.
// The experiment's prose enters through report::MarkdownText.
#ifndef REPRO_STAGES_GRID_REPORTS_OVERVIEW_SECTIONS_H_
#define REPRO_STAGES_GRID_REPORTS_OVERVIEW_SECTIONS_H_

#include "stages/grid/grid.pb.h"
#include "stages/grid/reports/report_text.h"

namespace repro::grid {

// The title paragraph and the harness list.
void Introduction(const GridReport& r, Writer& w);

// The summary bullets: what moved, by how much.
void SummarySection(const GridReport& r, Writer& w);

}  // namespace repro::grid

#endif  // REPRO_STAGES_GRID_REPORTS_OVERVIEW_SECTIONS_H_
