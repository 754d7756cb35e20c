// The interface of a dense embedding model, as the harnesses use it.
//
// Implementations:
//  - LsaEmbedder (lsa_model.h): the embedded default, the pipeline's own LSA
//    model read from its content-hashed artifact.
//  - CachedEmbeddings (vector_cache.h): vectors of a server model read from a
//    pinned SQLite cache (what Bazel actions use for a server model).
//  - OpenAiEmbeddingClient (openai_client.h): an OpenAI-compatible
//    /v1/embeddings server such as LM Studio (used only by the cache filler).
//
// Contract of Embed: for n texts it appends n * dims() floats to `out`, one
// row per text in input order. Each row is L2-normalised (norm 1 within
// float rounding) or all zeros when the model has no representation of the
// text (LSA: no token of the text is in the model's vocabulary). A zero row is
// not an error; the harness leaves such chunks out of the FAISS index and a
// zero query vector gives an empty dense ranking. On error nothing is
// appended.
#ifndef REPRO_STAGES_RETRIEVAL_EMBEDDING_BACKEND_H_
#define REPRO_STAGES_RETRIEVAL_EMBEDDING_BACKEND_H_

#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/types/span.h"

namespace repro::retrieval {

class EmbeddingBackend {
 public:
  virtual ~EmbeddingBackend() = default;
  // The model's identifier ("lsa-code-256/1", or a server's model id).
  virtual const std::string& model_id() const = 0;
  // The pinned sha256 of the model (LSA: of the artifact bytes).
  virtual const std::string& model_sha256() const = 0;
  virtual int dims() const = 0;
  virtual absl::Status Embed(absl::Span<const std::string> texts, std::vector<float>* out) = 0;
};

// Scales `v` to unit L2 norm, accumulating in double. Returns false and sets
// every entry to 0 when the norm is 0 or not finite.
bool L2Normalize(absl::Span<float> v);

// Same for a double vector, writing the float result into `out`.
bool L2NormalizeTo(absl::Span<const double> v, absl::Span<float> out);

}  // namespace repro::retrieval

#endif  // REPRO_STAGES_RETRIEVAL_EMBEDDING_BACKEND_H_
