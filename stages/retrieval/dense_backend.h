// Opening the dense backend of a harness, with every pin checked.
//
//   DENSE_BACKEND_LSA:          `path` is the LSA model artifact; its sha256
//                               and model id must equal `pin`, the experiment's
//                               pin of the model (stages/experiments/model_pins.h).
//   DENSE_BACKEND_SERVER_CACHE: `path` is the experiment's SQLite vector cache;
//                               the file's sha256 must equal `pin.sha256`, the
//                               experiment's pin of the cache (ModelPins.vector_cache;
//                               `pin.model_id` is unused), and vectors are looked
//                               up under the config's PinnedModel (model_id,
//                               sha256) for `repository` (vector_cache.h).
// A backend is opened only against a pin: an empty `pin.sha256` is
// InvalidArgument. Errors: FailedPrecondition "harness <H>: ... expected <pin>,
// found <actual>", NotFound for a missing file, and those of PinnedModelFor. A
// config without a dense leg (a file harness) is InvalidArgument.
#ifndef REPRO_STAGES_RETRIEVAL_DENSE_BACKEND_H_
#define REPRO_STAGES_RETRIEVAL_DENSE_BACKEND_H_

#include <memory>
#include <string>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "stages/retrieval/embedding_backend.h"
#include "stages/retrieval/retrieval.pb.h"

namespace repro::retrieval {

// The experiment's pin of the file a dense backend reads.
struct DensePin {
  std::string model_id;  // LSA: LsaModel.config.model_id; server cache: unused
  std::string sha256;    // of the file's bytes: the LSA artifact, or the vector cache
  // Optional: the vector cache's sha256 as the caller has already computed it
  // from the same file (Stage::InputDigest), so that a large cache is not
  // hashed twice; empty: hashed here. Unused for LSA (the artifact is read and
  // hashed whole anyway).
  std::string file_sha256;
};

absl::StatusOr<std::unique_ptr<EmbeddingBackend>> OpenPinnedBackend(const HarnessConfig& config,
                                                                    absl::string_view repository,
                                                                    const std::string& path,
                                                                    const DensePin& pin);

}  // namespace repro::retrieval

#endif  // REPRO_STAGES_RETRIEVAL_DENSE_BACKEND_H_
