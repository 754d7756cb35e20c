// Opening the dense backend of a harness, with every pin checked.
//
//   DENSE_BACKEND_LSA:          `path` is the LSA model artifact; its sha256
//                               and model id must equal `lsa_pin`, the pin of
//                               the experiment (stages/experiments/model_pins.h).
//   DENSE_BACKEND_SERVER_CACHE: `path` is the SQLite vector cache; the file's
//                               sha256 must equal the config's
//                               PinnedModel.vector_cache_sha256 for
//                               `repository`, and vectors are looked up under
//                               (model_id, sha256) (vector_cache.h); `lsa_pin`
//                               is unused.
// Errors: FailedPrecondition "harness <H>: ... expected <pin>, found <actual>",
// NotFound for a missing file, and those of PinnedModelFor. A config without a
// dense leg (a file harness) is InvalidArgument.
#ifndef REPRO_STAGES_RETRIEVAL_DENSE_BACKEND_H_
#define REPRO_STAGES_RETRIEVAL_DENSE_BACKEND_H_

#include <memory>
#include <string>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "stages/retrieval/embedding_backend.h"
#include "stages/retrieval/retrieval.pb.h"

namespace repro::retrieval {

// The (model id, sha256) an experiment pins for an LSA model.
struct LsaPin {
  std::string model_id;
  std::string sha256;
};

absl::StatusOr<std::unique_ptr<EmbeddingBackend>> OpenPinnedBackend(const HarnessConfig& config,
                                                                    absl::string_view repository,
                                                                    const std::string& path,
                                                                    const LsaPin& lsa_pin = {});

}  // namespace repro::retrieval

#endif  // REPRO_STAGES_RETRIEVAL_DENSE_BACKEND_H_
