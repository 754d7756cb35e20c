#include "stages/retrieval/pinned_backends.h"

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/strip.h"
#include "stages/pipeline/status_macros.h"
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

absl::StatusOr<Backends> OpenHarnessBackends(const std::vector<HarnessConfig>& configs,
                                             absl::string_view repository,
                                             const std::map<std::string, std::string>& model_paths,
                                             const experiments::ModelPinSet& pins) {
  Backends backends;
  for (const HarnessConfig& c : configs) {
    const std::string name = LsaModelName(c);
    if (name.empty() || backends.count(name)) continue;
    auto path = model_paths.find(name);
    if (path == model_paths.end()) {
      return absl::NotFoundError(absl::StrCat(
          "harness ", c.name(), ": no artifact of its dense model ", name, " among the inputs"));
    }
    ASSIGN_OR_RETURN(experiments::ModelPin pin, pins.PinFor(name));
    absl::StatusOr<std::unique_ptr<EmbeddingBackend>> b =
        OpenPinnedBackend(c, repository, path->second, {pin.model_id(), pin.sha256()});
    if (!b.ok()) return pins.Explain(b.status());
    backends[name] = *std::move(b);
  }
  return backends;
}

EmbeddingBackend* BackendFor(const HarnessConfig& config, const Backends& backends) {
  auto it = backends.find(LsaModelName(config));
  return it == backends.end() ? nullptr : it->second.get();
}

}  // namespace repro::retrieval
