// Reading a task set's or an experiment's artifact index and the artifacts
// it names, for the `bazel run` commands: an experiment's search_index
// (stages/grid/defs.bzl) and a task set's summary_index (stages/corpus/defs.bzl),
// both ArtifactIndex text protos written by artifact_index.bzl. One format,
// one reader (ReadSetIndex).
//
// Roles: the search index holds the harness configs as "-" "harness/<i>",
// the experiment's validated spec "-" "grid_spec" (whose pins source says
// where its pins live), the models "-" "model/<name>"; the summary index
// "-" "task_set", "-" "derived_lock", "-" "lock" and per task base_manifest,
// base_chunks, stale_manifest, stale_chunks, labels; both every reference
// the tasks' corpora are stored against, "-" "snapshot@<commit>" and "-"
// "chunks@<commit>". ReadSetIndex refuses, naming the file and the
// artifact's position and field: a file that does not parse, an artifact
// with an empty task, role or path, and a (task, role) given twice.
// Paths are relative to the runfiles root, which is the working directory of
// `bazel run`.
#ifndef REPRO_STAGES_CORPUS_INDEX_SET_INDEX_H_
#define REPRO_STAGES_CORPUS_INDEX_SET_INDEX_H_

#include <map>
#include <string>
#include <utility>
#include <vector>

#include "absl/status/statusor.h"
#include "google/protobuf/message.h"
#include "stages/corpus/corpus.pb.h"
#include "stages/corpus/stored_corpus.h"
#include "stages/corpus/task.pb.h"

namespace repro::corpus {

struct SetIndex {
  std::string name;
  std::string not_configured;  // non-empty: the set is not available, and why
  std::string lock_file;       // summary indexes: the task lock's workspace path
  std::map<std::pair<std::string, std::string>, std::string> paths;  // (task, role) -> path
  std::vector<std::string> tasks;  // the task ids of the rows, in first-row order
};

// One index file (an ArtifactIndex text proto).
absl::StatusOr<SetIndex> ReadSetIndex(const std::string& path);

// The index among `index_files` whose name is `set` (an experiment name);
// NotFound lists the names.
// A set that is not configured is FailedPrecondition with its message.
absl::StatusOr<SetIndex> LoadSet(const std::vector<std::string>& index_files,
                                 const std::string& set);

absl::StatusOr<std::string> PathOf(const SetIndex& index, const std::string& task,
                                   const std::string& role);

// The paths of the experiment's harness configs (rows "-\tharness/<i>"), in
// the order of i, the experiment's (IndexedRoles, stages/framework/pipeline/stage.h).
absl::StatusOr<std::vector<std::string>> HarnessPaths(const SetIndex& index);

// Parses the binary proto at `path` into `message`.
absl::Status ReadBinaryProto(const std::string& path, google::protobuf::Message* message);

struct TaskCorpus {
  Snapshot snapshot;
  ChunkSet chunks;
  Labels labels;
};

// Reads the artifact of role `role` of `task` (a row "<task>\t<role>"), or
// the set-wide one (a row "-\t<role>": the references a commit's corpus is
// stored against, "snapshot@<commit>" and "chunks@<commit>",
// stored_corpus.h), for ReadSnapshot and ReadChunks.
ProtoReader IndexProtoReader(const SetIndex& index, const std::string& task);

absl::StatusOr<TaskSet> LoadTaskSet(const SetIndex& index);
absl::StatusOr<TaskCorpus> LoadTaskCorpus(const SetIndex& index, const std::string& task);

}  // namespace repro::corpus

#endif  // REPRO_STAGES_CORPUS_INDEX_SET_INDEX_H_
