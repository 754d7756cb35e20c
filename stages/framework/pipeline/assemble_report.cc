// Copies a report's files into place and writes its lineage: every
// provenance record below the report, sorted by label, as one JSON document
// in the compact form (schemas::CompactLineage, compact_lineage.h).
//
// Flags (Abseil; the `report` rule in defs.bzl passes them):
//   --report=<label>    the report's label, recorded in the lineage
//   --lineage=<path>    where the lineage JSON goes
//   --manifest=<path>   a file of lines "copy<TAB><src><TAB><dst>" (one per
//                       report file) and "provenance<TAB><path>" (one per
//                       provenance record below the report)
// An unknown flag, a flag without its value, an argument that is not a flag,
// or a missing --report, --lineage or --manifest is an error: the tool prints
// "assemble_report: <message>" (or Abseil's message for a flag) and exits 1.
// So is a malformed manifest line (naming the manifest and the line), two
// copies with the same destination, or a file that is not a provenance
// record. Nothing is written unless everything was read: copies first, then
// the lineage; if a write fails, the files written before it are removed. The
// directory of the lineage (the report's, a tree artifact) is created if
// absent.
#include <filesystem>
#include <iostream>
#include <map>
#include <string>
#include <system_error>
#include <utility>
#include <vector>

#include "absl/flags/flag.h"
#include "absl/flags/parse.h"
#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "stages/framework/pipeline/compact_lineage.h"
#include "stages/framework/pipeline/file_io.h"
#include "stages/framework/pipeline/status_macros.h"
#include "stages/framework/pipeline/textproto.h"
#include "stages/framework/schemas/provenance.pb.h"

ABSL_FLAG(std::string, report, "", "Label of the report, recorded in the lineage.");
ABSL_FLAG(std::string, lineage, "", "Where to write the lineage JSON.");
ABSL_FLAG(std::string, manifest, "",
          "File of lines 'copy<TAB>src<TAB>dst' and 'provenance<TAB>path'.");

namespace repro {
namespace {

struct ReportManifest {
  std::vector<std::pair<std::string, std::string>> copies;  // (src, dst)
  std::vector<std::string> provenance;
};

absl::StatusOr<ReportManifest> ReadManifest(const std::string& path) {
  ASSIGN_OR_RETURN(const std::string text, ReadFile(path));
  ReportManifest m;
  std::map<std::string, std::string> src_by_dst;
  int line_no = 0;
  for (absl::string_view line : absl::StrSplit(text, '\n')) {
    ++line_no;
    if (line.empty()) continue;
    const std::string where = absl::StrCat(path, " line ", line_no);
    std::vector<std::string> f = absl::StrSplit(line, '\t');
    if (f.size() == 2 && f[0] == "provenance") {
      m.provenance.push_back(f[1]);
    } else if (f.size() == 3 && f[0] == "copy") {
      if (auto [it, inserted] = src_by_dst.emplace(f[2], f[1]); !inserted) {
        return absl::InvalidArgumentError(
            absl::StrCat(where, ": two files for ", f[2], " (", it->second, " and ", f[1], ")"));
      }
      m.copies.emplace_back(f[1], f[2]);
    } else {
      return absl::InvalidArgumentError(absl::StrCat(
          where, ": expected 'copy<TAB>src<TAB>dst' or 'provenance<TAB>path', found '", line, "'"));
    }
  }
  return m;
}

absl::StatusOr<schemas::Lineage> ReadLineage(const std::string& report,
                                             const std::vector<std::string>& provenance) {
  schemas::Lineage lineage;
  lineage.set_report(report);
  for (const std::string& path : provenance) {
    ASSIGN_OR_RETURN(const std::string json, ReadFile(path));
    RETURN_IF_ERROR(FromJson(json, path, lineage.add_stages()));
  }
  return lineage;  // CompactLineageOf sorts the stages by label
}

absl::Status RequireFlag(absl::string_view name, const std::string& value) {
  if (!value.empty()) return absl::OkStatus();
  return absl::InvalidArgumentError(absl::StrCat("--", name, " is required"));
}

absl::Status Run(const std::vector<char*>& positional) {
  if (positional.size() > 1) {
    return absl::InvalidArgumentError(
        absl::StrCat("unexpected argument '", positional[1], "' (every argument is a flag)"));
  }
  const std::string report = absl::GetFlag(FLAGS_report);
  const std::string lineage_path = absl::GetFlag(FLAGS_lineage);
  const std::string manifest_path = absl::GetFlag(FLAGS_manifest);
  RETURN_IF_ERROR(RequireFlag("report", report));
  RETURN_IF_ERROR(RequireFlag("lineage", lineage_path));
  RETURN_IF_ERROR(RequireFlag("manifest", manifest_path));
  ASSIGN_OR_RETURN(const ReportManifest manifest, ReadManifest(manifest_path));
  ASSIGN_OR_RETURN(const schemas::Lineage lineage, ReadLineage(report, manifest.provenance));
  std::vector<std::pair<std::string, std::string>> files;  // (dst, bytes)
  for (const auto& [src, dst] : manifest.copies) {
    ASSIGN_OR_RETURN(std::string bytes, ReadFile(src));
    files.emplace_back(dst, std::move(bytes));
  }
  files.emplace_back(lineage_path, CompactLineageJson(CompactLineageOf(lineage)));
  // The report's directory (a tree artifact): a remote executor creates only
  // the directories above it.
  std::error_code error;
  const std::filesystem::path dir = std::filesystem::path(lineage_path).parent_path();
  if (!dir.empty()) std::filesystem::create_directories(dir, error);
  if (error) {
    return absl::InternalError(absl::StrCat(dir.string(), ": cannot create: ", error.message()));
  }
  return WriteFilesAtomically(files);
}

}  // namespace
}  // namespace repro

int main(int argc, char** argv) {
  const std::vector<char*> positional = absl::ParseCommandLine(argc, argv);
  absl::Status s = repro::Run(positional);
  if (!s.ok()) {
    std::cerr << "assemble_report: " << s.message() << "\n";
    return 1;
  }
  return 0;
}
