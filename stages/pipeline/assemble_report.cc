// Copies a report's files into place and writes its lineage: every
// provenance record below the report, sorted by label, as one JSON document.
//
// Flags: --report=<label> --lineage=<out> --copy=<src>=<dst>... --provenance=<file>...
// (repeated flags come from Bazel's Args and are parsed here by hand, since
// absl's list flags do not accumulate over repetitions.)
#include <algorithm>
#include <iostream>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "google/protobuf/util/json_util.h"
#include "stages/pipeline/file_io.h"
#include "stages/pipeline/textproto.h"
#include "stages/schemas/provenance.pb.h"

namespace repro {
namespace {

absl::Status Run(int argc, char** argv) {
  std::string report, lineage_path;
  std::vector<std::pair<std::string, std::string>> copies;
  std::vector<std::string> provenance;
  for (int i = 1; i + 1 < argc; i += 2) {
    const std::string flag = argv[i], value = argv[i + 1];
    if (flag == "--report") {
      report = value;
    } else if (flag == "--lineage") {
      lineage_path = value;
    } else if (flag == "--copy") {
      const size_t eq = value.find('=');
      if (eq == std::string::npos) return absl::InvalidArgumentError("bad --copy " + value);
      copies.emplace_back(value.substr(0, eq), value.substr(eq + 1));
    } else if (flag == "--provenance") {
      provenance.push_back(value);
    } else {
      return absl::InvalidArgumentError("unknown flag " + flag);
    }
  }
  schemas::Lineage lineage;
  lineage.set_report(report);
  for (const std::string& path : provenance) {
    absl::StatusOr<std::string> json = ReadFile(path);
    if (!json.ok()) return json.status();
    schemas::Provenance* p = lineage.add_stages();
    if (!google::protobuf::util::JsonStringToMessage(*json, p).ok()) {
      return absl::InvalidArgumentError(path + ": not a provenance record");
    }
  }
  std::sort(lineage.mutable_stages()->begin(), lineage.mutable_stages()->end(),
            [](const schemas::Provenance& a, const schemas::Provenance& b) {
              return a.label() < b.label();
            });
  for (const auto& [src, dst] : copies) {
    absl::StatusOr<std::string> bytes = ReadFile(src);
    if (!bytes.ok()) return bytes.status();
    absl::Status s = WriteFileAtomically(dst, *bytes);
    if (!s.ok()) return s;
  }
  return WriteFileAtomically(lineage_path, ToJson(lineage));
}

}  // namespace
}  // namespace repro

int main(int argc, char** argv) {
  absl::Status s = repro::Run(argc, argv);
  if (!s.ok()) {
    std::cerr << "assemble_report: " << s.message() << "\n";
    return 1;
  }
  return 0;
}
