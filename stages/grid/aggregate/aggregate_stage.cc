#include "stages/grid/aggregate/aggregate_stage.h"

#include <map>
#include <set>
#include <string>
#include <vector>

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "stages/corpus/corpus.pb.h"
#include "stages/corpus/language_set.h"
#include "stages/corpus/stage_io.h"
#include "stages/corpus/task.pb.h"
#include "stages/corpus/task_spec.h"
#include "stages/experiments/experiment.pb.h"
#include "stages/framework/metrics/function_recall.h"
#include "stages/framework/pipeline/deterministic_proto.h"
#include "stages/framework/pipeline/stage.h"
#include "stages/framework/pipeline/stage_proto.h"
#include "stages/framework/pipeline/status_macros.h"
#include "stages/framework/pipeline/textproto.h"
#include "stages/framework/tokens/tokens.h"
#include "stages/grid/aggregate/aggregate.h"
#include "stages/grid/aggregate/corpus_shard.pb.h"
#include "stages/grid/aggregate/task_set_reports.h"
#include "stages/grid/grid.pb.h"
#include "stages/grid/reports/localization.h"
#include "stages/grid/reports/rankings.h"
#include "stages/grid/reports/report_writer.h"
#include "stages/retrieval/harness_description.h"
#include "stages/retrieval/retrieval.pb.h"

namespace repro::grid {
namespace {

// How the task miner's notes begin (tools/tasks/miner.cc, ToJsonLine).
constexpr absl::string_view kMinedNote = "mined by //tools/tasks:mine";

S001Dose ToS001Dose(const StalenessDose& d) {
  S001Dose out;
  out.set_task_id(d.task_id());
  out.set_files_added(d.files_added());
  out.set_files_removed(d.files_removed());
  out.set_files_changed(d.files_changed());
  out.set_gold_changed(d.gold_changed());
  return out;
}

// The validated experiment (grid_spec.h): title, bootstrap, depths, doses,
// and the harnesses in its order with their comparisons and descriptions.
absl::Status ReadSpec(const Stage& stage, GridInput* in,
                      std::vector<HarnessDescription>* descriptions) {
  GridSpec spec;
  RETURN_IF_ERROR(ReadInputProto(stage, "grid_spec", &spec));
  const experiments::Experiment& e = spec.experiment();
  in->grid = e.title();
  in->resamples = static_cast<int>(e.bootstrap().resamples());
  in->seed = e.bootstrap().seed();
  in->doses.assign(e.s002_doses().begin(), e.s002_doses().end());
  in->s001_depths.assign(e.s001_depths().begin(), e.s001_depths().end());
  for (const retrieval::HarnessConfig& config : spec.harnesses()) {
    in->harnesses.push_back(config.name());
    for (const std::string& other : config.compare_with()) {
      in->comparisons.emplace_back(config.name(), other);
    }
    if (config.has_rerank())
      in->rerankers.emplace_back(config.name(), config.rerank().first_stage());
    HarnessDescription d;
    d.set_name(config.name());
    d.set_description(retrieval::DescribeHarness(config));
    d.set_note(config.description());
    d.set_query_field(config.query_field() == retrieval::QUERY_FIELD_REFORMULATION ? "reformulation"
                                                                                   : "query");
    d.set_document_unit(config.document_unit() == retrieval::DOCUMENT_UNIT_FUNCTION_CHUNKS
                            ? "function chunks"
                            : "files");
    if (config.has_dense()) {
      d.set_dense(config.dense().backend() == retrieval::DENSE_BACKEND_LSA ? "lsa"
                                                                           : "server model");
    }
    descriptions->push_back(d);
  }
  return absl::OkStatus();
}

// The grid_corpus shards (role "corpus/<k>", k zero-padded: role order is
// shard order), concatenated.
absl::StatusOr<CorpusShard> ReadCorpusShards(const Stage& stage) {
  CorpusShard all;
  for (const std::string& role : stage.Roles("corpus/")) {
    CorpusShard shard;
    RETURN_IF_ERROR(ReadInputProto(stage, role, &shard));
    all.MergeFrom(shard);
  }
  return all;
}

// That `found` (a shard's task id, at `what`) is `expected`.
absl::Status SameTask(const std::string& what, const std::string& expected,
                      const std::string& found) {
  if (found == expected) return absl::OkStatus();
  return absl::InvalidArgumentError(absl::StrCat("the grid_corpus shards' ", what,
                                                 ": expected task ", expected, ", found ", found));
}

// The task ids and, per task and S001 depth, the effective staleness dose
// (from the corpus shards: per task, one dose per depth in order).
absl::Status ReadTasks(const Stage& stage, const CorpusShard& corpus, GridInput* in) {
  corpus::TaskSet task_set;  // validated by the corpus stage (task_set.pb)
  RETURN_IF_ERROR(ReadInputProto(stage, "tasks", &task_set));
  const size_t depths = in->s001_depths.size();
  if (static_cast<size_t>(corpus.staleness_doses_size()) != task_set.tasks_size() * depths) {
    return absl::InvalidArgumentError(
        absl::StrCat("the grid_corpus shards: expected ", task_set.tasks_size() * depths,
                     " staleness doses (tasks x depths), found ", corpus.staleness_doses_size()));
  }
  for (int t = 0; t < task_set.tasks_size(); ++t) {
    in->task_ids.push_back(task_set.tasks(t).id());
    for (size_t i = 0; i < depths; ++i) {
      const StalenessDose& dose = corpus.staleness_doses(t * depths + i);
      RETURN_IF_ERROR(SameTask(absl::StrCat("dose at depth ", in->s001_depths[i]),
                               task_set.tasks(t).id(), dose.task_id()));
      if (i == 0) in->s001_doses.push_back(ToS001Dose(dose));
      if (depths > 1) in->staleness_doses.push_back(dose);
    }
  }
  return absl::OkStatus();
}

// The grid_units shards (role "units/<k>", k zero-padded: role order is
// shard order): their units concatenated, their rankings merged.
absl::Status ReadUnitShards(const Stage& stage, google::protobuf::RepeatedPtrField<GridUnit>* units,
                            Rankings* rankings) {
  std::vector<Rankings> parts;
  for (const std::string& role : stage.Roles("units/")) {
    UnitShard shard;
    RETURN_IF_ERROR(ReadInputProto(stage, role, &shard));
    units->MergeFrom(shard.units());
    parts.push_back(std::move(*shard.mutable_rankings()));
  }
  *rankings = MergeRankings(parts);
  std::vector<std::string> ids;
  for (const GridUnit& u : *units) ids.push_back(u.unit_id());
  return ValidateRankings(*rankings, ids, "the grid_units shards' rankings");
}

// Per task of the set, its gold files and functions (labels/<task>).
absl::StatusOr<std::map<std::string, GoldLocations>> ReadGold(const Stage& stage) {
  corpus::TaskSet set;
  RETURN_IF_ERROR(ReadInputProto(stage, "tasks", &set));
  std::map<std::string, GoldLocations> gold;
  for (const corpus::Task& t : set.tasks()) {
    corpus::Labels labels;
    RETURN_IF_ERROR(ReadInputProto(stage, "labels/" + t.id(), &labels));
    GoldLocations& g = gold[t.id()];
    g.files.assign(labels.gold_files().begin(), labels.gold_files().end());
    for (const corpus::GoldFunction& f : labels.gold_functions()) {
      g.functions.push_back(metrics::FunctionId(f.file(), f.function()));
    }
  }
  return gold;
}

// report.json: the report without the composite cells (each is three of its
// units) and without lists (rankings.pb).
std::string ReportJson(GridReport report) {
  report.clear_cells();
  return ToJson(report);
}

// Every output; staleness.svg exactly when the grid has several depths.
absl::Status WriteOutputs(Stage& stage, const GridReport& report,
                          const std::vector<UnitAccuracy>& accuracy, const Rankings& rankings,
                          size_t depths) {
  ASSIGN_OR_RETURN(const RenderedReport r, RenderReport(report, accuracy));
  const std::string tokens = tokens::TokensToText(r.tokens);
  for (auto [name, bytes] :
       {std::make_pair("report.md", &r.markdown), std::make_pair("cells.csv", &r.cells_csv),
        std::make_pair("dose_response.svg", &r.dose_response_svg),
        std::make_pair("rank_displacement.svg", &r.rank_displacement_svg),
        std::make_pair("report.tokens.txt", &tokens)}) {
    RETURN_IF_ERROR(stage.Write(name, *bytes));
  }
  const bool sweep = depths > 1;
  if (sweep != (stage.output_paths().count("staleness.svg") > 0)) {
    return absl::InvalidArgumentError(
        absl::StrCat("declare staleness.svg exactly when the grid has several S001 depths (it has ",
                     depths, ")"));
  }
  if (sweep) RETURN_IF_ERROR(stage.Write("staleness.svg", r.staleness_svg));
  RETURN_IF_ERROR(stage.Write("rankings.pb", DeterministicBytes(rankings)));
  return stage.Write("report.json", ReportJson(report));
}

// What the S002 distractors draw their words from, as the report says it.
std::string VocabularyText(experiments::DistractorVocabulary v) {
  switch (v) {
    case experiments::DISTRACTOR_VOCABULARY_REFORMULATION:
      return "the blinded reformulation";
    case experiments::DISTRACTOR_VOCABULARY_QUERY_AND_REFORMULATION:
      return "the task query and the blinded reformulation";
    default:
      return "the task query";
  }
}

// The LSA training snapshot of one task set, and why that commit.
struct Training {
  std::string commit;
  bool authored = false;              // the task file names it
  std::vector<std::string> bases_of;  // else: the tasks whose base it is
};

std::string CandidatesText(experiments::Candidates c) {
  return c == experiments::CANDIDATES_GOLD_CANDIDATES_ONLY ? "gold candidates only"
                                                           : "all corpus files";
}

// The training commit of the set whose inputs end in `suffix` ("" for the
// one set, "/<set>" for each of several), why it is that commit (whether
// its task file names it, else the tasks of `tasks` whose base it is), and
// per task of `tasks` how many of its gold files the snapshot holds
// (appended to report.training_coverage).
absl::StatusOr<Training> TrainingOf(const Stage& stage, const std::string& suffix,
                                    const std::vector<const corpus::Task*>& tasks,
                                    GridReport* report) {
  corpus::Snapshot training;
  RETURN_IF_ERROR(ReadInputProto(stage, "training_manifest" + suffix, &training));
  std::set<std::string> paths;
  for (const corpus::SourceFile& f : training.files()) paths.insert(f.path());
  for (const corpus::MissingBlob& m : training.missing()) paths.insert(m.path());
  Training out;
  out.commit = training.commit();
  ASSIGN_OR_RETURN(const Stage::NamedBytes file, stage.ReadNamed("task_file" + suffix));
  ASSIGN_OR_RETURN(const corpus::TaskSet authored, corpus::ParseTaskSet(file.bytes, file.name));
  out.authored = !authored.lsa_training_commit().empty();
  for (const corpus::Task* t : tasks) {
    if (!out.authored && t->base_commit() == out.commit) out.bases_of.push_back(t->id());
    corpus::Labels labels;
    RETURN_IF_ERROR(ReadInputProto(stage, "labels/" + t->id(), &labels));
    TrainingCoverage* c = report->add_training_coverage();
    c->set_task_id(t->id());
    c->set_gold_files(labels.gold_files_size());
    for (const std::string& g : labels.gold_files()) {
      if (paths.count(g)) c->set_gold_files_in_training(c->gold_files_in_training() + 1);
    }
  }
  return out;
}

// The LSA training coverage: of the one set (GridReport.lsa_training_*), or
// of each of several (TaskSetReport.lsa_training_*, `report.task_sets` in
// the experiment's order, as TaskSetReports wrote them).
absl::Status TrainingCoverageOf(const Stage& stage, const corpus::TaskSet& set,
                                GridReport* report) {
  if (report->task_sets_size() == 0) {
    std::vector<const corpus::Task*> tasks;
    for (const corpus::Task& t : set.tasks()) tasks.push_back(&t);
    ASSIGN_OR_RETURN(const Training training, TrainingOf(stage, "", tasks, report));
    report->set_lsa_training_commit(training.commit);
    report->set_lsa_training_authored(training.authored);
    for (const std::string& id : training.bases_of) report->add_lsa_training_bases_of(id);
    return absl::OkStatus();
  }
  for (TaskSetReport& r : *report->mutable_task_sets()) {
    std::vector<const corpus::Task*> tasks;
    for (const corpus::Task& t : set.tasks()) {
      if (t.task_set() == r.name()) tasks.push_back(&t);
    }
    ASSIGN_OR_RETURN(const Training training, TrainingOf(stage, "/" + r.name(), tasks, report));
    r.set_lsa_training_commit(training.commit);
    r.set_lsa_training_authored(training.authored);
  }
  return absl::OkStatus();
}

// The experiment's name, repository and distractor source, and the LSA
// training coverage when a harness has an LSA leg.
absl::Status DescribeExperiment(const Stage& stage, GridReport* report) {
  GridSpec spec;
  RETURN_IF_ERROR(ReadInputProto(stage, "grid_spec", &spec));
  corpus::TaskSet set;
  RETURN_IF_ERROR(ReadInputProto(stage, "tasks", &set));
  report->set_experiment(spec.experiment().name());
  report->set_repository(set.repository());
  report->set_distractor_vocabulary(VocabularyText(spec.experiment().distractor_vocabulary()));
  report->set_candidates(CandidatesText(spec.experiment().candidates()));
  if (spec.experiment().has_packing()) *report->mutable_packing() = spec.experiment().packing();
  *report->mutable_excluded_tasks() = spec.experiment().exclude_tasks();
  for (const corpus::Task& t : set.tasks()) {
    corpus::Labels labels;
    RETURN_IF_ERROR(ReadInputProto(stage, "labels/" + t.id(), &labels));
    if (labels.gold_functions_size() == 0) report->add_tasks_without_gold_functions(t.id());
    if (absl::StartsWith(t.notes(), kMinedNote)) report->set_mined_tasks(report->mined_tasks() + 1);
  }
  for (const HarnessDescription& h : report->harness_descriptions()) {
    if (h.dense() == "lsa") return TrainingCoverageOf(stage, set, report);
  }
  return absl::OkStatus();
}

// The set's languages and, per task, its base snapshot's files and chunks
// per language (from the corpus shards: per task, one count per language).
absl::Status CountCorpus(const Stage& stage, const CorpusShard& corpus,
                         const std::vector<std::string>& task_ids, GridReport* report) {
  ASSIGN_OR_RETURN(const corpus::LanguageSet languages, corpus::LanguageSet::FromStage(stage));
  for (const corpus::languages::Rules& r : languages.rules()) report->add_languages(r.language());
  const int per_task = report->languages_size();
  if (static_cast<size_t>(corpus.corpus_counts_size()) != task_ids.size() * per_task) {
    return absl::InvalidArgumentError(
        absl::StrCat("the grid_corpus shards: expected ", task_ids.size() * per_task,
                     " corpus counts (tasks x languages), found ", corpus.corpus_counts_size()));
  }
  for (int k = 0; k < corpus.corpus_counts_size(); ++k) {
    RETURN_IF_ERROR(
        SameTask("corpus counts", task_ids[k / per_task], corpus.corpus_counts(k).task_id()));
  }
  *report->mutable_corpus_counts() = corpus.corpus_counts();
  return absl::OkStatus();
}

// An experiment over several task sets: each set's report (task_set_reports.h).
absl::Status AddTaskSetReports(const Stage& stage, const GridInput& in,
                               const google::protobuf::RepeatedPtrField<GridUnit>& units,
                               const std::vector<UnitAccuracy>& accuracy, GridReport* report) {
  GridSpec spec;
  RETURN_IF_ERROR(ReadInputProto(stage, "grid_spec", &spec));
  if (spec.experiment().task_set_size() < 2) return absl::OkStatus();
  corpus::TaskSet tasks;
  RETURN_IF_ERROR(ReadInputProto(stage, "tasks", &tasks));
  ASSIGN_OR_RETURN(const std::vector<TaskSetReport> sets,
                   TaskSetReports(in, tasks, spec.experiment(), units, accuracy));
  *report->mutable_task_sets() = {sets.begin(), sets.end()};
  return absl::OkStatus();
}

}  // namespace

absl::Status RunAggregate(Stage& stage) {
  GridInput in;
  std::vector<HarnessDescription> descriptions;
  RETURN_IF_ERROR(ReadSpec(stage, &in, &descriptions));
  RETURN_IF_ERROR(ReadInputProto(stage, "conditions", &in.conditions));
  ASSIGN_OR_RETURN(const CorpusShard corpus, ReadCorpusShards(stage));
  RETURN_IF_ERROR(ReadTasks(stage, corpus, &in));
  google::protobuf::RepeatedPtrField<GridUnit> units;
  Rankings rankings;
  RETURN_IF_ERROR(ReadUnitShards(stage, &units, &rankings));
  ASSIGN_OR_RETURN(const auto gold, ReadGold(stage));
  ASSIGN_OR_RETURN(const std::vector<UnitAccuracy> accuracy,
                   LocalizationAccuracy(units, rankings, gold));
  ASSIGN_OR_RETURN(GridReport report, AggregateUnits(in, units, accuracy));
  *report.mutable_harness_descriptions() = {descriptions.begin(), descriptions.end()};
  RETURN_IF_ERROR(AddTaskSetReports(stage, in, units, accuracy, &report));
  RETURN_IF_ERROR(DescribeExperiment(stage, &report));
  RETURN_IF_ERROR(CountCorpus(stage, corpus, in.task_ids, &report));
  return WriteOutputs(stage, report, accuracy, rankings, in.s001_depths.size());
}

}  // namespace repro::grid
