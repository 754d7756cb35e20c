// Stage chunk_embeddings: the dense vectors of one commit's chunks under one
// LSA model, computed once per (commit, model) for every cell and experiment
// that searches that snapshot (stages/retrieval/defs.bzl), stored against the
// reference of the commit's ChunkSet (stored_embeddings.h): only the chunks
// of the stored ChunkSet that the reference lacks (same path, function and
// text) are embedded; a chunk of a file unchanged since the reference, or
// unchanged within a changed file, never again.
//
// Inputs (roles): snapshot and chunks (the commit's stored Snapshot and
// ChunkSet, with their chains, stages/corpus/stored_corpus.h; the reference's
// whole corpus is read from the chain's snapshot@<r> and chunks@<r>), model
// (the LSA model artifact, LsaModel).
// Flag --commit: the commit the target was declared for; the snapshot must be
// of it (FailedPrecondition otherwise).
// Output: the one declared output, a binary ChunkEmbeddings
// (chunk_embeddings.proto): model id and sha256 of the artifact bytes, the
// snapshot, the stored chunks' keys in chunk key order, one float32 row per
// chunk the reference lacks (zero rows kept) and a shared row for each other,
// the reference commit and the removed paths.
//
// The model is not checked against a pin here (pins are per experiment, the
// artifact is shared by all of them): the artifact records the model's id and
// sha256, and each reader checks them against its own pin
// (StoredChunkVectors::Create, chunk_vectors.h). A server model needs no such
// stage: its vectors are in the pinned SQLite cache (vector_cache.h).
#include <memory>
#include <optional>
#include <string>

#include "absl/flags/flag.h"
#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "stages/corpus/corpus.pb.h"
#include "stages/corpus/stored_corpus.h"
#include "stages/framework/pipeline/stage.h"
#include "stages/framework/pipeline/stage_proto.h"
#include "stages/framework/pipeline/status_macros.h"
#include "stages/retrieval/chunk_embeddings.pb.h"
#include "stages/retrieval/lsa_embedder.h"
#include "stages/retrieval/retrieval_corpus.h"
#include "stages/retrieval/stored_embeddings.h"

ABSL_FLAG(std::string, commit, "", "The commit of the snapshot (40 hex).");

namespace repro::retrieval {
namespace {

// The whole corpus of `commit`, a reference of the chain.
absl::StatusOr<Corpus> ReadCorpus(const corpus::ProtoReader& read, const std::string& commit) {
  ASSIGN_OR_RETURN(const corpus::Snapshot snapshot,
                   corpus::ReadSnapshot(read, corpus::SnapshotRole(commit)));
  ASSIGN_OR_RETURN(const corpus::ChunkSet chunks,
                   corpus::ReadChunks(read, corpus::ChunksRole(commit), snapshot));
  return Corpus::Create(snapshot, chunks);
}

absl::Status Run(Stage& stage) {
  const corpus::ProtoReader read = corpus::StageProtoReader(stage);
  ASSIGN_OR_RETURN(const corpus::Snapshot snapshot, corpus::ReadSnapshot(read, "snapshot"));
  ASSIGN_OR_RETURN(const corpus::ChunkSet chunks, corpus::ReadChunks(read, "chunks", snapshot));
  const std::string expected = absl::GetFlag(FLAGS_commit);
  if (snapshot.commit() != expected) {
    return absl::FailedPreconditionError(absl::StrCat("snapshot: expected commit ", expected,
                                                      ", found ", snapshot.repository(), "@",
                                                      snapshot.commit()));
  }
  ASSIGN_OR_RETURN(const Corpus corpus, Corpus::Create(snapshot, chunks));
  ASSIGN_OR_RETURN(const Stage::NamedBytes model_bytes, stage.ReadNamed("model"));
  ASSIGN_OR_RETURN(std::unique_ptr<LsaEmbedder> model,
                   LsaEmbedder::FromArtifact(model_bytes.bytes, model_bytes.name));
  corpus::ChunkSet stored;
  RETURN_IF_ERROR(read("chunks", &stored));
  std::optional<Corpus> reference;
  if (!stored.reference_commit().empty()) {
    ASSIGN_OR_RETURN(reference, ReadCorpus(read, stored.reference_commit()));
  }
  ASSIGN_OR_RETURN(const ChunkEmbeddings embeddings,
                   EmbedStoredChunks(corpus, stored, reference ? &*reference : nullptr, *model));
  if (stage.output_paths().size() != 1) {
    return absl::InvalidArgumentError("chunk_embeddings: declare exactly one output");
  }
  return WriteOutputProto(stage, stage.output_paths().begin()->first, embeddings);
}

}  // namespace
}  // namespace repro::retrieval

int main(int argc, char** argv) { return repro::RunStage(argc, argv, repro::retrieval::Run); }
