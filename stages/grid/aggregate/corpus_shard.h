// The body of stage grid_corpus (corpus_shard_main.cc): for a run of
// consecutive tasks, what the report says of each task's corpus, read from
// the snapshots and chunk sets without any cell's outcome, so that it runs
// in parallel with the cells and the aggregate only concatenates.
//
// Inputs (roles), per task T of the run:
//   base/T, stale_k<d>/T   snapshot manifests at base and at each S001
//                          depth d (StalenessDose)
//   base_chunks/T          the ChunkSet of the base snapshot, with its chain
//                          (stored_corpus.h; ranges only, no text)
//   labels/T               Labels (which files are gold)
// and rules/<language> (language_set.h), the task set's languages.
// Output: a CorpusShard (corpus_shard.proto), deterministic bytes.
#ifndef REPRO_STAGES_GRID_AGGREGATE_CORPUS_SHARD_H_
#define REPRO_STAGES_GRID_AGGREGATE_CORPUS_SHARD_H_

#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "stages/framework/pipeline/stage.h"
#include "stages/grid/aggregate/corpus_shard.pb.h"
#include "stages/grid/grid.pb.h"

namespace repro::grid {

// The shard of `task_ids` (in report order) at the S001 `depths` (in the
// experiment's order): per task, one CorpusCount per language of the set
// and one StalenessDose per depth. InvalidArgument names the task and path
// when a base path is of none of the set's languages; NotFound names a
// missing input role.
absl::StatusOr<CorpusShard> BuildCorpusShard(const Stage& stage,
                                             const std::vector<std::string>& task_ids,
                                             const std::vector<int>& depths);

// What changed between the tree of input `<stale_role><task_id>` (a snapshot
// manifest at base~depth) and input base/<task_id>, for one task: files
// added, removed and changed, and whether a gold file (input
// labels/<task_id>) changed or is missing at the stale tree.
absl::StatusOr<StalenessDose> EffectiveDose(const Stage& stage, const std::string& task_id,
                                            const std::string& stale_role, int depth);

}  // namespace repro::grid

#endif  // REPRO_STAGES_GRID_AGGREGATE_CORPUS_SHARD_H_
