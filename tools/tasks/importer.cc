#include "tools/tasks/importer.h"

#include <map>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "nlohmann/json.hpp"
#include "stages/corpus/task_spec.h"
#include "stages/framework/pipeline/status_macros.h"

namespace repro::tasks {
namespace {

// Each record's repository ("owner/name"), in file order.
absl::StatusOr<std::vector<std::string>> Repositories(const std::vector<RawRecord>& records,
                                                      RecordFormat format) {
  std::vector<std::string> repos;
  std::vector<std::string> errors;
  for (const RawRecord& r : records) {
    absl::StatusOr<std::string> repo = RecordRepo(r, format);
    if (!repo.ok()) errors.push_back(std::string(repo.status().message()));
    repos.push_back(repo.ok() ? *repo : "");
  }
  if (!errors.empty()) return absl::InvalidArgumentError(absl::StrJoin(errors, "\n"));
  return repos;
}

std::string CountsOf(const std::vector<std::string>& repos) {
  std::map<std::string, int> counts;
  for (const std::string& r : repos) ++counts[r];
  std::vector<std::string> parts;
  for (const auto& [repo, n] : counts) parts.push_back(absl::StrCat(repo, " (", n, ")"));
  return absl::StrJoin(parts, ", ");
}

// The repository whose records are imported: options.repo, or the file's
// one repository.
absl::StatusOr<std::string> ChosenRepository(absl::string_view file_name,
                                             const std::vector<std::string>& repos,
                                             const std::string& wanted) {
  const std::set<std::string> distinct(repos.begin(), repos.end());
  if (wanted.empty() && distinct.size() > 1) {
    return absl::InvalidArgumentError(absl::StrCat(
        file_name,
        ": expected the records of one repository (a task set is one repository), found ",
        distinct.size(), ": ", CountsOf(repos), "; choose one with --repo=<owner>/<name>"));
  }
  if (wanted.empty()) return *distinct.begin();
  if (distinct.count(wanted) == 0) {
    return absl::InvalidArgumentError(absl::StrCat(file_name, ": --repo=", wanted,
                                                   ": expected records of that repository, found "
                                                   "none; the file's repositories: ",
                                                   CountsOf(repos)));
  }
  return wanted;
}

std::string TaskLine(const BenchmarkRecord& b, const RawRecord& r, const ImportOptions& options) {
  nlohmann::ordered_json j;
  j["id"] = b.id;
  j["repo"] = b.repo;
  j["query"] = b.query;
  j["base_commit"] = b.base_commit;
  j["patch"] = b.patch;
  if (!b.test_patch.empty()) j["test_patch"] = b.test_patch;
  j["notes"] = absl::StrCat("imported from a ", FormatName(options.format), " record, ", r.position,
                            " of ", options.source_name, " (//tools/tasks:import, docs/tasks.md)");
  return j.dump(-1, ' ', false, nlohmann::json::error_handler_t::strict);
}

// Adds the problems of a record whose id an earlier one has.
void CheckUnique(const BenchmarkRecord& b, const RawRecord& r, RecordFormat format,
                 std::map<std::string, std::string>& first_where,
                 std::vector<std::string>& errors) {
  const auto [it, inserted] = first_where.emplace(b.id, r.where);
  if (inserted) return;
  errors.push_back(
      absl::StrCat(r.where, ": field ",
                   format == RecordFormat::kMultiSweBench ? "org, repo and number" : "instance_id",
                   ": expected an id used once, found \"", b.id, "\", the id of ", it->second));
}

}  // namespace

absl::StatusOr<std::string> ImportTasks(absl::string_view text, absl::string_view file_name,
                                        const ImportOptions& options, ImportSummary* summary) {
  ASSIGN_OR_RETURN(const std::vector<RawRecord> records, ReadRecords(text, file_name));
  ASSIGN_OR_RETURN(const std::vector<std::string> repos, Repositories(records, options.format));
  ASSIGN_OR_RETURN(const std::string repo, ChosenRepository(file_name, repos, options.repo));
  summary->records = static_cast<int>(records.size());
  std::string out;
  std::vector<std::string> errors;
  std::map<std::string, std::string> first_where;
  for (size_t i = 0; i < records.size(); ++i) {
    if (repos[i] != repo) {
      ++summary->other_repositories;
      continue;
    }
    absl::StatusOr<BenchmarkRecord> b = ReadRecord(records[i], options.format);
    if (!b.ok()) {
      errors.push_back(std::string(b.status().message()));
      continue;
    }
    CheckUnique(*b, records[i], options.format, first_where, errors);
    for (const std::string& field : b->unread) ++summary->unread_fields[field];
    absl::StrAppend(&out, TaskLine(*b, records[i], options), "\n");
    ++summary->imported;
  }
  if (!errors.empty()) {
    return absl::InvalidArgumentError(absl::StrCat(errors.size(), " problem(s) in ", file_name,
                                                   ":\n", absl::StrJoin(errors, "\n")));
  }
  RETURN_IF_ERROR(corpus::ParseTaskLines(out, "the imported task file").status());
  return out;
}

}  // namespace repro::tasks
