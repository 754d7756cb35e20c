// An embedding backend over an OpenAI-compatible HTTP server (LM Studio's
// /v1 API), with libcurl.
//
// Connect():
//  1. GET <base_url>/v1/models. The server must list exactly one model and
//     its id must be the pinned model id; otherwise FailedPrecondition
//     "refusing to start: ... loaded models: [a, b]" (an experiment runs with
//     only the embedding model resident). LM Studio lists loaded models there; with
//     "just-in-time model loading" on, it lists every downloaded model, so
//     turn JIT loading off or the check refuses.
//  2. Nothing else; the pinned model sha256 is a declared value (the API does
//     not expose weights), carried into cache keys and result records.
// Embed(): POST <base_url>/v1/embeddings {"model", "input": [...],
//   "encoding_format": "float"} in batches of `batch_size`. The response must
//   hold one embedding per input with indices 0..n-1 (any order) of `dims`
//   values; each is L2-normalised here (servers differ on whether they
//   normalise; NormalizeServerEmbedding, which also normalises components
//   near 1e300 or 1e-300) and returned as float32. Every row must then pass
//   CheckEmbeddingRow (embedding_backend.h): a NaN or infinite value, or an
//   all-zero vector, is DataLoss "<url>: embedding <i> (text sha256 <s>):
//   ...", and nothing is appended.
// Transport: libcurl, no proxy (CURLOPT_PROXY ""), connect and total
//   timeouts from the options, HTTP status must be 200; errors name the URL,
//   the status and the start of the body.
#ifndef REPRO_STAGES_RETRIEVAL_OPENAI_CLIENT_H_
#define REPRO_STAGES_RETRIEVAL_OPENAI_CLIENT_H_

#include <memory>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/time/time.h"
#include "stages/retrieval/embedding_backend.h"

namespace repro::retrieval {

struct OpenAiClientOptions {
  std::string base_url;      // e.g. "http://127.0.0.1:1234" (no trailing /v1)
  std::string model_id;      // the pinned embedding model id
  std::string model_sha256;  // declared sha256 of the model file (pinned)
  int dims = 0;              // expected embedding size
  int batch_size = 32;
  absl::Duration connect_timeout = absl::Seconds(5);
  absl::Duration timeout = absl::Seconds(120);
};

class OpenAiEmbeddingClient : public EmbeddingBackend {
 public:
  static absl::StatusOr<std::unique_ptr<OpenAiEmbeddingClient>> Connect(
      const OpenAiClientOptions& options);

  const std::string& model_id() const override { return options_.model_id; }
  const std::string& model_sha256() const override { return options_.model_sha256; }
  int dims() const override { return options_.dims; }
  absl::Status Embed(absl::Span<const std::string> texts, std::vector<float>* out) override;

 private:
  explicit OpenAiEmbeddingClient(OpenAiClientOptions options) : options_(std::move(options)) {}
  absl::StatusOr<std::string> Http(const std::string& path, const std::string* post_body) const;

  OpenAiClientOptions options_;
};

}  // namespace repro::retrieval

#endif  // REPRO_STAGES_RETRIEVAL_OPENAI_CLIENT_H_
