// Stage e04_aggregate: the composite cells, the analysis and the report files.
//
// Flags: --grid=<title> --resamples=N --seed=S --doses=1,5,10 (the
// experiment's S002 doses) --depths=1,10,... (its S001 depths).
// Inputs (roles):
//   tasks                 TaskSet (task_set.pb; task order of the report)
//   harness/<NN>_<name>   the harness configs, in the experiment's order
//                         (comparisons from their compare_with)
//   outcome/<cell stage>  every ConditionOutcome JSON of the grid
//   base/<task>, stale/<task>   snapshot manifests (S001 effective dose at
//                         the first depth); stale_k<d>/<task> at further depths
//   labels/<task>         Labels (which files are gold)
// Outputs: e04.json (E04Report), e04.md, cells.csv, dose_response.svg,
// rank_displacement.svg, e04.tokens.txt, and with several depths staleness.svg.
#include <map>
#include <set>
#include <string>
#include <vector>

#include "absl/flags/flag.h"
#include "absl/strings/match.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "stages/corpus/corpus.pb.h"
#include "stages/corpus/stage_io.h"
#include "stages/corpus/task.pb.h"
#include "stages/e04/aggregate.h"
#include "stages/e04/report_writer.h"
#include "stages/pipeline/stage.h"
#include "stages/pipeline/textproto.h"
#include "stages/retrieval/harness_config.h"

ABSL_FLAG(std::string, grid, "", "Grid name shown in the report.");
ABSL_FLAG(int, resamples, 10000, "Bootstrap resamples.");
ABSL_FLAG(uint64_t, seed, 20260704, "Bootstrap seed.");
ABSL_FLAG(std::vector<std::string>, doses, {}, "S002 doses, ascending (Experiment.s002_doses).");
ABSL_FLAG(std::vector<std::string>, depths, {}, "S001 depths, ascending (Experiment.s001_depths).");

namespace repro::e04 {
namespace {

// What changed between the tree of `stale_role` and base for one task.
absl::StatusOr<StalenessDose> EffectiveDose(const Stage& stage, const corpus::Task& task,
                                            const std::string& stale_role, int depth) {
  corpus::Snapshot base, stale;
  corpus::Labels labels;
  if (absl::Status s = corpus::ReadProto(stage, "base/" + task.id(), &base); !s.ok()) return s;
  if (absl::Status s = corpus::ReadProto(stage, stale_role + task.id(), &stale); !s.ok()) return s;
  if (absl::Status s = corpus::ReadProto(stage, "labels/" + task.id(), &labels); !s.ok()) return s;
  std::map<std::string, std::string> before, after;  // path -> blob id
  for (const corpus::SourceFile& f : stale.files()) before[f.path()] = f.blob_id();
  for (const corpus::SourceFile& f : base.files()) after[f.path()] = f.blob_id();
  StalenessDose dose;
  dose.set_task_id(task.id());
  dose.set_depth(depth);
  dose.set_stale_commit(stale.commit());
  for (const auto& [path, blob] : after) {
    auto it = before.find(path);
    if (it == before.end()) {
      dose.set_go_files_added(dose.go_files_added() + 1);
    } else if (it->second != blob) {
      dose.set_go_files_changed(dose.go_files_changed() + 1);
    }
  }
  for (const auto& [path, blob] : before) {
    if (!after.count(path)) dose.set_go_files_removed(dose.go_files_removed() + 1);
  }
  dose.set_gold_files(labels.gold_files_size());
  for (const std::string& g : labels.gold_files()) {
    auto b = before.find(g);
    auto a = after.find(g);
    if (b == before.end()) dose.set_gold_missing(dose.gold_missing() + 1);
    if (b == before.end() || a == after.end() || b->second != a->second)
      dose.set_gold_changed(true);
  }
  return dose;
}

S001Dose ToS001Dose(const StalenessDose& d) {
  S001Dose out;
  out.set_task_id(d.task_id());
  out.set_go_files_added(d.go_files_added());
  out.set_go_files_removed(d.go_files_removed());
  out.set_go_files_changed(d.go_files_changed());
  out.set_gold_changed(d.gold_changed());
  return out;
}

absl::StatusOr<std::vector<int>> IntList(const std::vector<std::string>& values, const char* flag) {
  std::vector<int> out;
  for (const std::string& v : values) {
    int n = 0;
    if (!absl::SimpleAtoi(v, &n)) {
      return absl::InvalidArgumentError(
          absl::StrCat("--", flag, ": expected integers, found \"", v, "\""));
    }
    out.push_back(n);
  }
  return out;
}

absl::Status Run(Stage& stage) {
  corpus::TaskSet task_set;  // validated by the corpus stage (task_set.pb)
  if (absl::Status s = corpus::ReadProto(stage, "tasks", &task_set); !s.ok()) return s;
  GridInput in;
  in.grid = absl::GetFlag(FLAGS_grid);
  in.resamples = absl::GetFlag(FLAGS_resamples);
  in.seed = absl::GetFlag(FLAGS_seed);
  absl::StatusOr<std::vector<int>> doses = IntList(absl::GetFlag(FLAGS_doses), "doses");
  if (!doses.ok()) return doses.status();
  if (!doses->empty()) in.doses = *doses;
  absl::StatusOr<std::vector<int>> depths = IntList(absl::GetFlag(FLAGS_depths), "depths");
  if (!depths.ok()) return depths.status();
  if (!depths->empty()) in.s001_depths = *depths;
  for (const corpus::Task& t : task_set.tasks()) {
    in.task_ids.push_back(t.id());
    for (size_t i = 0; i < in.s001_depths.size(); ++i) {
      const int depth = in.s001_depths[i];
      absl::StatusOr<StalenessDose> dose =
          EffectiveDose(stage, t, i == 0 ? "stale/" : absl::StrCat("stale_k", depth, "/"), depth);
      if (!dose.ok()) return dose.status();
      if (i == 0) in.s001_doses.push_back(ToS001Dose(*dose));
      if (in.s001_depths.size() > 1) in.staleness_doses.push_back(*dose);
    }
  }
  std::vector<HarnessDescription> descriptions;
  for (const std::string& role : stage.Roles("harness/")) {
    absl::StatusOr<const Stage::Input*> h_in = stage.Find(role);
    if (!h_in.ok()) return h_in.status();
    absl::StatusOr<std::string> text = stage.Read(role);
    if (!text.ok()) return text.status();
    absl::StatusOr<retrieval::HarnessConfig> config =
        retrieval::ParseHarnessConfig(*text, (*h_in)->short_path);
    if (!config.ok()) return config.status();
    in.harnesses.push_back(config->name());
    for (const std::string& other : config->compare_with()) {
      in.comparisons.emplace_back(config->name(), other);
    }
    HarnessDescription d;
    d.set_name(config->name());
    d.set_description(config->description());
    descriptions.push_back(d);
  }
  for (const std::string& role : stage.Roles("outcome/")) {
    absl::StatusOr<std::string> json = stage.Read(role);
    if (!json.ok()) return json.status();
    ConditionOutcome o;
    if (absl::Status s = FromJson(*json, role, &o); !s.ok()) return s;
    in.outcomes.push_back(std::move(o));
  }
  absl::StatusOr<E04Report> report = Aggregate(in);
  if (!report.ok()) return report.status();
  *report->mutable_harness_descriptions() = {descriptions.begin(), descriptions.end()};
  RenderedE04 r = RenderE04(*report);
  std::string tokens;
  for (const auto& [k, v] : r.tokens) absl::StrAppend(&tokens, k, "\t", v, "\n");
  for (auto [name, bytes] :
       {std::make_pair("e04.md", &r.markdown), std::make_pair("cells.csv", &r.cells_csv),
        std::make_pair("dose_response.svg", &r.dose_response_svg),
        std::make_pair("rank_displacement.svg", &r.rank_displacement_svg),
        std::make_pair("e04.tokens.txt", &tokens)}) {
    if (absl::Status s = stage.Write(name, *bytes); !s.ok()) return s;
  }
  // The sweep's plot exists exactly when the grid has several depths.
  const bool sweep = in.s001_depths.size() > 1;
  if (sweep != (stage.output_paths().count("staleness.svg") > 0)) {
    return absl::InvalidArgumentError(
        absl::StrCat("declare staleness.svg exactly when the grid has several S001 depths (it has ",
                     in.s001_depths.size(), ")"));
  }
  if (sweep) {
    if (absl::Status s = stage.Write("staleness.svg", r.staleness_svg); !s.ok()) return s;
  }
  return stage.Write("e04.json", ToJson(*report));
}

}  // namespace
}  // namespace repro::e04

int main(int argc, char** argv) { return repro::RunStage(argc, argv, repro::e04::Run); }
