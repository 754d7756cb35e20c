#include "tools/verify/verify_plan.h"

#include <algorithm>
#include <utility>

#include "absl/strings/ascii.h"
#include "absl/strings/escaping.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "stages/framework/pipeline/sha256.h"

namespace repro::verify {
namespace {

constexpr absl::string_view kLabelForm =
    "a label \"//<package>:<name>\" of this workspace ([A-Za-z0-9_.+=,~-] segments, no empty, '.' "
    "or '..' segment, none starting with '-')";

bool SafeChar(char c) { return absl::ascii_isalnum(c) || absl::StrContains("_.+=,~-", c); }

// Segments of `text` split at '/', each non-empty, not "." or "..", not
// starting with '-', of safe characters.
bool SafeSegments(absl::string_view text) {
  for (absl::string_view s : absl::StrSplit(text, '/')) {
    if (s.empty() || s == "." || s == ".." || s[0] == '-') return false;
    if (!std::all_of(s.begin(), s.end(), SafeChar)) return false;
  }
  return true;
}

std::string Found(absl::string_view value) {
  return absl::StrCat("found '", absl::CEscape(value), "'");
}

absl::string_view PackageOf(absl::string_view label) {
  return label.substr(2, label.find(':') - 2);
}

bool IsSha256Hex(absl::string_view s) {
  return s.size() == 64 && std::all_of(s.begin(), s.end(), [](char c) {
           return absl::ascii_isdigit(c) || (c >= 'a' && c <= 'f');
         });
}

absl::Status CheckStage(const schemas::Provenance& p) {
  absl::Status label = CheckWorkspaceLabel(p.label());
  if (!label.ok())
    return absl::InvalidArgumentError(absl::StrCat("field label: ", label.message()));
  for (int j = 0; j < p.outputs_size(); ++j) {
    absl::Status path = CheckOutputPath(PackageOf(p.label()), p.outputs(j).path());
    if (!path.ok())
      return absl::InvalidArgumentError(
          absl::StrCat("field outputs[", j, "].path: ", path.message()));
    if (!IsSha256Hex(p.outputs(j).sha256()))
      return absl::InvalidArgumentError(
          absl::StrCat("field outputs[", j, "].sha256: expected 64 lowercase hex characters, ",
                       Found(p.outputs(j).sha256())));
  }
  return absl::OkStatus();
}

}  // namespace

absl::Status CheckWorkspaceLabel(absl::string_view label) {
  const size_t colon = label.find(':');
  const bool ok = absl::StartsWith(label, "//") && colon != absl::string_view::npos &&
                  label.find(':', colon + 1) == absl::string_view::npos &&
                  (colon == 2 || SafeSegments(label.substr(2, colon - 2))) &&
                  SafeSegments(label.substr(colon + 1));
  if (ok) return absl::OkStatus();
  return absl::InvalidArgumentError(absl::StrCat("expected ", kLabelForm, ", ", Found(label)));
}

absl::Status CheckOutputPath(absl::string_view package, absl::string_view path) {
  const std::string prefix = package.empty() ? "" : absl::StrCat(package, "/");
  if (absl::StartsWith(path, prefix) && path.size() > prefix.size() && SafeSegments(path))
    return absl::OkStatus();
  return absl::InvalidArgumentError(
      absl::StrCat("expected a normalized relative path under the stage's package '", prefix,
                   "' (no leading '/', no empty, '.' or '..' segment), ", Found(path)));
}

absl::StatusOr<std::vector<PlannedOutput>> VerifyPlan(const schemas::Lineage& lineage, int sample,
                                                      uint64_t seed) {
  if (sample < 0)
    return absl::InvalidArgumentError(absl::StrCat("--sample: expected >= 0, found ", sample));
  if (lineage.stages_size() == 0) return absl::InvalidArgumentError("the lineage records no stage");
  for (int i = 0; i < lineage.stages_size(); ++i) {
    absl::Status entry = CheckStage(lineage.stages(i));
    if (!entry.ok())
      return absl::InvalidArgumentError(absl::StrCat(
          "stage '", absl::CEscape(lineage.stages(i).label()), "', ", entry.message()));
  }
  std::vector<std::pair<std::string, int>> order;  // (sort key, stage index)
  for (int i = 0; i < lineage.stages_size(); ++i) {
    const std::string& label = lineage.stages(i).label();
    order.emplace_back(sample > 0 ? Sha256Hex(absl::StrCat(seed, "\n", label)) : label, i);
  }
  std::sort(order.begin(), order.end());
  if (sample > 0 && sample < static_cast<int>(order.size())) order.resize(sample);
  std::sort(order.begin(), order.end(), [&](const auto& a, const auto& b) {
    return lineage.stages(a.second).label() < lineage.stages(b.second).label();
  });
  std::vector<PlannedOutput> out;
  for (const auto& [key, i] : order) {
    const schemas::Provenance& p = lineage.stages(i);
    for (const schemas::FileDigest& o : p.outputs())
      out.push_back({p.label(), o.path(), o.sha256()});
  }
  return out;
}

}  // namespace repro::verify
