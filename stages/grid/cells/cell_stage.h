// The body of stage grid_cell (cell_main.cc): one harness on one task under
// one condition.
//
// The request (the tool's flags): the task id, the harness name, the cell
// suffix of a condition of input "conditions" (its kind, id and parameter)
// and, for STALE_INDEX only, the expected commit (the snapshot must be of
// base~depth, which the repository rule resolved).
//
// Inputs (roles):
//   tasks     TaskSet holding this task (<T>.task.pb of the corpus stage)
//   conditions  the experiment's ConditionTable (conditions.pb of the
//             grid_conditions stage, conditions.h)
//   snapshot  Snapshot (binary) indexed: base_commit, or base~depth for S001
//   chunks    ChunkSet of that snapshot
//   labels    Labels at base_commit
//   harness   HarnessConfig text proto
//   program, program_runfiles/..., rules/<language>, queries/<language>/...
//             an external harness only (HarnessConfig.external): its
//             program, which ranks the cell's documents instead of the
//             built-in legs, and the task set's languages (external_cell.h,
//             docs/external_harness.md)
//   first_stage  a reranker only (HarnessConfig.rerank): the config of its
//             first stage, which the cell runs before the scorer reorders its
//             top k and proves the pool preserved (rerank_cell.h)
//   run_cache  the experiment's SQLite run cache (pinned-runs harnesses
//             only, HarnessConfig.pinned_runs): the cell's run is read from
//             it (pinned_runs_cell.h, docs/run_cache.md); with the pin file
//             and rules/<language> as for an external harness
//   model     LSA model artifact (LSA harnesses and LSA rerankers only)
//   embeddings  the chunk embeddings of the snapshot under that model
//             (ChunkEmbeddings, stages/retrieval/chunk_embeddings.proto; LSA
//             harnesses only), stored against the chunk set's reference,
//             whose artifacts come as embeddings@<commit> down the chain
//             (stages/retrieval/stored_embeddings.h): the cell reads the chunk
//             vectors and embeds only the query and, for S002, the
//             distractors' chunks
//   vector_cache  the experiment's SQLite vector cache (server-cache
//             harnesses only, vector_cache.h): every vector, the chunks', the
//             query's and the distractors', is read from it
//   pins      the experiment's pin file (optional until the first refreeze;
//             stages/experiments/model_pins.h); the model or the cache must
//             match its pin
//   rules     the Rules of the distractors' language, the task set's first
//             (stages/corpus/languages/<language>/rules.textproto; S002
//             writes the distractors by its template and chunks them)
//   experiment  the experiment's CellSpec (experiment.proto, cell_spec.pb of
//             the experiment_spec stage): where its pins live, which
//             task text the S002 distractors take their words from, and
//             which candidates the harness indexes
//   rules/<language>, queries/<language>/<name>  the task set's languages
//             (language_set.h; rules.bzl's rules_roles), only when the
//             experiment indexes the gold candidates only
// Outputs: "<name>.json" (ConditionOutcome) and "<name>.volatile.json"
// (build and query times; never hashed).
//
// A condition whose snapshot is "transformed" (TRANSFORMED: S003, S004)
// indexes the base snapshot through its kind's corpus transform, which stage
// grid_transform ran once for the task (transform_stage.h): its outputs are
// inputs "snapshot" and "chunks", stored against the base, whose stored
// artifacts are snapshot@<base> and chunks@<base>. A dense harness embeds
// every chunk here with its pinned model (the stored embeddings are of the
// unchanged chunks).
//
// The candidate pool (CellSpec.candidates, candidate_pool.h): every corpus
// file of the snapshot, or its gold candidates only, cut from the snapshot,
// its chunks and its stored chunk vectors in memory before any index is
// built, under every condition alike; the labels and S002's distractors are
// the same under both. A gold file outside the pool stops the cell.
//
// S002 adds GenerateDistractors(task, text, dose) to the in-memory corpus
// (text: the query, the reformulation or both, CellSpec.distractor_vocabulary),
// chunked by the corpus stage's own chunker; the snapshot is never modified
// and every index (BM25, FAISS) is built for the perturbed corpus.
//
// The chunk vectors come through ChunkVectorSource (chunk_vectors.h): for an
// LSA harness the rows of `embeddings`, checked to be of the pinned model, of
// this snapshot and chunker, and of its chunks in id order; the few new texts
// (distractor chunks, the query) are embedded here with the pinned model. A
// server-cache harness reads every vector from the pinned cache
// (EmbeddedChunkVectors over CachedEmbeddings); a text the cache lacks stops
// the cell naming the text's sha256 and the fill command.
#ifndef REPRO_STAGES_GRID_CELLS_CELL_STAGE_H_
#define REPRO_STAGES_GRID_CELLS_CELL_STAGE_H_

#include <string>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "stages/corpus/task.pb.h"
#include "stages/framework/pipeline/stage.h"

namespace repro::grid {

// The cell's coordinates as the tool's flags give them.
struct CellRequest {
  std::string task;             // --task: a task id of input "tasks"
  std::string harness;          // --harness: the name of the config of input "harness"
  std::string condition;        // --condition: a cell suffix of input "conditions"
  std::string expected_commit;  // --expected_commit: STALE_INDEX only
  std::string task_set;         // --task_set: several task sets only ("": the spec's)
  // --export_inputs: a pinned-runs harness only: write the cell's
  // corpus.jsonl and queries.jsonl (outputs "*.corpus.jsonl",
  // "*.queries.jsonl") instead of measuring it (pinned_runs_cell.h).
  bool export_inputs = false;
};

// Runs the cell: writes its ConditionOutcome and its timings to the stage's
// two outputs.
absl::Status RunCell(Stage& stage, const CellRequest& request);

// The text the S002 distractors take their words from: the task's query,
// its reformulation or both (CellSpec.distractor_vocabulary, input
// "experiment").
// An unknown distractor_vocabulary, or a reformulation the vocabulary needs
// and the task lacks, is InvalidArgument naming the task or experiment field.
absl::StatusOr<std::string> DistractorText(const Stage& stage, const corpus::Task& task);

}  // namespace repro::grid

#endif  // REPRO_STAGES_GRID_CELLS_CELL_STAGE_H_
