// The dense backends of a set of harnesses, each opened once and checked
// against its pin (for the stages and commands that run several harnesses).
//
// Each harness with a DENSE_BACKEND_LSA leg names its model by label
// (HarnessConfig.dense.lsa_model); the model's name is that file's stem
// (LsaModelName: "lsa_code_256"). A DENSE_BACKEND_SERVER_CACHE harness reads
// the experiment's vector cache, named kVectorCacheInput. OpenHarnessBackends
// opens `model_paths.at(DenseInputName(config))` for every harness, against
// the experiment's pin in `pins` (stages/experiments/model_pins.h: the model's
// pin, or the vector cache's), once per LSA model and once per server-cache
// harness (its PinnedModel picks the vectors), and returns the backends; a
// harness whose file is not in `model_paths` is NotFound naming the harness
// and the file.
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

// The stem of dense.lsa_model ("//data/harnesses:lsa_code_256.textproto"
// -> "lsa_code_256"), or "" without an LSA leg.
std::string LsaModelName(const HarnessConfig& config);

// The name of the experiment's vector cache among a stage's dense inputs.
inline constexpr char kVectorCacheInput[] = "vector_cache";

// The name of the file the harness's dense leg reads: LsaModelName for LSA,
// kVectorCacheInput for a server cache, "" without a dense leg.
std::string DenseInputName(const HarnessConfig& config);

// Keyed by BackendKey(config): the LSA model's name, or "<harness>@vector_cache".
using Backends = std::map<std::string, std::unique_ptr<EmbeddingBackend>>;

// `file_sha256`: the sha256 of files of `model_paths` the caller has already
// computed (Stage::InputDigest), by the same names; those are not hashed again.
absl::StatusOr<Backends> OpenHarnessBackends(
    const std::vector<HarnessConfig>& configs, absl::string_view repository,
    const std::map<std::string, std::string>& model_paths, const experiments::ModelPinSet& pins,
    const std::map<std::string, std::string>& file_sha256 = {});

// The backend of `config` in `backends`, or nullptr without a dense leg.
EmbeddingBackend* BackendFor(const HarnessConfig& config, const Backends& backends);

}  // namespace repro::retrieval

#endif  // REPRO_STAGES_RETRIEVAL_PINNED_BACKENDS_H_
