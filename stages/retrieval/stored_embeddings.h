// How a commit's chunk embeddings are stored, and read back whole.
//
// A commit's ChunkEmbeddings artifact (chunk_embeddings.proto) is stored
// against the reference commit of its ChunkSet (docs/storage.md): it holds
// the rows of exactly the chunks the stored ChunkSet holds, the chunks of the
// files that differ from the reference (a commit stored whole: every chunk),
// and the ChunkSet's reference_commit and removed paths. A chunk of a file
// unchanged since the reference is embedded and stored once, in the
// reference's artifact (or further down its chain). So is a chunk of a
// changed file that the reference has unchanged, same path, function and
// text (its start line may differ): its row is a SharedRow naming the
// reference's chunk, without a vector. The vector of a chunk is a function of
// its chunk document "<path>\n<text>" alone (LsaEmbedder embeds each text
// alone, as a pure function of the model artifact and the text,
// lsa_embedder.h), so the reference's vector is the one the chunk would get.
//
// EmbedStoredChunks(corpus, stored, reference, model): the stored artifact of
// the corpus's commit, whose stored ChunkSet is `stored` (the corpus is the
// whole one, stored_corpus.h's ReadSnapshot and ReadChunks); `reference` is
// the whole corpus of stored.reference_commit (null when stored whole).
// model.Embed runs over only the chunks `stored` holds that `reference` lacks
// (same path, function and text); the others are shared rows, the
// reference's first such chunk in key order. FailedPrecondition naming the
// commit and the chunk when the corpus's chunks of those files are not
// exactly `stored`'s.
//
// ReadChunkEmbeddings(read, role): the whole artifact of the commit whose
// stored artifact is input `role`, every reference down the chain read
// under EmbeddingsRole(<commit>) = "embeddings@<commit>" (the roles
// stages/retrieval/defs.bzl's embeddings_inputs adds). The result is exactly
// the artifact EmbedCorpusChunks writes for the whole corpus, with neither
// reference_commit, removed nor shared rows (byte for byte). Checked: each stored artifact's size
// contract (InvalidArgument "<role> (commit <c>): ChunkEmbeddings.<field>:
// expected ..., found ..."), that each reference is of the commit its
// successor names and of the same model, dims, chunker and repository
// (DataLoss naming both roles and the field), and the whole's size contract
// and key order. A shared row naming a chunk the reference's whole artifact
// lacks is DataLoss "<role> (commit <c>): ChunkEmbeddings.shared[<i>]: chunk
// <key> names the reference's chunk <key>, which <reference role> (commit
// <r>) lacks". A reference the inputs lack is NotFound naming the role to
// add; a cycle or a chain longer than corpus::kMaxChain is DataLoss. That
// the rows are the corpus's chunks, one each in id order, is checked where
// they are used (StoredChunkVectors::Vectors, chunk_vectors.h).
#ifndef REPRO_STAGES_RETRIEVAL_STORED_EMBEDDINGS_H_
#define REPRO_STAGES_RETRIEVAL_STORED_EMBEDDINGS_H_

#include <string>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "stages/corpus/corpus.pb.h"
#include "stages/corpus/stored_corpus.h"
#include "stages/retrieval/chunk_embeddings.pb.h"
#include "stages/retrieval/embedding_backend.h"
#include "stages/retrieval/retrieval_corpus.h"

namespace repro::retrieval {

std::string EmbeddingsRole(absl::string_view commit);

absl::StatusOr<ChunkEmbeddings> EmbedStoredChunks(const Corpus& corpus,
                                                  const corpus::ChunkSet& stored,
                                                  const Corpus* reference, EmbeddingBackend& model);

absl::StatusOr<ChunkEmbeddings> ReadChunkEmbeddings(const corpus::ProtoReader& read,
                                                    absl::string_view role);

}  // namespace repro::retrieval

#endif  // REPRO_STAGES_RETRIEVAL_STORED_EMBEDDINGS_H_
