// Opening the dense backend that a harness config pins for a corpus
// repository, with every pin checked.
//
//   DENSE_BACKEND_LSA:          `path` is the LSA model artifact; its sha256
//                               must equal PinnedModel.sha256 (lsa_embedder.h).
//   DENSE_BACKEND_SERVER_CACHE: `path` is the SQLite vector cache; the file's
//                               sha256 must equal PinnedModel.vector_cache_sha256
//                               and vectors are looked up under (model_id,
//                               sha256) (vector_cache.h).
// Errors: FailedPrecondition "harness <H>: ... expected <pin>, found <actual>",
// NotFound for a missing file, and those of PinnedModelFor. A config without a
// dense leg (H000) is InvalidArgument.
#ifndef REPRO_STAGES_RETRIEVAL_DENSE_BACKEND_H_
#define REPRO_STAGES_RETRIEVAL_DENSE_BACKEND_H_

#include <memory>
#include <string>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "stages/retrieval/embedding_backend.h"
#include "stages/retrieval/retrieval.pb.h"

namespace repro::retrieval {

absl::StatusOr<std::unique_ptr<EmbeddingBackend>> OpenPinnedBackend(
    const HarnessConfig& config, absl::string_view repository, const std::string& path);

}  // namespace repro::retrieval

#endif  // REPRO_STAGES_RETRIEVAL_DENSE_BACKEND_H_
