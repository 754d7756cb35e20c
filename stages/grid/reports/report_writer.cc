#include "stages/grid/reports/report_writer.h"

#include <utility>

#include "stages/framework/pipeline/status_macros.h"
#include "stages/grid/conditions/conditions.h"
#include "stages/grid/reports/cells_csv.h"
#include "stages/grid/reports/comparison_sections.h"
#include "stages/grid/reports/condition_sections.h"
#include "stages/grid/reports/method_sections.h"
#include "stages/grid/reports/overview_sections.h"
#include "stages/grid/reports/packing_sections.h"
#include "stages/grid/reports/report_plots.h"
#include "stages/grid/reports/report_text.h"
#include "stages/grid/reports/rerank_sections.h"
#include "stages/grid/reports/task_set_sections.h"

namespace repro::grid {

absl::StatusOr<RenderedReport> RenderReport(const GridReport& r,
                                            const std::vector<UnitAccuracy>& accuracy) {
  ConditionTable table;
  *table.mutable_conditions() = r.conditions();
  ASSIGN_OR_RETURN(const Conditions conditions, Conditions::Create(table));
  Summaries s(r);
  Writer w(s, conditions);
  Introduction(r, w);
  SummarySection(r, w);
  TaskSetSections(r, w);
  BaselineAndS001(r, w);
  S002DoseResponse(r, w);
  HarnessDifferences(r, w);
  RerankComparisons(r, w);
  PackingSections(r, w);
  TrainingSnapshot(r, w);
  PerTask(r, w);
  Conventions(r, w);
  NotEvaluated(r, w);
  RenderedReport out;
  RETURN_IF_ERROR(std::move(w).Finish(&out.markdown, &out.tokens));
  ASSIGN_OR_RETURN(out.cells_csv, CellsCsv(r, accuracy));
  out.dose_response_svg = DoseResponseSvg(r, s, w.n());
  out.rank_displacement_svg = RankDisplacementSvg(r, w.n());
  if (r.s001_depths_size() > 1) out.staleness_svg = StalenessSvg(r, s, w.n());
  return out;
}

}  // namespace repro::grid
