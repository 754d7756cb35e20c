#include "stages/retrieval/pinned_backends.h"

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/strip.h"
#include "stages/framework/pipeline/status_macros.h"
#include "stages/retrieval/dense_backend.h"

namespace repro::retrieval {

std::string LsaModelName(const HarnessConfig& config) {
  if (!config.has_dense() || config.dense().backend() != DENSE_BACKEND_LSA) return "";
  absl::string_view name = config.dense().lsa_model();
  const size_t colon = name.rfind(':');
  if (colon != absl::string_view::npos) name.remove_prefix(colon + 1);
  const size_t slash = name.rfind('/');
  if (slash != absl::string_view::npos) name.remove_prefix(slash + 1);
  absl::ConsumeSuffix(&name, ".textproto");
  return std::string(name);
}

std::string DenseInputName(const HarnessConfig& config) {
  if (!config.has_dense()) return "";
  if (config.dense().backend() == DENSE_BACKEND_SERVER_CACHE) return kVectorCacheInput;
  return LsaModelName(config);
}

namespace {

std::string BackendKey(const HarnessConfig& config) {
  if (config.has_dense() && config.dense().backend() == DENSE_BACKEND_SERVER_CACHE) {
    return absl::StrCat(config.name(), "@", kVectorCacheInput);
  }
  return LsaModelName(config);
}

// The experiment's pin of the file the harness's dense leg reads.
absl::StatusOr<DensePin> PinOf(const HarnessConfig& config, const std::string& input,
                               const experiments::ModelPinSet& pins) {
  if (config.dense().backend() == DENSE_BACKEND_SERVER_CACHE) {
    ASSIGN_OR_RETURN(experiments::VectorCachePin cache, pins.VectorCache());
    return DensePin{"", cache.sha256(), ""};
  }
  ASSIGN_OR_RETURN(experiments::ModelPin pin, pins.PinFor(input));
  return DensePin{pin.model_id(), pin.sha256(), ""};
}

}  // namespace

absl::StatusOr<Backends> OpenHarnessBackends(
    const std::vector<HarnessConfig>& configs, absl::string_view repository,
    const std::map<std::string, std::string>& model_paths, const experiments::ModelPinSet& pins,
    const std::map<std::string, std::string>& file_sha256) {
  Backends backends;
  for (const HarnessConfig& c : configs) {
    const std::string input = DenseInputName(c);
    const std::string key = BackendKey(c);
    if (input.empty() || backends.count(key)) continue;
    auto path = model_paths.find(input);
    if (path == model_paths.end()) {
      return absl::NotFoundError(absl::StrCat(
          "harness ", c.name(), ": ",
          input == kVectorCacheInput
              ? "no vector cache among the inputs (an experiment with a server-model harness "
                "names one in its vector_cache field)"
              : absl::StrCat("no artifact of its dense model ", input, " among the inputs")));
    }
    ASSIGN_OR_RETURN(DensePin pin, PinOf(c, input, pins));
    if (auto known = file_sha256.find(input); known != file_sha256.end()) {
      pin.file_sha256 = known->second;
    }
    absl::StatusOr<std::unique_ptr<EmbeddingBackend>> b =
        OpenPinnedBackend(c, repository, path->second, pin);
    if (!b.ok()) return pins.Explain(b.status());
    backends[key] = *std::move(b);
  }
  return backends;
}

EmbeddingBackend* BackendFor(const HarnessConfig& config, const Backends& backends) {
  auto it = backends.find(BackendKey(config));
  return it == backends.end() ? nullptr : it->second.get();
}

}  // namespace repro::retrieval
