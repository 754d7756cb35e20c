#include "stages/grid/aggregate/task_set_reports.h"

#include <set>
#include <string>

#include "absl/strings/str_cat.h"
#include "stages/framework/pipeline/status_macros.h"

namespace repro::grid {
namespace {

// `input` restricted to the tasks of `ids` (their order kept).
GridInput Restricted(const GridInput& input, const std::set<std::string>& ids) {
  GridInput out = input;
  out.task_ids.clear();
  out.s001_doses.clear();
  out.staleness_doses.clear();
  for (const std::string& id : input.task_ids) {
    if (ids.count(id)) out.task_ids.push_back(id);
  }
  for (const S001Dose& d : input.s001_doses) {
    if (ids.count(d.task_id())) out.s001_doses.push_back(d);
  }
  for (const StalenessDose& d : input.staleness_doses) {
    if (ids.count(d.task_id())) out.staleness_doses.push_back(d);
  }
  return out;
}

// The report of one set: the analysis over its tasks' units.
absl::StatusOr<TaskSetReport> ReportOf(const GridInput& input, const experiments::TaskSetRef& ref,
                                       const corpus::TaskSet& tasks,
                                       const google::protobuf::RepeatedPtrField<GridUnit>& units,
                                       const std::vector<UnitAccuracy>& accuracy) {
  TaskSetReport out;
  out.set_name(ref.name());
  out.set_repository(ref.repo().empty() ? ref.name() : ref.repo());
  std::set<std::string> ids;
  for (const corpus::Task& t : tasks.tasks()) {
    if (t.task_set() != ref.name()) continue;
    ids.insert(t.id());
    out.add_task_ids(t.id());
  }
  if (ids.empty()) {
    return absl::InvalidArgumentError(
        absl::StrCat("task set ", ref.name(),
                     ": expected a task the experiment runs, found none (every task "
                     "of the set is excluded: leave the set out of the experiment instead)"));
  }
  google::protobuf::RepeatedPtrField<GridUnit> own;
  std::vector<UnitAccuracy> own_accuracy;
  for (int i = 0; i < units.size(); ++i) {
    if (!ids.count(units[i].task_id())) continue;
    *own.Add() = units[i];
    own_accuracy.push_back(accuracy[i]);
  }
  ASSIGN_OR_RETURN(const GridReport r, AggregateUnits(Restricted(input, ids), own, own_accuracy));
  *out.mutable_summaries() = r.summaries();
  *out.mutable_paired_tests() = r.paired_tests();
  return out;
}

}  // namespace

absl::StatusOr<std::vector<TaskSetReport>> TaskSetReports(
    const GridInput& input, const corpus::TaskSet& tasks, const experiments::Experiment& experiment,
    const google::protobuf::RepeatedPtrField<GridUnit>& units,
    const std::vector<UnitAccuracy>& accuracy) {
  if (accuracy.size() != static_cast<size_t>(units.size())) {
    return absl::InvalidArgumentError(absl::StrCat("expected one Acc@k row per unit (",
                                                   units.size(), "), found ", accuracy.size()));
  }
  std::vector<TaskSetReport> out;
  for (const experiments::TaskSetRef& ref : experiment.task_set()) {
    ASSIGN_OR_RETURN(TaskSetReport r, ReportOf(input, ref, tasks, units, accuracy));
    out.push_back(std::move(r));
  }
  return out;
}

}  // namespace repro::grid
