#include "stages/grid/grid_spec.h"

#include <map>
#include <string>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "stages/framework/pipeline/status_macros.h"
#include "stages/grid/packing_config.h"
#include "stages/retrieval/harness_config.h"

namespace repro::grid {
namespace {

absl::Status Bad(absl::string_view source, absl::string_view field, absl::string_view expected,
                 absl::string_view found) {
  return absl::InvalidArgumentError(
      absl::StrCat(source, ", field ", field, ": expected ", expected, ", found ", found));
}

template <typename Repeated>
std::vector<int64_t> Ints(const Repeated& values) {
  return std::vector<int64_t>(values.begin(), values.end());
}

// Names unique; each compare_with another harness of the experiment.
absl::Status CheckHarnesses(const GridSpec& spec) {
  const experiments::Experiment& e = spec.experiment();
  if (e.harnesses_size() == 0) return Bad(spec.source(), "harnesses", "one or more", "none");
  if (spec.harnesses_size() != e.harnesses_size()) {
    return Bad(spec.source(), "harnesses", absl::StrCat(e.harnesses_size(), " configs"),
               absl::StrCat(spec.harnesses_size()));
  }
  std::map<std::string, int> index;
  for (int i = 0; i < spec.harnesses_size(); ++i) {
    const auto [it, fresh] = index.emplace(spec.harnesses(i).name(), i);
    if (!fresh) {
      return Bad(spec.source(), absl::StrCat("harnesses[", i, "]"), "each harness once",
                 absl::StrCat("'", it->first, "' also at harnesses[", it->second, "]"));
    }
  }
  for (int i = 0; i < spec.harnesses_size(); ++i) {
    const retrieval::HarnessConfig& h = spec.harnesses(i);
    for (const std::string& other : h.compare_with()) {
      if (other == h.name() || !index.count(other)) {
        std::vector<std::string> names;
        for (const retrieval::HarnessConfig& c : spec.harnesses()) names.push_back(c.name());
        return absl::InvalidArgumentError(absl::StrCat(
            e.harnesses(i), ": HarnessConfig.compare_with: expected another harness of experiment ",
            e.name(), " (", absl::StrJoin(names, ", "), "), found '", other, "'"));
      }
    }
  }
  return retrieval::ValidateRerankers(
      std::vector<retrieval::HarnessConfig>(spec.harnesses().begin(), spec.harnesses().end()),
      std::vector<std::string>(e.harnesses().begin(), e.harnesses().end()));
}

absl::Status CheckBootstrap(const GridSpec& spec) {
  const experiments::Bootstrap& b = spec.experiment().bootstrap();
  if (!b.has_resamples() || b.resamples() < 1 || b.resamples() > kMaxResamples) {
    return Bad(spec.source(), "bootstrap.resamples", absl::StrCat("1..", kMaxResamples),
               b.has_resamples() ? absl::StrCat(b.resamples()) : "none");
  }
  if (!b.has_seed()) return Bad(spec.source(), "bootstrap.seed", "a seed", "none");
  return absl::OkStatus();
}

// The grid rules' pins source: of the experiment's (first) task set, file
// and command set. A cell of another set looks up its own set's pins
// (ModelPinSet::ForTaskSet).
absl::Status CheckPins(const GridSpec& spec) {
  const experiments::PinsSource& p = spec.pins();
  if (spec.experiment().task_set_size() == 0) {
    return Bad(spec.source(), "task_set", "at least one task set", "none");
  }
  if (p.task_set() != spec.experiment().task_set(0).name() || p.file().empty() ||
      p.refreeze_command().empty()) {
    return absl::InvalidArgumentError(
        absl::StrCat(spec.source(), ": the grid rules' pins source: expected task set '",
                     spec.experiment().task_set(0).name(), "', a file and a command, found '",
                     p.task_set(), "', '", p.file(), "', '", p.refreeze_command(), "'"));
  }
  return absl::OkStatus();
}

}  // namespace

absl::Status CheckAscending(const std::vector<int64_t>& values, absl::string_view source,
                            absl::string_view field, uint32_t max) {
  if (values.empty()) return Bad(source, field, "one or more", "none");
  for (size_t i = 0; i < values.size(); ++i) {
    const std::string at = absl::StrCat(field, "[", i, "]");
    if (values[i] < 1 || values[i] > max) {
      return Bad(source, at, absl::StrCat("1..", max), absl::StrCat(values[i]));
    }
    if (i > 0 && values[i] <= values[i - 1]) {
      return Bad(source, at, "ascending values", absl::StrCat(values[i], " after ", values[i - 1]));
    }
  }
  return absl::OkStatus();
}

absl::Status ValidateGridSpec(const GridSpec& spec) {
  const experiments::Experiment& e = spec.experiment();
  if (e.title().empty())
    return Bad(spec.source(), "title", "the title shown in the report", "none");
  RETURN_IF_ERROR(CheckHarnesses(spec));
  RETURN_IF_ERROR(
      CheckAscending(Ints(e.s001_depths()), spec.source(), "s001_depths", kMaxS001Depth));
  RETURN_IF_ERROR(CheckAscending(Ints(e.s002_doses()), spec.source(), "s002_doses", kMaxS002Dose));
  RETURN_IF_ERROR(CheckBootstrap(spec));
  if (!experiments::Candidates_IsValid(e.candidates())) {
    return Bad(spec.source(), "candidates",
               "CANDIDATES_ALL_CORPUS_FILES or CANDIDATES_GOLD_CANDIDATES_ONLY",
               absl::StrCat(e.candidates()));
  }
  if (e.has_packing()) RETURN_IF_ERROR(CheckPacking(e.packing(), spec.source()));
  return CheckPins(spec);
}

experiments::CellSpec CellPart(const GridSpec& spec) {
  experiments::CellSpec part;
  part.set_experiment(spec.experiment().name());
  *part.mutable_pins() = spec.pins();
  part.set_distractor_vocabulary(spec.experiment().distractor_vocabulary());
  part.set_candidates(spec.experiment().candidates());
  if (spec.experiment().has_packing()) *part.mutable_packing() = spec.experiment().packing();
  return part;
}

}  // namespace repro::grid
