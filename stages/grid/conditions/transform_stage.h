// The body of stage grid_transform (transform_main.cc): one task's base
// snapshot through one condition's corpus transform (transform_registry.h),
// once per task, for every harness's cell of that task and condition.
//
// The request (the tool's flags): the task id (for messages), its
// base_commit (the grid rules read it from the task set's data, so an edit
// of the task's query or reformulation never reruns the transform) and the
// cell suffix of a condition of input "conditions" whose snapshot is
// "transformed".
//
// Inputs (roles):
//   conditions  the experiment's ConditionTable (conditions.pb)
//   snapshot    the stored Snapshot of the task's base_commit, and
//               snapshot@<commit> for each reference down its chain
//   chunks      its stored ChunkSet, and chunks@<commit> likewise
//   rules/<language>, queries/<language>/<name>  the task set's languages
//               (language_set.h; rules.bzl rules_roles)
// Outputs: "<name>.snapshot.pb" and "<name>.chunks.pb", the transformed
// corpus in the stored form of stored_corpus.h, stored against the base
// itself: reference_commit is the base commit, `files` the files whose
// content the transform changed (their blob ids are the base's: the bytes
// differ, the git object does not), the chunks only theirs. A cell reads
// them as "snapshot" and "chunks" with the base's stored artifacts as
// snapshot@<base> and chunks@<base> (ReadSnapshot, ReadChunks); the
// snapshot_sha256 is the whole transformed snapshot's.
//
// Errors: the condition's snapshot is not "transformed"; no transform is
// linked under its transform name; the base snapshot is not of the request's base_commit;
// the transform changed the commit, a path or their order, or returned
// chunks of a file it did not change (each naming the task, the condition
// and what differs); and the transform's own errors.
#ifndef REPRO_STAGES_GRID_CONDITIONS_TRANSFORM_STAGE_H_
#define REPRO_STAGES_GRID_CONDITIONS_TRANSFORM_STAGE_H_

#include <string>

#include "absl/status/status.h"
#include "stages/framework/pipeline/stage.h"

namespace repro::grid {

struct TransformRequest {
  std::string task;
  std::string base_commit;
  std::string condition;  // a cell suffix
};

absl::Status RunTransform(Stage& stage, const TransformRequest& request);

}  // namespace repro::grid

#endif  // REPRO_STAGES_GRID_CONDITIONS_TRANSFORM_STAGE_H_
