// A reranker (HarnessConfig.rerank, docs/rerank.md): another harness's top k
// files, rescored by a scorer, the pool proved unchanged.
//
//   absl::StatusOr<RerankerRun> run = RunReranker(
//       reranker, first_stage, corpus, first_dense, first_vectors,
//       first_query, query, scorer, context);
//
// Steps:
//  1. The first stage (a built-in harness, harness.h) ranks the corpus for
//     `first_query` (its own query_field's text).
//  2. The pool (FirstStagePool): its first k files (fewer when it returns
//     fewer), each with the sha256 of its document text "<path>\n<content>"
//     (Corpus::FileDocument).
//  3. The scorer returns the pool in its new order, each candidate with its
//     score and the sha256 of the text it scored.
//  4. The proof (ProvePoolPreserved): the same count, each candidate once,
//     each of the pool, none missing, each with the pool's content sha256 and
//     a finite score. Any difference is FailedPrecondition "<context>:
//     reranker <R>: candidate <path>: ... : the pool is not preserved"
//     (context: "harness R, task T, condition C" in a grid cell), and no
//     ranking is returned.
//  5. The list (MergeReranked): the reranked pool, then the first stage's
//     files below k in its order and with its scores; functions grouped by
//     file in that order, each file's functions in the first stage's order
//     (functions of files outside the list last, in the first stage's order).
//
// DenseFileScorer (RERANK_SCORER_DENSE): the dense model's query vector
// against every chunk vector of the corpus (ChunkVectorSource, as a hybrid's
// dense leg reads them; unit L2 norm or zero); a file's score is the largest
// inner product of its chunks' vectors with the query's (0 for a file without
// chunks; a zero query vector scores every file 0). Order: score descending,
// ties in the pool's order (the first stage's ranks).
#ifndef REPRO_STAGES_RETRIEVAL_RERANK_H_
#define REPRO_STAGES_RETRIEVAL_RERANK_H_

#include <memory>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "stages/retrieval/chunk_vectors.h"
#include "stages/retrieval/embedding_backend.h"
#include "stages/retrieval/harness.h"
#include "stages/retrieval/retrieval.pb.h"
#include "stages/retrieval/retrieval_corpus.h"

namespace repro::retrieval {

// A candidate of the pool: its path (the id), the sha256 of its document
// text and, after scoring, its score.
struct PoolCandidate {
  std::string path;
  std::string sha256;
  double score = 0;
};

class PoolScorer {
 public:
  virtual ~PoolScorer() = default;
  // The pool in the scorer's order, with each candidate's score and the
  // sha256 of the text it scored.
  virtual absl::StatusOr<std::vector<PoolCandidate>> Rerank(
      absl::string_view query, const std::vector<PoolCandidate>& pool) = 0;
};

class DenseFileScorer : public PoolScorer {
 public:
  // Reads every chunk vector of `corpus` from `chunk_vectors` (whose model
  // embeds the query). Both must outlive the scorer.
  static absl::StatusOr<std::unique_ptr<DenseFileScorer>> Create(const Corpus& corpus,
                                                                 ChunkVectorSource& chunk_vectors);

  absl::StatusOr<std::vector<PoolCandidate>> Rerank(
      absl::string_view query, const std::vector<PoolCandidate>& pool) override;

 private:
  DenseFileScorer(const Corpus& corpus, EmbeddingBackend& model) : corpus_(corpus), model_(model) {}

  const Corpus& corpus_;
  EmbeddingBackend& model_;
  std::vector<float> vectors_;  // chunk-major, model_.dims() each
  std::vector<std::vector<uint32_t>> chunks_of_file_;
};

// The first k files of `first` with their content sha256; a path not in
// `corpus` is Internal.
absl::StatusOr<std::vector<PoolCandidate>> FirstStagePool(const HarnessResult& first,
                                                          const Corpus& corpus, int k);

absl::Status ProvePoolPreserved(const std::vector<PoolCandidate>& pool,
                                const std::vector<PoolCandidate>& reranked,
                                absl::string_view context, absl::string_view reranker);

// `first` with its first reranked.size() files replaced by `reranked`, the
// functions regrouped (step 5 above).
HarnessResult MergeReranked(const HarnessResult& first, const std::vector<PoolCandidate>& reranked);

// A reranker's ranking and the pool it proved preserved (first stage order).
struct RerankerRun {
  HarnessRun run;
  std::vector<PoolCandidate> pool;
  HarnessResult first_stage;  // the first stage's own ranking, before reranking
};

// The pool's digest, recorded beside a cell's outcome: sha256 of its
// "<path>\t<content sha256>\n" lines in the first stage's order.
std::string PoolSha256(const std::vector<PoolCandidate>& pool);

absl::StatusOr<RerankerRun> RunReranker(const HarnessConfig& reranker,
                                        const HarnessConfig& first_stage, const Corpus& corpus,
                                        EmbeddingBackend* first_dense,
                                        ChunkVectorSource* first_vectors,
                                        absl::string_view first_query, absl::string_view query,
                                        PoolScorer& scorer, absl::string_view context);

}  // namespace repro::retrieval

#endif  // REPRO_STAGES_RETRIEVAL_RERANK_H_
