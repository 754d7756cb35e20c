// The body of stage experiment_pins (pins_main.cc): the model pins of an
// experiment as built.
//
// Inputs (roles): summary/<model> (LsaModelSummary JSON of each dense model
// the experiment's harnesses read; <model> = the LSA config's stem; in an
// experiment over several task sets, summary/<set>/<model>, pinned for that
// set, where every other role is pinned for `task_set`) and, for
// an experiment with a vector_cache, vector_cache (the filled cache file).
// The cache is checked to be a vector cache first
// (retrieval::CheckVectorCacheFile: a SQLite file with the cache's tables);
// anything else stops the stage naming the file, and nothing is pinned. Its
// sha256 and size become ModelPins.vector_cache. The same for an experiment
// with a run_cache: input run_cache, checked by retrieval::CheckRunCacheFile,
// pinned as ModelPins.run_cache (docs/run_cache.md).
// Output: the one declared output, <experiment>.pins.textproto (ModelPins,
// sorted by model, behind a header naming the experiment), the file
// `bazel run //reports:<experiment>_pins_refreeze` copies into
// data/experiments/ for review. Deterministic: no time, no path.
#ifndef REPRO_STAGES_GRID_PINS_STAGE_H_
#define REPRO_STAGES_GRID_PINS_STAGE_H_

#include "absl/status/status.h"
#include "absl/strings/string_view.h"
#include "stages/framework/pipeline/stage.h"

namespace repro::grid {

absl::Status WritePins(Stage& stage, absl::string_view task_set, absl::string_view experiment);

}  // namespace repro::grid

#endif  // REPRO_STAGES_GRID_PINS_STAGE_H_
