#include "stages/retrieval/dense_backend.h"

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "stages/framework/pipeline/file_io.h"
#include "stages/framework/pipeline/status_macros.h"
#include "stages/retrieval/harness_config.h"
#include "stages/retrieval/lsa_embedder.h"
#include "stages/retrieval/vector_cache.h"

namespace repro::retrieval {

absl::StatusOr<std::unique_ptr<EmbeddingBackend>> OpenPinnedBackend(const HarnessConfig& config,
                                                                    absl::string_view repository,
                                                                    const std::string& path,
                                                                    const DensePin& pin) {
  if (!config.has_dense()) {
    return absl::InvalidArgumentError(absl::StrCat("harness ", config.name(), " has no dense leg"));
  }
  auto prefixed = [&config](const absl::Status& s) {
    return absl::Status(s.code(), absl::StrCat("harness ", config.name(), ": ", s.message()));
  };
  const bool lsa = config.dense().backend() == DENSE_BACKEND_LSA;
  if (pin.sha256.empty()) {
    return absl::InvalidArgumentError(absl::StrCat("harness ", config.name(), ": ",
                                                   lsa ? "an LSA model" : "a vector cache",
                                                   " is opened only against its pin"));
  }
  if (lsa) {
    ASSIGN_OR_RETURN(std::string bytes, ReadFile(path));
    auto e = LsaEmbedder::FromArtifact(bytes, path, pin.sha256);
    if (!e.ok()) return prefixed(e.status());
    if ((*e)->model_id() != pin.model_id) {
      return absl::FailedPreconditionError(absl::StrCat("harness ", config.name(), ": ", path,
                                                        ": model id: expected ", pin.model_id,
                                                        ", found ", (*e)->model_id()));
    }
    return std::unique_ptr<EmbeddingBackend>(*std::move(e));
  }
  ASSIGN_OR_RETURN(PinnedModel pinned, PinnedModelFor(config, repository));
  auto c =
      CachedEmbeddings::Open(path, pinned.model_id(), pinned.sha256(),
                             static_cast<int>(config.dense().dims()), pin.sha256, pin.file_sha256);
  if (!c.ok()) return prefixed(c.status());
  return std::unique_ptr<EmbeddingBackend>(*std::move(c));
}

}  // namespace repro::retrieval
