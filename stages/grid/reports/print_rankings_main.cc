// `bazel run //stages/grid/reports:print_rankings -- <report directory> [unit_id...]`:
// prints the ranked lists of a grid report's rankings.pb (rankings.h), one
// tab-separated row per returned file:
//   unit_id  rank  path  score  gold  distractor
// (score with 17 significant digits; gold and distractor 0 or 1), every unit
// in report order, or only the named ones. The directory is
// bazel-bin/reports/<experiment>; a relative path is the caller's (bazel
// run's working directory). Exit 1 with the error when report.json or
// rankings.pb is missing or breaks the size contract, or a named unit is not
// in the report.
#include <cstdio>
#include <cstdlib>
#include <set>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "stages/framework/pipeline/file_io.h"
#include "stages/framework/pipeline/status_macros.h"
#include "stages/framework/pipeline/textproto.h"
#include "stages/grid/grid.pb.h"
#include "stages/grid/reports/rankings.h"

namespace repro::grid {
namespace {

std::string Resolve(const std::string& dir) {
  const char* cwd = std::getenv("BUILD_WORKING_DIRECTORY");
  return dir.empty() || dir[0] == '/' || cwd == nullptr ? dir : absl::StrCat(cwd, "/", dir);
}

absl::Status Print(const std::string& dir, const std::set<std::string>& wanted) {
  ASSIGN_OR_RETURN(const std::string json, ReadFile(dir + "/report.json"));
  GridReport report;
  RETURN_IF_ERROR(FromJson(json, dir + "/report.json", &report));
  std::vector<std::string> ids;
  for (const GridUnit& u : report.units()) ids.push_back(u.unit_id());
  ASSIGN_OR_RETURN(const std::string bytes, ReadFile(dir + "/rankings.pb"));
  Rankings rankings;
  if (!rankings.ParseFromString(bytes)) {
    return absl::InvalidArgumentError(dir + "/rankings.pb: not a Rankings (grid.proto)");
  }
  RETURN_IF_ERROR(ValidateRankings(rankings, ids, dir + "/rankings.pb"));
  std::set<std::string> missing = wanted;
  for (int i = 0; i < rankings.units_size(); ++i) {
    if (!wanted.empty() && missing.erase(ids[i]) == 0) continue;
    for (const RankedFile& f : RankedFiles(rankings, i)) {
      absl::PrintF("%s\t%d\t%s\t%.17g\t%d\t%d\n", ids[i], f.rank(), f.path(), f.score(),
                   f.gold() ? 1 : 0, f.distractor() ? 1 : 0);
    }
  }
  if (!missing.empty()) {
    return absl::NotFoundError(absl::StrCat(dir, "/report.json: no unit ", *missing.begin()));
  }
  return absl::OkStatus();
}

}  // namespace
}  // namespace repro::grid

int main(int argc, char** argv) {
  if (argc < 2) {
    std::fprintf(stderr, "usage: print_rankings <report directory> [unit_id...]\n");
    return 2;
  }
  const absl::Status s = repro::grid::Print(repro::grid::Resolve(argv[1]),
                                            std::set<std::string>(argv + 2, argv + argc));
  if (!s.ok()) std::fprintf(stderr, "print_rankings: %s\n", std::string(s.message()).c_str());
  return s.ok() ? 0 : 1;
}
