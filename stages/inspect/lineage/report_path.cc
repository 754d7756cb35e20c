#include "stages/inspect/lineage/report_path.h"

#include <cstdlib>
#include <filesystem>

#include "absl/strings/match.h"

namespace repro::lineage {
namespace {

namespace fs = std::filesystem;

std::string Env(const char* name) {
  const char* v = std::getenv(name);
  return v == nullptr ? "" : v;
}

bool Exists(const fs::path& p) {
  std::error_code ec;
  return fs::exists(p, ec);
}

}  // namespace

std::string WorkspaceDir(const std::string& flag) {
  return flag.empty() ? Env("BUILD_WORKSPACE_DIRECTORY") : flag;
}

std::string BinDir(const std::string& workspace) {
  if (workspace.empty() || !Exists(fs::path(workspace) / "bazel-bin")) return "";
  return (fs::path(workspace) / "bazel-bin").string();
}

std::string ExternalDir(const std::string& bin) {
  if (bin.empty()) return "";
  std::error_code ec;
  fs::path base = fs::canonical(bin, ec);
  if (ec) return "";
  for (int up = 0; up < 5; ++up) base = base.parent_path();
  return Exists(base / "external") ? (base / "external").string() : "";
}

std::string ResolveReport(const std::string& arg, const std::string& bin) {
  if (absl::StartsWith(arg, "//")) {
    std::string label = arg.substr(2);
    const size_t colon = label.find(':');
    const std::string pkg = colon == std::string::npos ? label : label.substr(0, colon);
    const std::string name =
        colon == std::string::npos ? fs::path(label).filename().string() : label.substr(colon + 1);
    return (fs::path(bin.empty() ? "bazel-bin" : bin) / pkg / name).string();
  }
  fs::path p(arg);
  if (p.is_absolute()) return arg;
  const std::string cwd = Env("BUILD_WORKING_DIRECTORY");
  const fs::path from_cwd = cwd.empty() ? p : fs::path(cwd) / p;
  if (Exists(from_cwd) || bin.empty()) return from_cwd.string();
  const fs::path from_bin = fs::path(bin) / p;
  return Exists(from_bin) ? from_bin.string() : from_cwd.string();
}

}  // namespace repro::lineage
