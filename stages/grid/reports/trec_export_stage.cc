#include "stages/grid/reports/trec_export_stage.h"

#include <map>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "absl/strings/str_cat.h"
#include "stages/corpus/corpus.pb.h"
#include "stages/corpus/stage_io.h"
#include "stages/corpus/task.pb.h"
#include "stages/framework/metrics/function_recall.h"
#include "stages/framework/metrics/trec_export.h"
#include "stages/framework/pipeline/stage.h"
#include "stages/framework/pipeline/stage_proto.h"
#include "stages/framework/pipeline/status_macros.h"
#include "stages/grid/conditions/conditions.h"
#include "stages/grid/grid.pb.h"

namespace repro::grid {
namespace {

struct RunFiles {
  std::map<std::string, std::string> files;      // task id -> run lines
  std::map<std::string, std::string> functions;  // task id -> run lines
};

absl::Status AddOutcome(const std::string& role, const ConditionOutcome& o,
                        const Conditions& conditions, std::map<std::string, RunFiles>* runs) {
  absl::StatusOr<const Condition*> condition = conditions.Of(o);
  if (!condition.ok())
    return absl::InvalidArgumentError(absl::StrCat(role, ": ", condition.status().message()));
  const std::string tag = absl::StrCat(o.harness(), ".", (*condition)->cell_suffix());
  metrics::Run files;
  for (const RankedFile& f : o.files()) files.push_back(f.path());
  const metrics::Run functions(o.top_functions().begin(), o.top_functions().end());
  absl::StatusOr<std::string> file_lines = metrics::TrecRun(o.task_id(), files, tag);
  absl::StatusOr<std::string> function_lines = metrics::TrecRun(o.task_id(), functions, tag);
  for (const absl::StatusOr<std::string>* s : {&file_lines, &function_lines}) {
    if (!s->ok()) {
      return absl::InvalidArgumentError(
          absl::StrCat(role, ": task ", o.task_id(), ", run ", tag, ": ", s->status().message(),
                       " (trec_eval splits lines at white space; such a path cannot be exported)"));
    }
  }
  RunFiles& run = (*runs)[tag];
  if (run.files.count(o.task_id())) {
    return absl::InvalidArgumentError(
        absl::StrCat(role, ": a second outcome of task ", o.task_id(), " for run ", tag));
  }
  run.files[o.task_id()] = *std::move(file_lines);
  run.functions[o.task_id()] = *std::move(function_lines);
  return absl::OkStatus();
}

}  // namespace

absl::Status WriteQrels(Stage& stage, const corpus::TaskSet& tasks) {
  std::string files, functions;
  for (const corpus::Task& t : tasks.tasks()) {
    corpus::Labels labels;
    RETURN_IF_ERROR(ReadInputProto(stage, "labels/" + t.id(), &labels));
    std::vector<std::pair<std::string, int>> gold_files, gold_functions;
    for (const std::string& f : labels.gold_files()) gold_files.emplace_back(f, 1);
    std::set<std::string> seen;  // distinct ids (function_recall.h)
    for (const corpus::GoldFunction& g : labels.gold_functions()) {
      const std::string id = metrics::FunctionId(g.file(), g.function());
      if (seen.insert(id).second) gold_functions.emplace_back(id, 1);
    }
    absl::StatusOr<std::string> f = metrics::TrecQrels(t.id(), gold_files);
    if (!f.ok())
      return absl::InvalidArgumentError(
          absl::StrCat("labels/", t.id(), ": ", f.status().message()));
    absl::StrAppend(&files, *f);
    if (gold_functions.empty()) continue;
    absl::StatusOr<std::string> g = metrics::TrecQrels(t.id(), gold_functions);
    if (!g.ok())
      return absl::InvalidArgumentError(
          absl::StrCat("labels/", t.id(), ": ", g.status().message()));
    absl::StrAppend(&functions, *g);
  }
  RETURN_IF_ERROR(stage.Write("files.qrels", std::move(files)));
  return stage.Write("functions.qrels", std::move(functions));
}

absl::Status RunTrecExport(Stage& stage) {
  corpus::TaskSet tasks;
  RETURN_IF_ERROR(ReadInputProto(stage, "tasks", &tasks));
  ConditionTable table;
  RETURN_IF_ERROR(ReadInputProto(stage, "conditions", &table));
  ASSIGN_OR_RETURN(const Conditions conditions, Conditions::Create(table));
  std::map<std::string, RunFiles> runs;  // tag -> run
  for (const std::string& role : stage.Roles("outcome/")) {
    ConditionOutcome o;
    RETURN_IF_ERROR(ReadInputProto(stage, role, &o));
    RETURN_IF_ERROR(AddOutcome(role, o, conditions, &runs));
  }
  for (const auto& [tag, run] : runs) {
    std::string files, functions;
    for (const corpus::Task& t : tasks.tasks()) {  // topics in task order
      auto f = run.files.find(t.id());
      if (f == run.files.end()) {
        return absl::InvalidArgumentError(
            absl::StrCat("run ", tag, ": no outcome for task ", t.id()));
      }
      absl::StrAppend(&files, f->second);
      absl::StrAppend(&functions, run.functions.at(t.id()));
    }
    RETURN_IF_ERROR(stage.Write(tag + ".run", std::move(files)));
    RETURN_IF_ERROR(stage.Write(tag + ".functions.run", std::move(functions)));
  }
  return WriteQrels(stage, tasks);
}

}  // namespace repro::grid
