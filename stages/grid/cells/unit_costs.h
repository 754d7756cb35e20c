// The cost of each unit of a cell's packing pool (docs/packing.md, "Costs"),
// in the unit the experiment declares (Experiment.packing.cost).
//
// AddUnitCosts(stage, cost, where, pool) sets every entry's unit.cost:
//  - PACKING_COST_LINES: the lines of the unit's text (a final line without
//    a line break counts; an empty text is 0 lines).
//  - PACKING_COST_TOKENS: the pinned tokenizer's count of the unit's text,
//    looked up by the text's sha256 in input "costs" (the token-cost stage's
//    TokenCosts of the snapshot the cell indexes: files and chunks). A text
//    the snapshot does not hold (S002's distractors, a transformed
//    snapshot's files) is counted by the pinned program itself when the cell
//    has it (inputs "cost_pin", "cost_vocabulary", "cost_program";
//    stage_cost_program.h): every such text once, in one run, sorted by
//    sha256. A cell without the program stops instead, naming the unit, its
//    sha256 and the costs file: its snapshot's costs must hold every unit.
// Errors: those above; a "costs" file that is not TokenCosts JSON, or whose
// entries give one sha256 two counts, is InvalidArgument naming the file.
#ifndef REPRO_STAGES_GRID_CELLS_UNIT_COSTS_H_
#define REPRO_STAGES_GRID_CELLS_UNIT_COSTS_H_

#include <cstdint>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/string_view.h"
#include "stages/experiments/experiment.pb.h"
#include "stages/framework/pipeline/stage.h"
#include "stages/grid/cells/packing_pool.h"

namespace repro::grid {

int64_t CountLines(absl::string_view text);

absl::Status AddUnitCosts(const Stage& stage, experiments::PackingCost cost,
                          const std::string& where, std::vector<PoolEntry>& pool);

}  // namespace repro::grid

#endif  // REPRO_STAGES_GRID_CELLS_UNIT_COSTS_H_
