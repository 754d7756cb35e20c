// The ranking of a cell whose harness is a reranker (HarnessConfig.rerank;
// docs/rerank.md): the first stage's config is input "first_stage" (a
// harness of the same grid, named by rerank.first_stage); the scorer's
// model and chunk vectors are the cell's own (the reranker's dense block,
// opened and checked against the experiment's pins like a hybrid's leg).
//
//   RunRerankCell(stage, config, corpus, dense, chunk_vectors, context, task)
//   runs retrieval::RunReranker with the config's scorer: a DenseFileScorer
//   (RERANK_SCORER_DENSE), or (RERANK_SCORER_EXTERNAL) the config's program
//   run as an external harness's (external_cell.h: input "program", the
//   languages) on the pool as its corpus, Corpus::Restricted to the pool's
//   files; the first stage ranks for its own query field, the scorer for the
//   reranker's, and the pool is proved preserved (a program that leaves a
//   candidate out stops the cell). `context` ("harness H, task T, condition C") starts
//   every error message: a missing input, a first stage of another name, or a
//   pool that is not preserved (naming the candidate).
//
// DescribePool writes the proved pool into the cell's outcome
// (ConditionOutcome.rerank_pool).
#ifndef REPRO_STAGES_GRID_CELLS_RERANK_CELL_H_
#define REPRO_STAGES_GRID_CELLS_RERANK_CELL_H_

#include <string>

#include "absl/status/statusor.h"
#include "stages/corpus/task.pb.h"
#include "stages/framework/pipeline/stage.h"
#include "stages/grid/grid.pb.h"
#include "stages/retrieval/chunk_vectors.h"
#include "stages/retrieval/embedding_backend.h"
#include "stages/retrieval/rerank.h"
#include "stages/retrieval/retrieval.pb.h"
#include "stages/retrieval/retrieval_corpus.h"

namespace repro::grid {

absl::StatusOr<retrieval::RerankerRun> RunRerankCell(
    const Stage& stage, const retrieval::HarnessConfig& config, const retrieval::Corpus& corpus,
    retrieval::EmbeddingBackend* dense, retrieval::ChunkVectorSource* chunk_vectors,
    const std::string& context, const corpus::Task& task);

void DescribePool(const retrieval::HarnessConfig& config, const retrieval::RerankerRun& run,
                  ConditionOutcome* outcome);

}  // namespace repro::grid

#endif  // REPRO_STAGES_GRID_CELLS_RERANK_CELL_H_
