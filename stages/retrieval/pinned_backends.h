// The dense backends of a set of harnesses, each opened once and checked
// against its pin (for the stages and commands that run several harnesses).
//
// Each harness with a DENSE_BACKEND_LSA leg names its model by label
// (HarnessConfig.dense.lsa_model); the model's name is that file's stem
// (LsaModelName: "lsa_code_256"). OpenHarnessBackends opens
// `model_paths.at(name)` for every distinct name, against the pin of `pins`
// (stages/experiments/model_pins.h), and returns name -> backend; a harness
// whose model has no path is NotFound naming the harness and the model.
// Server-cache harnesses are not opened here (their cache comes from
// fill_vector_cache; see dense_backend.h).
#ifndef REPRO_STAGES_RETRIEVAL_PINNED_BACKENDS_H_
#define REPRO_STAGES_RETRIEVAL_PINNED_BACKENDS_H_

#include <map>
#include <memory>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "stages/experiments/model_pins.h"
#include "stages/retrieval/embedding_backend.h"
#include "stages/retrieval/retrieval.pb.h"

namespace repro::retrieval {

// The stem of dense.lsa_model ("//data/e04/harnesses:lsa_code_256.textproto"
// -> "lsa_code_256"), or "" without an LSA leg.
std::string LsaModelName(const HarnessConfig& config);

using Backends = std::map<std::string, std::unique_ptr<EmbeddingBackend>>;

absl::StatusOr<Backends> OpenHarnessBackends(const std::vector<HarnessConfig>& configs,
                                             absl::string_view repository,
                                             const std::map<std::string, std::string>& model_paths,
                                             const experiments::ModelPinSet& pins);

// The backend of `config` in `backends`, or nullptr without a dense leg.
EmbeddingBackend* BackendFor(const HarnessConfig& config, const Backends& backends);

}  // namespace repro::retrieval

#endif  // REPRO_STAGES_RETRIEVAL_PINNED_BACKENDS_H_
