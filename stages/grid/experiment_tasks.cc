#include "stages/grid/experiment_tasks.h"

#include <set>
#include <string>
#include <vector>

#include "absl/strings/ascii.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"

namespace repro::grid {

absl::StatusOr<corpus::TaskSet> ExperimentTasks(const corpus::TaskSet& set,
                                                const experiments::Experiment& experiment,
                                                absl::string_view source) {
  std::set<std::string> ids, excluded;
  for (const corpus::Task& t : set.tasks()) ids.insert(t.id());
  for (int i = 0; i < experiment.exclude_tasks_size(); ++i) {
    const experiments::ExcludedTask& x = experiment.exclude_tasks(i);
    const std::string field = absl::StrCat(source, ", field exclude_tasks[", i, "]");
    if (!ids.count(x.task())) {
      return absl::InvalidArgumentError(absl::StrCat(field, ".task: expected a task of the set (",
                                                     absl::StrJoin(ids, ", "), "), found \"",
                                                     x.task(), "\""));
    }
    if (!excluded.insert(x.task()).second) {
      return absl::InvalidArgumentError(
          absl::StrCat(field, ".task: task ", x.task(), " is excluded twice"));
    }
    if (absl::StripAsciiWhitespace(x.reason()).empty()) {
      return absl::InvalidArgumentError(
          absl::StrCat(field, ".reason: expected why task ", x.task(), " is left out, found none"));
    }
  }
  if (excluded.size() == ids.size()) {
    return absl::InvalidArgumentError(
        absl::StrCat(source, ", field exclude_tasks: expected at least one task left, found all ",
                     ids.size(), " excluded"));
  }
  corpus::TaskSet out = set;
  out.clear_tasks();
  for (const corpus::Task& t : set.tasks()) {
    if (!excluded.count(t.id())) *out.add_tasks() = t;
  }
  return out;
}

}  // namespace repro::grid
