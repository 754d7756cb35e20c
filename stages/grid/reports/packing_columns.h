// The packing and funnel columns of cells.csv (docs/metrics.md, "Packing",
// "The funnel"), present only when the report's cells pack
// (GridReport.packing): an experiment without packing keeps its bytes.
//
// PackingHeader(r) lists, for each packing of the first unit's outcome
// (budget ascending; the baseline, then the treatments as declared),
// "pack_<budget>_<rule>_" + gold_functions_covered, gold_files_covered,
// used, left, units_packed, distinct_files, redundant_pairs,
// skipped_does_not_fit, skipped_redundant, skipped_file_quota; then
// units_above_every_budget and the funnel's counts of gold functions: funnel_gold_functions,
// funnel_in_pool, funnel_above_cutoff, funnel_in_packing_pool and funnel_packed_<budget>_<rule> per
// packing. PackingFields(u, header_size) gives a unit's values in that order; a unit whose packings
// are not the header's is InvalidArgument naming it (every cell of a grid packs by the same block).
#ifndef REPRO_STAGES_GRID_REPORTS_PACKING_COLUMNS_H_
#define REPRO_STAGES_GRID_REPORTS_PACKING_COLUMNS_H_

#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "stages/grid/grid.pb.h"

namespace repro::grid {

std::vector<std::string> PackingHeader(const GridReport& r);

absl::StatusOr<std::vector<std::string>> PackingFields(const GridUnit& u,
                                                       const std::vector<std::string>& header);

}  // namespace repro::grid

#endif  // REPRO_STAGES_GRID_REPORTS_PACKING_COLUMNS_H_
