#include "stages/grid/commands/run_export.h"

#include <cstdlib>
#include <utility>

#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"
#include "stages/framework/pipeline/file_io.h"

namespace repro::grid {
namespace {

constexpr char kHeader[] =
    "# harness\ttask\tcondition\tcorpus_sha256\tqueries_sha256\tdocuments\tcandidate_limit\t"
    "directory";

// The tab-separated fields of each non-comment line of `text`, checked for
// `count` fields; InvalidArgument "<file> line <n>: ...".
absl::StatusOr<std::vector<std::pair<int, std::vector<std::string>>>> Lines(absl::string_view text,
                                                                            absl::string_view file,
                                                                            size_t count) {
  std::vector<std::pair<int, std::vector<std::string>>> out;
  int number = 0;
  for (absl::string_view line : absl::StrSplit(text, '\n')) {
    ++number;
    if (line.empty() || line[0] == '#') continue;
    std::vector<std::string> fields = absl::StrSplit(line, '\t');
    if (fields.size() != count) {
      return absl::InvalidArgumentError(absl::StrCat(file, " line ", number, ": expected ", count,
                                                     " tab-separated fields, found ",
                                                     fields.size()));
    }
    out.emplace_back(number, std::move(fields));
  }
  return out;
}

}  // namespace

absl::StatusOr<std::vector<ExportIndexRow>> ReadExportIndex(const std::string& path) {
  absl::StatusOr<std::string> text = ReadFile(path);
  if (!text.ok()) return text.status();
  absl::StatusOr<std::vector<std::pair<int, std::vector<std::string>>>> lines =
      Lines(*text, path, 7);
  if (!lines.ok()) return lines.status();
  std::vector<ExportIndexRow> rows;
  for (auto& [number, f] : *lines) {
    rows.push_back({f[0], f[1], f[2], f[3], f[4], f[5], f[6]});
  }
  return rows;
}

std::string ManifestText(const std::vector<ManifestRow>& rows) {
  std::string out = absl::StrCat(kHeader, "\n");
  for (const ManifestRow& r : rows) {
    absl::StrAppend(&out,
                    absl::StrJoin({r.key.harness, r.task, r.condition, r.key.corpus_sha256,
                                   r.key.queries_sha256, absl::StrCat(r.documents),
                                   absl::StrCat(r.candidate_limit), r.directory},
                                  "\t"),
                    "\n");
  }
  return out;
}

absl::StatusOr<std::vector<ManifestRow>> ParseManifest(absl::string_view text,
                                                       absl::string_view file) {
  absl::StatusOr<std::vector<std::pair<int, std::vector<std::string>>>> lines =
      Lines(text, file, 8);
  if (!lines.ok()) return lines.status();
  std::vector<ManifestRow> rows;
  for (auto& [number, f] : *lines) {
    ManifestRow r;
    r.key = {f[0], f[3], f[4]};
    r.task = f[1];
    r.condition = f[2];
    r.directory = f[7];
    if (!absl::SimpleAtoi(f[5], &r.documents) || !absl::SimpleAtoi(f[6], &r.candidate_limit) ||
        r.directory != absl::StrCat(f[0], "/", f[1], "/", f[2])) {
      return absl::InvalidArgumentError(
          absl::StrCat(file, " line ", number,
                       ": expected documents and candidate_limit as integers and the directory "
                       "<harness>/<task>/<condition>, found \"",
                       f[5], "\", \"", f[6], "\", \"", f[7], "\""));
    }
    rows.push_back(std::move(r));
  }
  return rows;
}

std::string CallerPath(const std::string& path) {
  const char* wd = std::getenv("BUILD_WORKING_DIRECTORY");
  if (path.empty() || path[0] == '/' || wd == nullptr) return path;
  return absl::StrCat(wd, "/", path);
}

}  // namespace repro::grid
