// The dense vectors of a corpus's chunks: the one interface through which the
// harness's dense leg (harness.h) gets them, whether they are embedded on the
// spot, read from the pinned SQLite cache of a server model, or read from the
// chunk embedding artifact of the snapshot (chunk_embeddings.proto).
//
// ChunkVectorSource::Vectors(corpus, out) appends corpus.chunks().size() *
// model().dims() floats to `out`: row c is the vector of
// corpus.ChunkDocument(c) under model(), unit L2 norm or all zeros (the
// EmbeddingBackend contract, embedding_backend.h). On error nothing is
// appended.
//
// Implementations:
//  - EmbeddedChunkVectors(model): model.Embed over every chunk document. With
//    an LsaEmbedder it embeds; with CachedEmbeddings (vector_cache.h) it reads
//    a server model's vectors from the pinned cache (a text without a vector
//    is the cache's NotFound). Harness::Build's default.
//  - StoredChunkVectors: the rows of a ChunkEmbeddings artifact for the
//    snapshot's own chunks, and model.Embed for the chunks of the corpus's
//    extra files (a grid cell's S002 distractors: new texts, a few dozen chunks).
//    Create checks the artifact's size contract (InvalidArgument
//    "<source>: ChunkEmbeddings...: expected ..., found ...") and that it was
//    made with `model`: same model id, sha256 and dims (FailedPrecondition
//    "<source>: chunk embeddings of model <id> (sha256 <s>), but the harness's
//    pinned model is <id> (sha256 <s>)"). Vectors checks that the artifact is of
//    the corpus's snapshot and chunker and that its rows are the snapshot's
//    chunks in id order (FailedPrecondition naming the field or the row, with
//    expected vs found). Rows are copied bit for bit: a cell reading the
//    artifact ranks exactly as one that embeds (the artifact was written from
//    EmbeddedChunkVectors, and LsaEmbedder embeds each text independently).
//
// EmbedCorpusChunks(corpus, model) is the whole artifact of a corpus without
// extra files (InvalidArgument otherwise). EmbeddingsHeader(corpus, model) is
// its header alone (model, dims, snapshot, chunker; no rows), with the same
// check, for writers of the stored form (stored_embeddings.h). EmbedRows
// appends model.Embed of `texts` to `out`, checked to be one row of
// model.dims() per text (Internal otherwise); on error `out` is as it was.
//
// CheckEmbeddingSizes(artifact, source) checks the size contract of
// chunk_embeddings.proto (dims, count, shared rows, vectors, strict key order)
// of a whole or stored artifact: InvalidArgument "<source>:
// ChunkEmbeddings.<field>: expected ..., found ...". StoredChunkVectors::Create
// takes a whole artifact only: one with a reference_commit or shared rows is
// InvalidArgument.
//
// The model must outlive the source (StoredChunkVectors owns its artifact). Not thread-safe (the
// model may hold a connection).
#ifndef REPRO_STAGES_RETRIEVAL_CHUNK_VECTORS_H_
#define REPRO_STAGES_RETRIEVAL_CHUNK_VECTORS_H_

#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "absl/types/span.h"
#include "stages/retrieval/chunk_embeddings.pb.h"
#include "stages/retrieval/embedding_backend.h"
#include "stages/retrieval/retrieval_corpus.h"

namespace repro::retrieval {

class ChunkVectorSource {
 public:
  virtual ~ChunkVectorSource() = default;
  // The model whose vectors these are (the query is embedded with it).
  virtual EmbeddingBackend& model() const = 0;
  virtual absl::Status Vectors(const Corpus& corpus, std::vector<float>* out) = 0;
};

class EmbeddedChunkVectors : public ChunkVectorSource {
 public:
  explicit EmbeddedChunkVectors(EmbeddingBackend& model) : model_(model) {}
  EmbeddingBackend& model() const override { return model_; }
  absl::Status Vectors(const Corpus& corpus, std::vector<float>* out) override;

 private:
  EmbeddingBackend& model_;
};

class StoredChunkVectors : public ChunkVectorSource {
 public:
  // `source` names the artifact in errors (its workspace-relative path).
  static absl::StatusOr<std::unique_ptr<StoredChunkVectors>> Create(ChunkEmbeddings artifact,
                                                                    std::string source,
                                                                    EmbeddingBackend& model);

  EmbeddingBackend& model() const override { return model_; }
  absl::Status Vectors(const Corpus& corpus, std::vector<float>* out) override;

 private:
  StoredChunkVectors(ChunkEmbeddings artifact, std::string source, EmbeddingBackend& model)
      : artifact_(std::move(artifact)), source_(std::move(source)), model_(model) {}

  absl::Status CheckSnapshot(const Corpus& corpus) const;
  absl::Status CheckRow(size_t r, size_t c, const std::string& path,
                        const Corpus::ChunkEntry& ch) const;

  ChunkEmbeddings artifact_;
  std::string source_;
  EmbeddingBackend& model_;
};

absl::StatusOr<ChunkEmbeddings> EmbedCorpusChunks(const Corpus& corpus, EmbeddingBackend& model);

absl::StatusOr<ChunkEmbeddings> EmbeddingsHeader(const Corpus& corpus, EmbeddingBackend& model);

absl::Status EmbedRows(EmbeddingBackend& model, absl::Span<const std::string> texts,
                       std::vector<float>* out);

absl::Status CheckEmbeddingSizes(const ChunkEmbeddings& artifact, absl::string_view source);

}  // namespace repro::retrieval

#endif  // REPRO_STAGES_RETRIEVAL_CHUNK_VECTORS_H_
