#include "stages/corpus/token_costs/cost_program.h"

#include <stdlib.h>

#include <filesystem>
#include <set>
#include <system_error>
#include <utility>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "nlohmann/json.hpp"
#include "stages/framework/pipeline/file_io.h"
#include "stages/framework/pipeline/status_macros.h"
#include "stages/framework/pipeline/strict_json.h"
#include "stages/retrieval/bounded_process.h"

namespace repro::corpus {
namespace {

namespace fs = std::filesystem;

// A private directory, removed with everything in it when destroyed.
class Scratch {
 public:
  Scratch() {
    const char* tmp = getenv("TMPDIR");
    std::string pattern =
        absl::StrCat(tmp != nullptr && *tmp ? tmp : "/tmp", "/token_costs.XXXXXX");
    if (mkdtemp(pattern.data()) != nullptr) path_ = pattern;
  }
  Scratch(const Scratch&) = delete;
  Scratch& operator=(const Scratch&) = delete;
  ~Scratch() {
    std::error_code ec;
    if (!path_.empty()) fs::remove_all(path_, ec);
  }
  bool ok() const { return !path_.empty(); }
  std::string Sub(absl::string_view name) const { return absl::StrCat(path_, "/", name); }

 private:
  std::string path_;
};

absl::StatusOr<std::string> InputJsonLines(const std::vector<CostUnit>& units) {
  std::set<absl::string_view> ids;
  std::string out;
  for (size_t i = 0; i < units.size(); ++i) {
    if (units[i].id.empty() || !ids.insert(units[i].id).second) {
      return absl::InvalidArgumentError(
          absl::StrCat("token costs: unit ", i, ": id \"", units[i].id, "\" is empty or repeated"));
    }
    const nlohmann::json line = {{"id", units[i].id}, {"text", units[i].text}};
    absl::StrAppend(&out, line.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace),
                    "\n");
  }
  return out;
}

retrieval::ProcessRequest Request(const CostProgram& program, const Scratch& dir) {
  return {
      .argv = {fs::absolute(program.program).string(), fs::absolute(program.vocabulary).string(),
               dir.Sub("input.jsonl"), dir.Sub("output.jsonl")},
      .env = {"PATH=/usr/bin:/bin", absl::StrCat("HOME=", dir.Sub("")),
              absl::StrCat("TMPDIR=", dir.Sub("")), "LC_ALL=C.UTF-8", "PYTHONDONTWRITEBYTECODE=1",
              "PYTHONHASHSEED=0"},
      .cwd = dir.Sub(""),
      .stdout_path = dir.Sub("stdout"),
      .stderr_path = dir.Sub("stderr"),
      .timeout = program.timeout,
      .memory_bytes = program.memory_bytes};
}

std::string Ending(const CostProgram& program, const retrieval::ProcessResult& p) {
  if (p.timed_out) {
    return absl::StrCat("ran longer than ", absl::FormatDuration(program.timeout),
                        " and was killed");
  }
  if (p.signal != 0) {
    return absl::StrCat("was ended by signal ", p.signal, " (memory limit ",
                        program.memory_bytes >> 20, " MiB)");
  }
  return absl::StrCat("exited with status ", p.exit_code, ", expected 0");
}

// The count on output line `line` (1-based) for `unit`.
absl::StatusOr<int64_t> Count(const JsonLine& value, const CostUnit& unit) {
  const std::string where =
      absl::StrCat("token cost program: output line ", value.line, " (unit \"", unit.id, "\")");
  const nlohmann::json& v = value.value;
  if (!v.is_object() || !v.contains("id") || !v["id"].is_string()) {
    return absl::DataLossError(absl::StrCat(where, ": field id: missing"));
  }
  if (v["id"].get<std::string>() != unit.id) {
    return absl::DataLossError(absl::StrCat(where, ": field id: expected \"", unit.id,
                                            "\", found \"", v["id"].get<std::string>(), "\""));
  }
  if (!v.contains("tokens") || !v["tokens"].is_number_integer() || v["tokens"].get<int64_t>() < 0) {
    return absl::DataLossError(absl::StrCat(where,
                                            ": field tokens: expected an integer >= 0, found ",
                                            v.contains("tokens") ? v["tokens"].dump() : "none"));
  }
  return v["tokens"].get<int64_t>();
}

absl::StatusOr<std::vector<int64_t>> ParseCounts(absl::string_view text,
                                                 const std::vector<CostUnit>& units) {
  const JsonLines lines = ParseJsonLines(text);
  if (!lines.malformed.empty()) {
    const MalformedLine& m = lines.malformed.front();
    return absl::DataLossError(
        absl::StrCat("token cost program: output line ", m.line, ": not JSON: ", m.message));
  }
  std::vector<int64_t> counts;
  for (size_t i = 0; i < lines.values.size() && i < units.size(); ++i) {
    ASSIGN_OR_RETURN(const int64_t count, Count(lines.values[i], units[i]));
    counts.push_back(count);
  }
  if (lines.values.size() != units.size()) {
    return absl::DataLossError(absl::StrCat(
        "token cost program: wrote ", lines.values.size(), " lines for ", units.size(), " units",
        counts.size() < units.size()
            ? absl::StrCat("; no count for unit \"", units[counts.size()].id, "\"")
            : ""));
  }
  return counts;
}

}  // namespace

absl::StatusOr<std::vector<int64_t>> CountTokensWithProgram(const CostProgram& program,
                                                            const std::vector<CostUnit>& units) {
  ASSIGN_OR_RETURN(const std::string input, InputJsonLines(units));
  if (units.empty()) return std::vector<int64_t>{};
  Scratch dir;
  if (!dir.ok()) return absl::InternalError("token costs: cannot create a scratch directory");
  RETURN_IF_ERROR(WriteFileAtomically(dir.Sub("input.jsonl"), input));
  ASSIGN_OR_RETURN(const retrieval::ProcessResult result,
                   retrieval::RunBoundedProcess(Request(program, dir)));
  if (!result.ok()) {
    return absl::FailedPreconditionError(absl::StrCat("token cost program ", program.program, " ",
                                                      Ending(program, result),
                                                      "; stderr: ", result.stderr_tail));
  }
  ASSIGN_OR_RETURN(const std::string output, ReadFile(dir.Sub("output.jsonl")));
  return ParseCounts(output, units);
}

}  // namespace repro::corpus
