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
#include "stages/grid/grid.pb.h"
#include "stages/grid/reports/rankings.h"

namespace repro::grid {
namespace {

struct RunFiles {
  std::map<std::string, std::string> files;      // task id -> run lines
  std::map<std::string, std::string> functions;  // task id -> run lines
};

// Unit `i` of a shard's units as one topic of its run "<H>.<C>".
absl::Status AddUnit(const std::string& role, const UnitShard& shard, int i,
                     std::map<std::string, RunFiles>* runs) {
  const GridUnit& u = shard.units(i);
  const std::string tag = absl::StrCat(u.harness(), ".", u.cell_suffix());
  metrics::Run files;
  for (const RankedFile& f : RankedFiles(shard.rankings(), i)) files.push_back(f.path());
  const UnitRanking& ranking = shard.rankings().units(i);
  const metrics::Run functions(ranking.top_functions().begin(), ranking.top_functions().end());
  absl::StatusOr<std::string> file_lines = metrics::TrecRun(u.task_id(), files, tag);
  absl::StatusOr<std::string> function_lines = metrics::TrecRun(u.task_id(), functions, tag);
  for (const absl::StatusOr<std::string>* s : {&file_lines, &function_lines}) {
    if (!s->ok()) {
      return absl::InvalidArgumentError(
          absl::StrCat(role, ": task ", u.task_id(), ", run ", tag, ": ", s->status().message(),
                       " (trec_eval splits lines at white space; such a path cannot be exported)"));
    }
  }
  RunFiles& run = (*runs)[tag];
  if (run.files.count(u.task_id())) {
    return absl::InvalidArgumentError(
        absl::StrCat(role, ": a second unit of task ", u.task_id(), " for run ", tag));
  }
  run.files[u.task_id()] = *std::move(file_lines);
  run.functions[u.task_id()] = *std::move(function_lines);
  return absl::OkStatus();
}

// Every unit of a grid_units shard (its rankings checked against its units).
absl::Status AddShard(const std::string& role, const UnitShard& shard,
                      std::map<std::string, RunFiles>* runs) {
  std::vector<std::string> ids;
  for (const GridUnit& u : shard.units()) ids.push_back(u.unit_id());
  RETURN_IF_ERROR(ValidateRankings(shard.rankings(), ids, role));
  for (int i = 0; i < shard.units_size(); ++i) RETURN_IF_ERROR(AddUnit(role, shard, i, runs));
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
  std::map<std::string, RunFiles> runs;  // tag -> run
  for (const std::string& role : stage.Roles("units/")) {
    UnitShard shard;
    RETURN_IF_ERROR(ReadInputProto(stage, role, &shard));
    RETURN_IF_ERROR(AddShard(role, shard, &runs));
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
