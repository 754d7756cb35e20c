// The LSA embedding backend: embeds any text with a trained LsaModel
// (lsa_trainer.h describes the model).
//
//   tokens  = code tokenizer (the model's version; checked at load)
//   x[t]    = (1 + ln tf(t)) * idf[t]       for vocabulary terms t of the text
//   y[j]    = sum over t, in vocabulary order, of x[t] * projection[t][j]
//   vector  = y / ||y||_2, as float32; all zeros when the text has no
//             vocabulary token (then Embed reports no representation).
// Arithmetic is double with the stored float32 weights, so a text's vector is
// a pure function of the artifact bytes and the text.
//
// Load errors: the artifact does not parse, its shape is inconsistent, its
// tokenizer version is not the built one, or (FromArtifact with an expected
// hash) its sha256 differs from the pinned one: FailedPrecondition
// "<source>: LSA model sha256 mismatch: expected <pinned>, found <actual>".
#ifndef REPRO_STAGES_RETRIEVAL_LSA_EMBEDDER_H_
#define REPRO_STAGES_RETRIEVAL_LSA_EMBEDDER_H_

#include <memory>
#include <string>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "stages/retrieval/embedding_backend.h"
#include "stages/retrieval/retrieval.pb.h"

namespace repro::retrieval {

class LsaEmbedder : public EmbeddingBackend {
 public:
  // Parses artifact `bytes` (read from `source`, named in errors). When
  // `expected_sha256` is non-empty, the sha256 of `bytes` must equal it.
  static absl::StatusOr<std::unique_ptr<LsaEmbedder>> FromArtifact(
      absl::string_view bytes, absl::string_view source, absl::string_view expected_sha256 = "");

  const std::string& model_id() const override { return model_id_; }
  const std::string& model_sha256() const override { return sha256_; }
  int dims() const override { return dims_; }
  absl::Status Embed(absl::Span<const std::string> texts, std::vector<float>* out) override;

  // One text into `out` (dims floats); false when it has no representation.
  bool EmbedOne(absl::string_view text, absl::Span<float> out) const;

  const LsaModel& model() const { return model_; }
  int64_t vocabulary_size() const { return static_cast<int64_t>(index_.size()); }

 private:
  LsaEmbedder() = default;

  LsaModel model_;
  std::string model_id_;
  std::string sha256_;
  int dims_ = 0;
  absl::flat_hash_map<std::string, uint32_t> index_;
};

}  // namespace repro::retrieval

#endif  // REPRO_STAGES_RETRIEVAL_LSA_EMBEDDER_H_
