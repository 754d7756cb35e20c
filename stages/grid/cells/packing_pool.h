// A cell's packing pool: the first `depth` units of the harness's ranked
// list, each with its text and the gold functions it covers
// (docs/packing.md, "Packing in every cell").
//
// BuildPackingPool(ranked, corpus, gold, unit, depth):
//  - PACKING_UNIT_FUNCTION: the ranked function list in order (the harness
//    ranks function chunks; the rest-of-file chunks are never ranked), each
//    chunk once, id "<path>::<function>@<start line>", its text the chunk's.
//    It claims the gold function of the same path and name (an overload
//    claims it too, as function recall matches by path and name).
//  - PACKING_UNIT_FILE: the ranked file list in order, id the path, its text
//    the file's content; it claims every gold function of the file.
// rank is the unit's 1-based position in the list it comes from; sha256 is
// of its text; claims are "<path>::<function>", sorted and distinct; the
// unit's cost is left 0 for the caller (unit_costs.h).
//
// Errors: Internal naming `where` and the unit when the ranked list names a
// file or chunk the cell's corpus lacks (the harness ranked the corpus it
// was given, so this is a bug, never bad input).
#ifndef REPRO_STAGES_GRID_CELLS_PACKING_POOL_H_
#define REPRO_STAGES_GRID_CELLS_PACKING_POOL_H_

#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "stages/experiments/experiment.pb.h"
#include "stages/framework/packing/packing.h"
#include "stages/grid/cells/outcomes.h"
#include "stages/retrieval/retrieval.pb.h"
#include "stages/retrieval/retrieval_corpus.h"

namespace repro::grid {

struct PoolEntry {
  int rank = 0;
  packing::Unit unit;
  std::string text;
  std::string sha256;
};

// "<path>::<function>": a gold function's (and a claim's) id.
std::string FunctionId(const std::string& path, const std::string& function);

absl::StatusOr<std::vector<PoolEntry>> BuildPackingPool(const retrieval::HarnessResult& ranked,
                                                        const retrieval::Corpus& corpus,
                                                        const GoldLabels& gold,
                                                        experiments::PackingUnit unit, int depth,
                                                        const std::string& where);

}  // namespace repro::grid

#endif  // REPRO_STAGES_GRID_CELLS_PACKING_POOL_H_
