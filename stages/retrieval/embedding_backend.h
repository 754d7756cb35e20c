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
// not an error for LSA; the harness leaves such chunks out of the FAISS index
// and a zero query vector gives an empty dense ranking. A server model has no
// zero rows: its rows pass CheckEmbeddingRow below (a zero, non-finite or
// wrongly sized row from the server or the cache is an error). On error
// nothing is appended.
#ifndef REPRO_STAGES_RETRIEVAL_EMBEDDING_BACKEND_H_
#define REPRO_STAGES_RETRIEVAL_EMBEDDING_BACKEND_H_

#include <cstddef>
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

// A server model's vectors (OpenAiEmbeddingClient, CachedEmbeddings) are
// unit vectors. kUnitNormTolerance bounds |L2 norm - 1| of a stored float32
// row (normalising in double and rounding to float32 leaves about 1e-7).
inline constexpr double kUnitNormTolerance = 1e-4;

// Scales a server's raw embedding `raw` to unit L2 norm into `out` (same
// size). Rows whose sum of squares is a normal double take L2NormalizeTo's
// path, bit for bit; where the sum overflows (components near 1e300) or
// underflows (near 1e-300) the row is first divided by its largest magnitude,
// so such rows normalise too instead of collapsing to zero. A row that has no
// direction is not normalised: every value 0 stays 0, and a NaN or infinite
// value is kept at its position (the rest set to 0), so that
// CheckEmbeddingRow rejects the row naming that value.
void NormalizeServerEmbedding(absl::Span<const double> raw, absl::Span<float> out);

// The one check of a server model's vector, applied to every row the server
// returns (after NormalizeServerEmbedding) and to every row read from a
// vector cache: exactly `dims` values, each finite, and an L2 norm of 1
// within kUnitNormTolerance (so never a zero row). OK, or InvalidArgument
// saying what is wrong ("value 3 of 384 is nan", "2 values, expected 384",
// "every value is 0 (L2 norm 0)", "L2 norm 2.5, expected 1 ..."); the caller
// prefixes where the row comes from (cache file and text sha256, or server
// URL and embedding index).
absl::Status CheckEmbeddingRow(absl::Span<const float> row, size_t dims);

}  // namespace repro::retrieval

#endif  // REPRO_STAGES_RETRIEVAL_EMBEDDING_BACKEND_H_
