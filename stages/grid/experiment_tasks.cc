#include "stages/grid/experiment_tasks.h"

#include <algorithm>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "absl/strings/ascii.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "stages/framework/pipeline/status_macros.h"
#include "stages/retrieval/query_vocabulary.h"

namespace repro::grid {
namespace {

// With an S002 dose, every task's query must give distractors two words
// (retrieval::QueryVocabulary): checked here, before any cell runs.
absl::Status CheckS002Queries(const corpus::TaskSet& tasks,
                              const experiments::Experiment& experiment, absl::string_view source) {
  if (std::none_of(experiment.s002_doses().begin(), experiment.s002_doses().end(),
                   [](uint32_t d) { return d > 0; })) {
    return absl::OkStatus();
  }
  std::vector<std::string> short_queries;
  for (const corpus::Task& t : tasks.tasks()) {
    const size_t words = retrieval::QueryVocabulary(t.query()).size();
    if (words < 2) {
      short_queries.push_back(absl::StrCat(t.id(), " (\"", t.query(), "\": ", words, ")"));
    }
  }
  if (short_queries.empty()) return absl::OkStatus();
  return absl::InvalidArgumentError(absl::StrCat(
      source,
      ", field s002_doses: S002 distractors need a query of at least 2 usable words "
      "(letters and digits, distractors.h); ",
      short_queries.size(), " task(s) have fewer: ", absl::StrJoin(short_queries, ", "),
      ". Write a longer query in the task file, or list the task in exclude_tasks with a reason"));
}

}  // namespace

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
  RETURN_IF_ERROR(CheckS002Queries(out, experiment, source));
  return out;
}

absl::StatusOr<corpus::TaskSet> MergeTaskSets(const std::vector<corpus::TaskSet>& sets,
                                              const experiments::Experiment& experiment) {
  if (static_cast<int>(sets.size()) != experiment.task_set_size()) {
    return absl::InvalidArgumentError(
        absl::StrCat("expected the task sets of experiment ", experiment.name(), " (",
                     experiment.task_set_size(), "), found ", sets.size()));
  }
  corpus::TaskSet out;
  std::vector<std::string> repositories;
  std::map<std::string, std::string> set_of;
  for (size_t k = 0; k < sets.size(); ++k) {
    const experiments::TaskSetRef& ref = experiment.task_set(k);
    repositories.push_back(ref.repo().empty() ? sets[k].repository() : ref.repo());
    for (const corpus::Task& t : sets[k].tasks()) {
      auto [it, fresh] = set_of.emplace(t.id(), ref.name());
      if (!fresh) {
        return absl::InvalidArgumentError(
            absl::StrCat("task set ", ref.name(), ", task ", t.id(),
                         ": field id: expected an id unique across the experiment's task sets, "
                         "found the id of a task of set ",
                         it->second));
      }
      corpus::Task* merged = out.add_tasks();
      *merged = t;
      merged->set_task_set(ref.name());
    }
  }
  out.set_repository(absl::StrJoin(repositories, ", "));
  return out;
}

}  // namespace repro::grid
