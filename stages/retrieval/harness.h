// The retrieval harnesses (one HarnessConfig each) as one library call.
//
//   absl::StatusOr<std::unique_ptr<Harness>> h =
//       Harness::Build(config, corpus, dense, chunk_vectors);
//   absl::StatusOr<HarnessResult> r = (*h)->Query(query_text);
// or, for one query, RunHarness(config, corpus, dense, query, chunk_vectors),
// which also measures build and query time (volatile; never part of
// HarnessResult).
//
// Chunk vectors (chunk harnesses): `chunk_vectors` (chunk_vectors.h) gives
// the vector of every chunk of the corpus, e.g. read from the snapshot's chunk
// embedding artifact; its model() must be `dense` itself (else
// InvalidArgument), which embeds the query. nullptr embeds every chunk
// document with `dense` (EmbeddedChunkVectors); both give the same bits.
//
// DOCUMENT_UNIT_FILES (BM25 over whole files):
//  - files: BM25 (bm25.h, the config's k1 and b) over file documents
//    "<path>\n<content>"; the best `candidate_limit` files with a positive
//    score, by score descending then path ascending.
//  - functions: for each ranked file in file order, its function chunks
//    (rest-of-file chunks excluded) ordered by their BM25 chunk score for the
//    same query (chunk index over all chunks of the corpus; 0 when no query
//    token occurs), descending, then start line ascending.
// DOCUMENT_UNIT_FUNCTION_CHUNKS (hybrid BM25 + dense over function chunks):
//  - leg 1: BM25 over chunk documents "<path>\n<chunk text>", best leg_depth;
//  - leg 2: the dense model's query vector against every chunk vector with
//    FAISS IndexFlatIP (flat_ip_index.h), best leg_depth. Chunks whose vector
//    is zero (no model term) are not in the FAISS index; a query whose vector
//    is zero has an empty dense leg (result.dense_query_empty = true), and the
//    fusion then reduces to the BM25 leg;
//  - fusion: RRF with rrf_k (fusion.h) over both legs, ties by chunk key
//    (path, function, start line) ascending;
//  - files: a file's score is its best chunk's fused score; the best
//    `candidate_limit` files by score descending then path ascending;
//  - functions: the fused chunks in fused order, rest-of-file chunks excluded.
// Both: a query with no indexed token and (for a hybrid harness) no dense vector
// returns no file and no function; an empty corpus returns an empty result.
//
// Dense model check (Build): `dense` must have the config's dims; for a
// DENSE_BACKEND_SERVER_CACHE config also the model_id and sha256 it pins for
// the corpus's repository (an LSA model was checked against the experiment's
// pin when it was opened, dense_backend.h); otherwise FailedPrecondition with
// expected vs found. A file harness requires `dense` == nullptr.
//
// The corpus and the dense backend must outlive the Harness. Query is not
// thread-safe (the backend may hold a connection).
#ifndef REPRO_STAGES_RETRIEVAL_HARNESS_H_
#define REPRO_STAGES_RETRIEVAL_HARNESS_H_

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "absl/time/time.h"
#include "stages/retrieval/bm25.h"
#include "stages/retrieval/chunk_vectors.h"
#include "stages/retrieval/embedding_backend.h"
#include "stages/retrieval/flat_ip_index.h"
#include "stages/retrieval/retrieval.pb.h"
#include "stages/retrieval/retrieval_corpus.h"

namespace repro::retrieval {

class Harness {
 public:
  static absl::StatusOr<std::unique_ptr<Harness>> Build(const HarnessConfig& config,
                                                        const Corpus& corpus,
                                                        EmbeddingBackend* dense,
                                                        ChunkVectorSource* chunk_vectors = nullptr);

  absl::StatusOr<HarnessResult> Query(absl::string_view query);

  const IndexStats& stats() const { return stats_; }
  const HarnessConfig& config() const { return config_; }

 private:
  Harness(const HarnessConfig& config, const Corpus& corpus) : config_(config), corpus_(corpus) {}

  absl::Status QueryFiles(absl::Span<const std::string> tokens, HarnessResult* out) const;
  absl::Status QueryChunks(absl::string_view query, absl::Span<const std::string> tokens,
                           HarnessResult* out);

  HarnessConfig config_;
  std::string config_sha256_;
  const Corpus& corpus_;
  EmbeddingBackend* dense_ = nullptr;
  Bm25Index file_index_;   // DOCUMENT_UNIT_FILES only
  Bm25Index chunk_index_;  // all harnesses
  std::optional<FlatIpIndex> dense_index_;
  IndexStats stats_;
};

struct HarnessRun {
  HarnessResult result;
  absl::Duration build_time;  // volatile
  absl::Duration query_time;  // volatile
};

absl::StatusOr<HarnessRun> RunHarness(const HarnessConfig& config, const Corpus& corpus,
                                      EmbeddingBackend* dense, absl::string_view query,
                                      ChunkVectorSource* chunk_vectors = nullptr);

}  // namespace repro::retrieval

#endif  // REPRO_STAGES_RETRIEVAL_HARNESS_H_
