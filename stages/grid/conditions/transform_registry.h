// The corpus transforms of the grid's conditions, registered by name.
//
// A TRANSFORMED condition (its table row names a `transform`,
// stages/grid/conditions.bzl) indexes the task's base snapshot changed by
// that transform: S003's "comments_removed" blanks comments
// (comments_removed.h), S004's "identifiers_renamed" renames identifiers
// (identifiers_renamed.h). The
// transform runs once per task, in stage grid_transform (transform_stage.h),
// and every harness's cell of that task and condition reads its result, as
// it reads a commit's stored snapshot and chunks.
//
// A transform registers itself as a grammar does (grammar_registry.h): its
// cc_library (alwayslink) defines
//   [[maybe_unused]] const bool kRegistered = RegisterTransform("name", &Fn);
// and linking it into the transform tool is all it takes. Adding a kind is a
// table row, a transform (header, source, test) and its per-language query
// files; no dispatch is written and no enum grows.
//
// A CorpusTransform takes the whole base snapshot, its chunks (ReadChunks:
// text filled) and the task set's languages (their rules and query files),
// and returns the whole transformed snapshot, the chunks of the files whose
// content it changed (as ChunkSnapshotFiles writes them: the ChunkSet's
// snapshot_sha256 and chunker are the whole transformed snapshot's; a file
// it left as it was keeps its base chunks), and `changed`, the number of
// units it changed (comments blanked, identifiers renamed: the transform's
// own unit, for the stage's log). It keeps the commit and every path; it
// must keep each file's lines, so that gold labels at base stay valid, and
// never leave a file that parsed without an ERROR node with one (each
// transform checks its output; the stage checks commit and paths).
//
// RegisterTransform returns true; registering a name twice is a fatal
// error at start-up (two libraries claim one name). FindTransform returns
// the named transform, or NotFound naming it and the registered names.
#ifndef REPRO_STAGES_GRID_CONDITIONS_TRANSFORM_REGISTRY_H_
#define REPRO_STAGES_GRID_CONDITIONS_TRANSFORM_REGISTRY_H_

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "stages/corpus/corpus.pb.h"
#include "stages/corpus/language_set.h"

namespace repro::grid {

struct TransformedCorpus {
  corpus::Snapshot snapshot;  // whole
  corpus::ChunkSet chunks;    // of the files whose content changed
  int changed = 0;
};

using CorpusTransform = absl::StatusOr<TransformedCorpus> (*)(const corpus::Snapshot& base,
                                                              const corpus::ChunkSet& base_chunks,
                                                              const corpus::LanguageSet& languages);

bool RegisterTransform(const char* name, CorpusTransform transform);

absl::StatusOr<CorpusTransform> FindTransform(absl::string_view name);

}  // namespace repro::grid

#endif  // REPRO_STAGES_GRID_CONDITIONS_TRANSFORM_REGISTRY_H_
