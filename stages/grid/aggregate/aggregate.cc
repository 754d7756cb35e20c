#include "stages/grid/aggregate/aggregate.h"

#include <algorithm>
#include <atomic>
#include <functional>
#include <map>
#include <optional>
#include <thread>
#include <tuple>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "google/protobuf/util/message_differencer.h"
#include "stages/framework/packing/packing.h"
#include "stages/framework/pipeline/status_macros.h"
#include "stages/framework/stats/cluster_bootstrap.h"
#include "stages/framework/stats/randomization.h"
#include "stages/grid/aggregate/unit_shard.h"
#include "stages/grid/cells/outcomes.h"
#include "stages/grid/conditions/conditions.h"
#include "stages/grid/grid_spec.h"
#include "stages/grid/packing_config.h"

namespace repro::grid {
namespace {

// task, harness, condition id, dose (DISTRACTORS), depth (STALE_INDEX)
using Key = std::tuple<std::string, std::string, std::string, int, int>;

// Every condition name the analysis writes comes from the experiment's table.
using Ids = CellKindIds;

std::string KeyName(const Key& k) {
  return absl::StrCat("task ", std::get<0>(k), ", harness ", std::get<1>(k), ", condition ",
                      std::get<2>(k), ", dose ", std::get<3>(k), ", depth ", std::get<4>(k));
}

absl::StatusOr<std::vector<ConditionOutcome>> UniqueBy(
    const std::vector<Cell>& cells, const std::function<const ConditionOutcome&(const Cell&)>& get,
    const std::string& what) {
  std::map<std::string, ConditionOutcome> unique;
  for (const Cell& c : cells) {
    const ConditionOutcome& o = get(c);
    const std::string key = absl::StrCat(o.task_id(), "/", o.harness());
    auto [it, inserted] = unique.emplace(key, o);
    if (!inserted && !google::protobuf::util::MessageDifferencer::Equals(it->second, o)) {
      return absl::InternalError(absl::StrCat("cell ", c.cell_id(), ": its ", what,
                                              " copy differs from the one of ", key));
    }
  }
  std::vector<ConditionOutcome> out;
  for (auto& [key, o] : unique) out.push_back(std::move(o));
  return out;
}

// A metric: name and how to read it from a unit's outcome and localization
// accuracy (nullopt: not defined for this unit).
struct Metric {
  std::string name;
  std::function<std::optional<double>(const ConditionOutcome&, const UnitAccuracy&)> get;
  // Set instead of `get` for a metric of several observations per outcome
  // (the funnel: one per gold function), each clustered by the task.
  std::function<std::vector<double>(const ConditionOutcome&)> observations;
};

struct PairedMetric {
  std::string name;
  std::function<std::optional<double>(const PairedOutcome&)> get;
  bool distractors_only = false;
};

// A metric of the outcome alone.
Metric OfOutcome(std::string name,
                 std::function<std::optional<double>(const ConditionOutcome&)> get) {
  return {std::move(name),
          [get = std::move(get)](const ConditionOutcome& o, const UnitAccuracy&) { return get(o); },
          nullptr};
}

// The outcome's metrics, then file Acc@k and function Acc@k at every cutoff
// (function Acc@k undefined without a gold function, as function recall).
std::vector<Metric> BuildConditionMetrics() {
  std::vector<Metric> m = {
      OfOutcome("recall_at_1", [](const ConditionOutcome& o) { return o.recall_at_1(); }),
      OfOutcome("recall_at_5", [](const ConditionOutcome& o) { return o.recall_at_5(); }),
      OfOutcome("recall_at_10", [](const ConditionOutcome& o) { return o.recall_at_10(); }),
      OfOutcome("mrr", [](const ConditionOutcome& o) { return o.mrr(); }),
      OfOutcome("ndcg_at_10", [](const ConditionOutcome& o) { return o.ndcg_at_10(); }),
      OfOutcome("function_recall_at_10",
                [](const ConditionOutcome& o) -> std::optional<double> {
                  if (o.gold_functions() == 0) return std::nullopt;
                  return o.function_recall_at_10();
                }),
      OfOutcome("budget_coverage_13k",
                [](const ConditionOutcome& o) { return o.budget_coverage_13k(); }),
      OfOutcome("budget_coverage_27k",
                [](const ConditionOutcome& o) { return o.budget_coverage_27k(); }),
  };
  for (size_t i = 0; i < kAccuracyCutoffs.size(); ++i) {
    m.push_back({FileAccuracyMetric(kAccuracyCutoffs[i]),
                 [i](const ConditionOutcome&, const UnitAccuracy& a) -> std::optional<double> {
                   return a.file[i];
                 },
                 nullptr});
  }
  for (size_t i = 0; i < kAccuracyCutoffs.size(); ++i) {
    m.push_back({FunctionAccuracyMetric(kAccuracyCutoffs[i]),
                 [i](const ConditionOutcome&, const UnitAccuracy& a) -> std::optional<double> {
                   if (!a.function) return std::nullopt;
                   return (*a.function)[i];
                 },
                 nullptr});
  }
  return m;
}

// "pack_<budget>_<rule>": the prefix of one packing's metrics.
std::string PackingName(const PackingResult& r) { return PackingRowName(r.budget(), r.rule()); }

// The packing result of `o` named `name` (PackingName), or null.
const PackingResult* FindPacking(const ConditionOutcome& o, const std::string& name) {
  for (const PackingResult& r : o.packing()) {
    if (PackingName(r) == name) return &r;
  }
  return nullptr;
}

std::optional<double> Share(int part, int whole) {
  if (whole == 0) return std::nullopt;
  return static_cast<double>(part) / whole;
}

// A packing quantity of one packing (docs/metrics.md, "Packing").
Metric OfPacking(const std::string& packing, const std::string& quantity,
                 std::function<std::optional<double>(const PackingResult&)> get) {
  return OfOutcome(absl::StrCat(packing, "_", quantity),
                   [packing, get = std::move(get)](const ConditionOutcome& o) {
                     const PackingResult* r = FindPacking(o, packing);
                     return r == nullptr ? std::nullopt : get(*r);
                   });
}

// Every packing's outcomes, in the packings' order in `o` (every cell of a
// grid declares the same packings).
std::vector<Metric> PackingMetrics(const ConditionOutcome& o) {
  std::vector<Metric> m;
  auto count = [](int32_t (PackingResult::*f)() const) {
    return [f](const PackingResult& r) -> std::optional<double> { return (r.*f)(); };
  };
  for (const PackingResult& r : o.packing()) {
    const std::string p = PackingName(r);
    m.push_back(OfPacking(p, "function_coverage", [](const PackingResult& x) {
      return Share(x.gold_functions_covered(), x.gold_functions());
    }));
    m.push_back(OfPacking(p, "file_coverage", [](const PackingResult& x) {
      return Share(x.gold_files_covered(), x.gold_files());
    }));
    m.push_back(OfPacking(p, "used", [](const PackingResult& x) -> std::optional<double> {
      return static_cast<double>(x.used());
    }));
    m.push_back(OfPacking(p, "left", [](const PackingResult& x) -> std::optional<double> {
      return static_cast<double>(x.left());
    }));
    m.push_back(OfPacking(p, "units_packed", count(&PackingResult::units_packed)));
    m.push_back(OfPacking(p, "distinct_files", count(&PackingResult::distinct_files)));
    m.push_back(OfPacking(p, "redundant_pairs", count(&PackingResult::redundant_pairs)));
    m.push_back(OfPacking(p, "skipped_does_not_fit", count(&PackingResult::skipped_does_not_fit)));
    m.push_back(OfPacking(p, "skipped_redundant", count(&PackingResult::skipped_redundant)));
    m.push_back(OfPacking(p, "skipped_file_quota", count(&PackingResult::skipped_file_quota)));
  }
  return m;
}

// A funnel stage: 1 or 0 per gold function of the outcome.
Metric OfFunnel(std::string name, std::function<bool(const GoldFunctionState&)> reached) {
  Metric m{std::move(name), nullptr, nullptr};
  m.observations = [reached = std::move(reached)](const ConditionOutcome& o) {
    std::vector<double> out;
    for (const GoldFunctionState& s : o.funnel()) out.push_back(reached(s) ? 1.0 : 0.0);
    return out;
  };
  return m;
}

// The funnel's stages (docs/metrics.md, "The funnel"), in `o`'s packings.
std::vector<Metric> FunnelMetrics(const ConditionOutcome& o) {
  std::vector<Metric> m;
  m.push_back(OfFunnel("funnel_in_pool", [](const GoldFunctionState& s) { return s.rank() > 0; }));
  Metric before = OfFunnel("funnel_above_cutoff_before_rerank", [](const GoldFunctionState& s) {
    return s.rank_before_rerank() > 0 && s.rank_before_rerank() <= 10;
  });
  before.observations = [all = before.observations](const ConditionOutcome& x) {
    return x.has_rerank_pool() ? all(x) : std::vector<double>();  // a reranker's cells only
  };
  m.push_back(std::move(before));
  m.push_back(
      OfFunnel("funnel_above_cutoff", [](const GoldFunctionState& s) { return s.above_cutoff(); }));
  m.push_back(OfFunnel("funnel_in_packing_pool",
                       [](const GoldFunctionState& s) { return s.in_packing_pool(); }));
  for (int i = 0; i < o.packing_size(); ++i) {
    m.push_back(
        OfFunnel(FunnelPackedName(o.packing(i).budget(), o.packing(i).rule()),
                 [i](const GoldFunctionState& s) { return i < s.packed_size() && s.packed(i); }));
  }
  return m;
}

const std::vector<Metric>& ConditionMetrics() {
  static const auto* m = new std::vector<Metric>(BuildConditionMetrics());
  return *m;
}

const std::vector<PairedMetric>& PairedMetrics() {
  static const auto* m = new std::vector<PairedMetric>{
      {"delta_recall_at_10", [](const PairedOutcome& p) { return p.delta_recall_at_10(); }},
      {"delta_mrr", [](const PairedOutcome& p) { return p.delta_mrr(); }},
      {"delta_ndcg_at_10", [](const PairedOutcome& p) { return p.delta_ndcg_at_10(); }},
      {"top10_gold_retention",
       [](const PairedOutcome& p) -> std::optional<double> {
         if (!p.has_top10_gold_retention()) return std::nullopt;
         return p.top10_gold_retention();
       }},
      {"loss_of_all_top10_gold",  // among units whose baseline top 10 holds gold
       [](const PairedOutcome& p) -> std::optional<double> {
         if (!p.has_top10_gold_retention()) return std::nullopt;
         return p.loss_of_all_top10_gold() ? 1.0 : 0.0;
       }},
      {"rank_delta_censored",
       [](const PairedOutcome& p) { return static_cast<double>(p.rank_delta_censored()); }},
      {"distractors_in_top10",
       [](const PairedOutcome& p) { return static_cast<double>(p.distractors_in_top10()); }, true},
      {"distractor_outranks_first_gold",
       [](const PairedOutcome& p) { return p.distractor_outranks_first_gold() ? 1.0 : 0.0; }, true},
  };
  return *m;
}

// The Summary rows of one table, in the order they are added; their
// intervals are computed by Finish.
class SummaryBuilder {
 public:
  SummaryBuilder(const GridInput& in, GridReport* report) : in_(in), report_(report) {}

  // Adds one Summary row when at least one unit is defined.
  absl::Status Add(const std::string& harness, const std::string& condition, int dose,
                   const std::string& metric, const std::vector<Unit>& units) {
    if (units.empty()) return absl::OkStatus();
    Job job{report_->summaries_size(), metric, {}};
    for (const Unit& u : units) job.observations.push_back({u.cluster, u.value});
    jobs_.push_back(std::move(job));
    Summary* s = report_->add_summaries();
    s->set_harness(harness);
    s->set_condition(condition);
    s->set_dose(dose);
    s->set_metric(metric);
    return absl::OkStatus();
  }

  // The bootstrap interval of every row added. Rows over the same number of
  // clusters share one draw of the replicates (cluster_bootstrap.h), and a
  // group's rows run on up to kBootstrapThreads threads. The draws depend on
  // the experiment's seed and the cluster count only, and each row adds its
  // sums in draw order, so no value depends on the grouping or the threads:
  // the bytes are those of one thread drawing for each row.
  absl::Status Finish() {
    stats::BootstrapConfig config;
    config.resamples = in_.resamples;
    config.seed = in_.seed;
    std::map<uint32_t, std::vector<size_t>> by_clusters;  // cluster count -> jobs
    for (size_t j = 0; j < jobs_.size(); ++j) {
      by_clusters[stats::CountClusters(jobs_[j].observations)].push_back(j);
    }
    std::vector<absl::StatusOr<stats::Estimate>> estimates(jobs_.size());
    for (const auto& [clusters, group] : by_clusters) {
      const stats::ClusterDraws draws = stats::DrawClusters(config, clusters);
      ParallelFor(group.size(), [&](size_t g) {
        estimates[group[g]] =
            stats::ClusterBootstrapMean(jobs_[group[g]].observations, config, draws);
      });
    }
    for (size_t j = 0; j < jobs_.size(); ++j) {
      RETURN_IF_ERROR(estimates[j].status());
      const stats::Estimate& e = *estimates[j];
      if (!e.defined) {
        return absl::InvalidArgumentError(
            absl::StrCat("bootstrap of ", jobs_[j].metric, ": no units"));
      }
      Interval* i = report_->mutable_summaries(jobs_[j].row)->mutable_value();
      i->set_mean(e.mean);
      i->set_low(e.lo);
      i->set_high(e.hi);
      i->set_units(e.n);
    }
    jobs_.clear();
    return absl::OkStatus();
  }

 private:
  // Calls fn(0) .. fn(n - 1), each once, on up to kBootstrapThreads threads.
  static void ParallelFor(size_t n, const std::function<void(size_t)>& fn) {
    std::atomic<size_t> next{0};
    const auto work = [&] {
      for (size_t k = next++; k < n; k = next++) fn(k);
    };
    const int threads =
        std::clamp(static_cast<int>(std::thread::hardware_concurrency()), 1, kBootstrapThreads);
    std::vector<std::thread> pool;
    for (int t = 1; t < threads && static_cast<size_t>(t) < n; ++t) pool.emplace_back(work);
    work();
    for (std::thread& t : pool) t.join();
  }

  // At most this many threads compute one table's intervals.
  static constexpr int kBootstrapThreads = 4;
  struct Job {
    int row;  // index in GridReport.summaries
    std::string metric;
    std::vector<stats::Observation> observations;
  };
  const GridInput& in_;
  GridReport* report_;
  std::vector<Job> jobs_;
};

// The paired randomization test of one comparison on one metric (exact for
// up to 20 tasks; stages/framework/stats/randomization.h), appended to the report.
absl::Status AddPairedTest(const std::string& comparison, const std::string& metric,
                           const std::vector<Unit>& units, GridReport* report) {
  if (units.empty()) return absl::OkStatus();  // no task has both harnesses: no test
  std::vector<double> differences;
  for (const Unit& u : units) differences.push_back(u.value);
  absl::StatusOr<stats::RandomizationResult> r = stats::PairedRandomizationTest(differences);
  if (!r.ok()) {
    return absl::InvalidArgumentError(
        absl::StrCat("comparison ", comparison, ", ", metric, ": ", r.status().message()));
  }
  PairedTest* t = report->add_paired_tests();
  t->set_comparison(comparison);
  t->set_metric(metric);
  t->set_units(r->units);
  t->set_mean_difference(r->mean_difference);
  t->set_p_value(r->p_value);
  t->set_exact(r->exact);
  t->set_assignments(r->assignments);
  return absl::OkStatus();
}

// Holm over every test of the harness-difference table (one family).
void AdjustPairedTests(GridReport* report) {
  std::vector<double> p;
  for (const PairedTest& t : report->paired_tests()) p.push_back(t.p_value());
  const std::vector<double> adjusted = stats::HolmAdjust(p);
  for (int i = 0; i < report->paired_tests_size(); ++i) {
    report->mutable_paired_tests(i)->set_p_holm(adjusted[i]);
  }
}

// The outcomes of the grid by key; a repeated key is InvalidArgument.
class OutcomeIndex {
 public:
  explicit OutcomeIndex(const Ids& ids) : ids_(ids) {}
  // A unit's outcome, its localization accuracy and its paired outcome
  // (unset for the baseline).
  absl::Status Add(const GridUnit& u, const UnitAccuracy& accuracy) {
    const ConditionOutcome& o = u.outcome();
    const Key k = KeyOf(o);
    if (!by_key_.emplace(k, &o).second) {
      return absl::InvalidArgumentError(absl::StrCat("duplicate outcome: ", KeyName(k)));
    }
    accuracy_.emplace(k, &accuracy);
    if (u.has_paired()) paired_.emplace(k, &u.paired());
    return absl::OkStatus();
  }
  // The localization accuracy of an outcome of the index (or of a copy).
  const UnitAccuracy& AccuracyOf(const ConditionOutcome& o) const {
    return *accuracy_.at(KeyOf(o));
  }
  // The paired outcome of a perturbed outcome of the index (GridUnit.paired).
  absl::StatusOr<PairedOutcome> PairedOf(const ConditionOutcome& o) const {
    auto it = paired_.find(KeyOf(o));
    if (it == paired_.end()) {
      return absl::InvalidArgumentError(absl::StrCat("no paired outcome: ", KeyName(KeyOf(o))));
    }
    return *it->second;
  }
  absl::StatusOr<const ConditionOutcome*> Find(const Key& k) const {
    auto it = by_key_.find(k);
    if (it == by_key_.end()) {
      return absl::InvalidArgumentError(absl::StrCat("missing outcome: ", KeyName(k)));
    }
    return it->second;
  }
  // The S001 outcome of a task x harness at `depth`, with its shared_key
  // checked; `where` follows "<task>/<harness>" in the error.
  absl::StatusOr<const ConditionOutcome*> FindS001(const std::string& task,
                                                   const std::string& harness, int depth,
                                                   const std::string& where) const {
    ASSIGN_OR_RETURN(const ConditionOutcome* o, Find({task, harness, ids_.stale, 0, depth}));
    if (o->shared_key() != S001SharedKey(task, harness, depth)) {
      return absl::InvalidArgumentError(absl::StrCat(ids_.stale, " outcome of ", task, "/", harness,
                                                     where, ": shared_key is '", o->shared_key(),
                                                     "'"));
    }
    return o;
  }

 private:
  // Stale-index outcomes without a depth (written before depths existed) are at depth 1.
  int DepthOf(const ConditionOutcome& o) const {
    if (o.condition() != ids_.stale) return 0;
    return o.s001_depth() > 0 ? o.s001_depth() : 1;
  }
  Key KeyOf(const ConditionOutcome& o) const {
    return {o.task_id(), o.harness(), o.condition(), o.dose(), DepthOf(o)};
  }

  const Ids& ids_;
  std::map<Key, const ConditionOutcome*> by_key_;
  std::map<Key, const UnitAccuracy*> accuracy_;
  std::map<Key, const PairedOutcome*> paired_;
};

// CheckAscending (grid_spec.h) of one of the grid's lists.
absl::Status CheckGridList(const std::vector<int>& list, absl::string_view field, uint32_t max) {
  return CheckAscending(std::vector<int64_t>(list.begin(), list.end()), "the grid", field, max);
}

// The grid's description in `report`: harnesses, comparisons, doses, depths,
// bootstrap and the effective S001 doses.
// The doses and depths, each ascending within its bound (grid_spec.h).
absl::Status CheckGridLists(const GridInput& in) {
  RETURN_IF_ERROR(CheckGridList(in.doses, "s002_doses", kMaxS002Dose));
  return CheckGridList(in.s001_depths, "s001_depths", kMaxS001Depth);
}

absl::Status DescribeGrid(const GridInput& in, GridReport* report) {
  report->set_grid(in.grid);
  report->set_tasks(static_cast<int>(in.task_ids.size()));
  for (const std::string& h : in.harnesses) report->add_harnesses(h);
  for (const auto& [a, b] : in.comparisons) {
    for (const std::string& h : {a, b}) {
      if (std::find(in.harnesses.begin(), in.harnesses.end(), h) == in.harnesses.end()) {
        return absl::InvalidArgumentError(absl::StrCat(
            "comparison ", a, "-", b, " (compare_with of ", a, "): harness ", h,
            " is not in the grid (harnesses: ", absl::StrJoin(in.harnesses, ", "), ")"));
      }
    }
    report->add_comparisons(absl::StrCat(a, "-", b));
  }
  RETURN_IF_ERROR(CheckGridLists(in));
  for (int d : in.doses) report->add_doses(d);
  for (int d : in.s001_depths) report->add_s001_depths(d);
  *report->mutable_staleness_doses() = {in.staleness_doses.begin(), in.staleness_doses.end()};
  report->set_bootstrap_resamples(in.resamples);
  report->set_bootstrap_seed(in.seed);
  *report->mutable_s001_doses() = {in.s001_doses.begin(), in.s001_doses.end()};
  *report->mutable_conditions() = in.conditions.conditions();
  return absl::OkStatus();
}

// The composite cells: per task x harness x dose, the baseline, the S001
// outcome at the first depth and one S002 dose, each perturbation paired.
absl::Status BuildCells(const GridInput& in, const Ids& ids, const OutcomeIndex& index,
                        GridReport* report) {
  const int first_depth = in.s001_depths[0];
  for (const std::string& task : in.task_ids) {
    for (const std::string& harness : in.harnesses) {
      ASSIGN_OR_RETURN(const ConditionOutcome* base,
                       index.Find({task, harness, ids.baseline, 0, 0}));
      ASSIGN_OR_RETURN(const ConditionOutcome* s001,
                       index.FindS001(task, harness, first_depth, ""));
      ASSIGN_OR_RETURN(const PairedOutcome s001_paired, index.PairedOf(*s001));
      for (int coordinate = 0; coordinate < static_cast<int>(in.doses.size()); ++coordinate) {
        const int dose = in.doses[coordinate];
        ASSIGN_OR_RETURN(const ConditionOutcome* s002,
                         index.Find({task, harness, ids.distractors, dose, 0}));
        ASSIGN_OR_RETURN(PairedOutcome s002_paired, index.PairedOf(*s002));
        Cell* c = report->add_cells();
        c->set_cell_id(absl::StrCat(task, "/", harness, "/", coordinate));
        c->set_task_id(task);
        c->set_harness(harness);
        c->set_seed_coordinate(coordinate);
        c->set_dose(dose);
        *c->mutable_baseline() = *base;
        *c->mutable_s001() = *s001;
        *c->mutable_s002() = *s002;
        *c->mutable_s001_paired() = s001_paired;
        *c->mutable_s002_paired() = std::move(s002_paired);
      }
    }
  }
  return absl::OkStatus();
}

// The units (GridUnit), in report order: tasks, harnesses, then the
// condition table's order, each once; InvalidArgument naming the first that
// is missing or out of place.
absl::Status AddUnits(const GridInput& in, const Conditions& conditions,
                      const google::protobuf::RepeatedPtrField<GridUnit>& units,
                      GridReport* report) {
  int i = 0;
  for (const std::string& task : in.task_ids) {
    for (const std::string& harness : in.harnesses) {
      for (const Condition& c : conditions.all()) {
        const std::string id = absl::StrCat(task, "/", harness, "/", c.label());
        if (i >= units.size() || units[i].unit_id() != id) {
          return absl::InvalidArgumentError(absl::StrCat(
              "unit ", i, ": expected ", id, ", found ",
              i < units.size() ? units[i].unit_id() : "none", " (units come in report order)"));
        }
        *report->add_units() = units[i++];
      }
    }
  }
  if (i != units.size()) {
    return absl::InvalidArgumentError(
        absl::StrCat("unit ", i, ": ", units[i].unit_id(), " is not a unit of the grid"));
  }
  return absl::OkStatus();
}

bool InScope(const std::string& scope, const std::string& harness) {
  return scope == "all" || scope == harness;
}

// The outcomes of one condition (S002: one dose; S001 in the sweep: one depth).
struct Group {
  std::string condition;
  int dose;
  std::vector<const ConditionOutcome*> outcomes;
};

// The paired outcomes of one perturbed condition, with each unit's harness.
struct PairedGroup {
  std::string condition;
  int dose;
  std::vector<std::pair<std::string, PairedOutcome>> pairs;  // (task, paired)
  std::vector<std::string> harness;
};

// What the analysis reads: de-duplicated shared outcomes (it never sees the
// copies) and, with several depths, the S001 outcomes of the sweep.
struct Units {
  std::vector<ConditionOutcome> baselines, s001s;
  std::map<std::string, const ConditionOutcome*> baseline_of;  // "<task>/<harness>"
  std::vector<std::vector<const ConditionOutcome*>> sweep;     // per depth, task x harness
  // The kinds outside the composite cells (S003), by id in table order:
  // their outcome per task x harness.
  std::vector<std::pair<std::string, std::vector<const ConditionOutcome*>>> extra;
};

// The ids of the kinds outside the composite cells (conditions of one
// parameter each, paired with the baseline), in table order.
std::vector<std::string> ExtraIds(const ConditionTable& table) {
  std::vector<std::string> ids;
  for (const Condition* c : KindsOutsideTheCells(table.conditions())) ids.push_back(c->id());
  return ids;
}

absl::Status CollectUnits(const GridInput& in, const OutcomeIndex& index, const GridReport& report,
                          const std::vector<std::string>& extra_ids, Units* u) {
  const std::vector<Cell> cells(report.cells().begin(), report.cells().end());
  ASSIGN_OR_RETURN(u->baselines, UniqueBaselines(cells));
  ASSIGN_OR_RETURN(u->s001s, UniqueS001(cells));
  for (const ConditionOutcome& b : u->baselines) {
    u->baseline_of[b.task_id() + "/" + b.harness()] = &b;
  }
  for (const std::string& id : extra_ids) {
    u->extra.emplace_back(id, std::vector<const ConditionOutcome*>{});
    for (const std::string& task : in.task_ids) {
      for (const std::string& harness : in.harnesses) {
        ASSIGN_OR_RETURN(const ConditionOutcome* o, index.Find({task, harness, id, 0, 0}));
        u->extra.back().second.push_back(o);
      }
    }
  }
  if (in.s001_depths.size() <= 1) return absl::OkStatus();
  for (int depth : in.s001_depths) {
    u->sweep.emplace_back();
    for (const std::string& task : in.task_ids) {
      for (const std::string& harness : in.harnesses) {
        ASSIGN_OR_RETURN(const ConditionOutcome* o,
                         index.FindS001(task, harness, depth, absl::StrCat(" at depth ", depth)));
        u->sweep.back().push_back(o);
      }
    }
  }
  return absl::OkStatus();
}

// A budget is a constraint only when some cell's pool costs more: a budget
// under which the greedy baseline packs the whole pool of every cell (it
// skips nothing as "does not fit") stops the report, naming it.
absl::Status CheckBudgetsBelowPools(const google::protobuf::RepeatedPtrField<GridUnit>& units) {
  if (units.empty() || units[0].outcome().packing().empty()) return absl::OkStatus();
  const ConditionOutcome& first = units[0].outcome();
  for (int i = 0; i < first.packing_size(); ++i) {
    if (first.packing(i).rule() != packing::RuleName(packing::Rule::kGreedy)) continue;
    const bool binds = std::any_of(units.begin(), units.end(), [i](const GridUnit& u) {
      return i < u.outcome().packing_size() && u.outcome().packing(i).skipped_does_not_fit() > 0;
    });
    if (!binds) {
      return absl::InvalidArgumentError(absl::StrCat(
          "experiment packing, field packing.budgets: expected each budget below the cost of ",
          "some cell's packing pool, found budget ", first.packing(i).budget(),
          ", under which every one of the ", units.size(),
          " cells packs its whole pool (lower it, or raise packing.depth)"));
    }
  }
  return absl::OkStatus();
}

// The condition metrics, then, when the cells pack (Experiment.packing),
// the packings' outcomes and the funnel, named from the first baseline.
std::vector<Metric> MetricsOf(const std::vector<ConditionOutcome>& baselines) {
  std::vector<Metric> m = ConditionMetrics();
  if (baselines.empty() || baselines.front().packing().empty()) return m;
  for (Metric& x : PackingMetrics(baselines.front())) m.push_back(std::move(x));
  for (Metric& x : FunnelMetrics(baselines.front())) m.push_back(std::move(x));
  return m;
}

// Condition metrics: baseline, S001, S002 per dose, S001 per sweep depth.
absl::Status SummarizeConditions(const GridInput& in, const Ids& ids, const OutcomeIndex& index,
                                 const Units& u, const std::vector<std::string>& scopes,
                                 GridReport* report) {
  std::vector<Group> groups;
  groups.push_back({ids.baseline, 0, {}});
  for (const ConditionOutcome& o : u.baselines) groups.back().outcomes.push_back(&o);
  groups.push_back({ids.stale, 0, {}});
  for (const ConditionOutcome& o : u.s001s) groups.back().outcomes.push_back(&o);
  for (int coordinate = 0; coordinate < static_cast<int>(in.doses.size()); ++coordinate) {
    groups.push_back({ids.distractors, in.doses[coordinate], {}});
    for (const Cell& c : report->cells()) {
      if (c.seed_coordinate() == coordinate) groups.back().outcomes.push_back(&c.s002());
    }
  }
  for (size_t i = 0; i < u.sweep.size(); ++i) {
    groups.push_back({ids.stale, in.s001_depths[i], u.sweep[i]});
  }
  for (const auto& [id, outcomes] : u.extra) groups.push_back({id, 0, outcomes});
  const std::vector<Metric> metrics = MetricsOf(u.baselines);
  SummaryBuilder summary(in, report);
  for (const Group& g : groups) {
    for (const std::string& scope : scopes) {
      for (const Metric& m : metrics) {
        std::vector<Unit> units;
        for (const ConditionOutcome* o : g.outcomes) {
          if (!InScope(scope, o->harness())) continue;
          if (m.observations) {
            for (double v : m.observations(*o)) units.push_back({o->task_id(), v});
          } else if (std::optional<double> v = m.get(*o, index.AccuracyOf(*o))) {
            units.push_back({o->task_id(), *v});
          }
        }
        RETURN_IF_ERROR(summary.Add(scope, g.condition, g.dose, m.name, units));
      }
    }
  }
  return summary.Finish();
}

// Appends to `g` each outcome paired with its task x harness baseline.
absl::Status PairWithBaselines(const OutcomeIndex& index,
                               const std::vector<const ConditionOutcome*>& outcomes,
                               PairedGroup* g) {
  for (const ConditionOutcome* o : outcomes) {
    ASSIGN_OR_RETURN(PairedOutcome p, index.PairedOf(*o));
    g->pairs.emplace_back(o->task_id(), std::move(p));
    g->harness.push_back(o->harness());
  }
  return absl::OkStatus();
}

// The paired groups: S001 from the de-duplicated units, S002 per dose, S001
// per sweep depth.
absl::StatusOr<std::vector<PairedGroup>> PairedGroups(const GridInput& in, const Ids& ids,
                                                      const OutcomeIndex& index, const Units& u,
                                                      const GridReport& report) {
  std::vector<PairedGroup> paired_groups;
  paired_groups.push_back({ids.stale, 0, {}, {}});
  std::vector<const ConditionOutcome*> s001s;
  for (const ConditionOutcome& o : u.s001s) s001s.push_back(&o);
  RETURN_IF_ERROR(PairWithBaselines(index, s001s, &paired_groups.back()));
  for (int coordinate = 0; coordinate < static_cast<int>(in.doses.size()); ++coordinate) {
    paired_groups.push_back({ids.distractors, in.doses[coordinate], {}, {}});
    for (const Cell& c : report.cells()) {
      if (c.seed_coordinate() != coordinate) continue;
      paired_groups.back().pairs.emplace_back(c.task_id(), c.s002_paired());
      paired_groups.back().harness.push_back(c.harness());
    }
  }
  for (size_t i = 0; i < u.sweep.size(); ++i) {
    paired_groups.push_back({ids.stale, in.s001_depths[i], {}, {}});
    RETURN_IF_ERROR(PairWithBaselines(index, u.sweep[i], &paired_groups.back()));
  }
  for (const auto& [id, outcomes] : u.extra) {
    paired_groups.push_back({id, 0, {}, {}});
    RETURN_IF_ERROR(PairWithBaselines(index, outcomes, &paired_groups.back()));
  }
  return paired_groups;
}

// Paired metrics of every group, per scope.
absl::Status SummarizePaired(const GridInput& in, const Ids& ids,
                             const std::vector<PairedGroup>& paired_groups,
                             const std::vector<std::string>& scopes, GridReport* report) {
  SummaryBuilder summary(in, report);
  for (const PairedGroup& g : paired_groups) {
    for (const std::string& scope : scopes) {
      for (const PairedMetric& m : PairedMetrics()) {
        if (m.distractors_only && g.condition != ids.distractors) continue;
        std::vector<Unit> units;
        for (size_t i = 0; i < g.pairs.size(); ++i) {
          if (!InScope(scope, g.harness[i])) continue;
          if (std::optional<double> v = m.get(g.pairs[i].second)) {
            units.push_back({g.pairs[i].first, *v});
          }
        }
        RETURN_IF_ERROR(summary.Add(scope, g.condition, g.dose, m.name, units));
      }
    }
  }
  return summary.Finish();
}

// Harness a minus harness b, paired by task, on every perturbation of the
// grid but the S001 sweep: per task, a's delta_mrr minus b's (a positive
// difference: a loses less MRR than b, or gains more).
absl::Status CompareRobustness(const GridInput& in, const Ids& ids,
                               const std::vector<PairedGroup>& groups, SummaryBuilder& summary) {
  for (const PairedGroup& g : groups) {
    if (g.condition == ids.stale && g.dose != 0) continue;  // the sweep's depths
    std::map<std::string, double> delta_of;                 // "<task>/<harness>"
    for (size_t i = 0; i < g.pairs.size(); ++i) {
      delta_of[g.pairs[i].first + "/" + g.harness[i]] = g.pairs[i].second.delta_mrr();
    }
    for (const auto& [a, b] : in.comparisons) {
      std::vector<Unit> units;
      for (const std::string& task : in.task_ids) {
        auto ia = delta_of.find(task + "/" + a);
        auto ib = delta_of.find(task + "/" + b);
        if (ia == delta_of.end() || ib == delta_of.end()) continue;
        units.push_back({task, ia->second - ib->second});
      }
      RETURN_IF_ERROR(
          summary.Add(absl::StrCat(a, "-", b), g.condition, g.dose, "delta_mrr", units));
    }
  }
  return absl::OkStatus();
}

// Harness vs harness, paired by task: on the baseline, recall@10 and MRR with
// a bootstrap interval and randomization test each (Holm over the whole
// table), and nDCG@10 with its interval; and the robustness differences
// (CompareRobustness) with their intervals.
absl::Status CompareHarnesses(const GridInput& in, const Ids& ids, const Units& u,
                              const std::vector<PairedGroup>& groups, GridReport* report) {
  SummaryBuilder summary(in, report);
  for (const auto& [a, b] : in.comparisons) {
    std::vector<Unit> ndcg;
    for (const std::string& task : in.task_ids) {
      auto ia = u.baseline_of.find(task + "/" + a);
      auto ib = u.baseline_of.find(task + "/" + b);
      if (ia == u.baseline_of.end() || ib == u.baseline_of.end()) continue;
      ndcg.push_back({task, ia->second->ndcg_at_10() - ib->second->ndcg_at_10()});
    }
    RETURN_IF_ERROR(summary.Add(absl::StrCat(a, "-", b), ids.baseline, 0, "ndcg_at_10", ndcg));
  }
  RETURN_IF_ERROR(CompareRobustness(in, ids, groups, summary));
  for (const auto& [a, b] : in.comparisons) {
    for (const char* metric : {"recall_at_10", "mrr"}) {
      std::vector<Unit> units;
      for (const std::string& task : in.task_ids) {
        auto ia = u.baseline_of.find(task + "/" + a);
        auto ib = u.baseline_of.find(task + "/" + b);
        if (ia == u.baseline_of.end() || ib == u.baseline_of.end()) continue;
        const bool recall = std::string(metric) == "recall_at_10";
        units.push_back({task, recall ? ia->second->recall_at_10() - ib->second->recall_at_10()
                                      : ia->second->mrr() - ib->second->mrr()});
      }
      const std::string comparison = absl::StrCat(a, "-", b);
      RETURN_IF_ERROR(summary.Add(comparison, ids.baseline, 0, metric, units));
      RETURN_IF_ERROR(AddPairedTest(comparison, metric, units, report));
    }
  }
  AdjustPairedTests(report);
  return summary.Finish();
}

// The metrics a reranker is paired with its first stage on: the outcome's
// own, as the condition tables read them (one implementation per metric).
std::vector<const Metric*> RerankMetrics() {
  std::vector<const Metric*> out;
  for (const Metric& m : ConditionMetrics()) {
    for (const char* name : kRerankMetrics) {
      if (m.name == name) out.push_back(&m);
    }
  }
  return out;
}

// Each reranker minus its first stage, paired by task, under every condition
// of the grid in unit order (Summary harness "R-F", metric "rerank_<m>";
// S001 at the first depth as dose 0, as the composite cells, deeper depths
// as their depth). A reranker whose first stage is not in the grid is
// InvalidArgument.
absl::Status CompareRerankers(const GridInput& in, const Ids& ids,
                              const google::protobuf::RepeatedPtrField<GridUnit>& units,
                              GridReport* report) {
  std::map<std::tuple<std::string, int, std::string, std::string>, const ConditionOutcome*> of;
  std::vector<std::pair<std::string, int>> conditions;  // in unit order, each once
  for (const GridUnit& u : units) {
    const int first_depth = in.s001_depths.empty() ? 0 : in.s001_depths.front();
    const int dose = u.condition() == ids.stale && u.parameter() == first_depth ? 0 : u.parameter();
    const std::pair<std::string, int> c(u.condition(), dose);
    if (std::find(conditions.begin(), conditions.end(), c) == conditions.end()) {
      conditions.push_back(c);
    }
    of[{c.first, c.second, u.task_id(), u.harness()}] = &u.outcome();
  }
  SummaryBuilder summary(in, report);
  for (const auto& [r, f] : in.rerankers) {
    if (std::find(in.harnesses.begin(), in.harnesses.end(), f) == in.harnesses.end()) {
      return absl::InvalidArgumentError(
          absl::StrCat("reranker ", r, ": first stage ", f, " is not a harness of the grid"));
    }
    report->add_rerank_comparisons(absl::StrCat(r, "-", f));
    for (const auto& [condition, dose] : conditions) {
      for (const Metric* m : RerankMetrics()) {
        std::vector<Unit> pairs;
        for (const std::string& task : in.task_ids) {
          const auto ir = of.find({condition, dose, task, r});
          const auto jf = of.find({condition, dose, task, f});
          if (ir == of.end() || jf == of.end()) continue;
          pairs.push_back({task, *m->get(*ir->second, {}) - *m->get(*jf->second, {})});
        }
        RETURN_IF_ERROR(summary.Add(absl::StrCat(r, "-", f), condition, dose,
                                    absl::StrCat("rerank_", m->name), pairs));
      }
    }
  }
  return summary.Finish();
}

}  // namespace

absl::StatusOr<std::vector<ConditionOutcome>> UniqueS001(const std::vector<Cell>& cells) {
  return UniqueBy(
      cells, [](const Cell& c) -> const ConditionOutcome& { return c.s001(); }, "stale-index");
}

absl::StatusOr<std::vector<ConditionOutcome>> UniqueBaselines(const std::vector<Cell>& cells) {
  return UniqueBy(
      cells, [](const Cell& c) -> const ConditionOutcome& { return c.baseline(); }, "baseline");
}

absl::StatusOr<GridReport> Aggregate(const GridInput& in) {
  RETURN_IF_ERROR(CheckGridLists(in));
  ASSIGN_OR_RETURN(const UnitShard shard,
                   BuildUnitShard(in.conditions, in.task_ids, in.harnesses, in.outcomes));
  ASSIGN_OR_RETURN(const std::vector<UnitAccuracy> accuracy,
                   LocalizationAccuracy(shard.units(), shard.rankings(), in.gold));
  return AggregateUnits(in, shard.units(), accuracy);
}

absl::StatusOr<GridReport> AggregateUnits(
    const GridInput& in, const google::protobuf::RepeatedPtrField<GridUnit>& grid_units,
    const std::vector<UnitAccuracy>& accuracy) {
  if (accuracy.size() != static_cast<size_t>(grid_units.size())) {
    return absl::InvalidArgumentError(absl::StrCat("localization accuracy of ", accuracy.size(),
                                                   " units, expected one per unit (",
                                                   grid_units.size(), ")"));
  }
  ASSIGN_OR_RETURN(const Conditions conditions, Conditions::Create(in.conditions));
  const Ids ids(conditions);
  OutcomeIndex index(ids);
  for (int i = 0; i < grid_units.size(); ++i)
    RETURN_IF_ERROR(index.Add(grid_units[i], accuracy[i]));
  GridReport report;
  RETURN_IF_ERROR(DescribeGrid(in, &report));
  RETURN_IF_ERROR(AddUnits(in, conditions, grid_units, &report));
  RETURN_IF_ERROR(BuildCells(in, ids, index, &report));
  Units units;
  RETURN_IF_ERROR(CollectUnits(in, index, report, ExtraIds(in.conditions), &units));
  report.set_s001_units(static_cast<int>(units.s001s.size()));
  RETURN_IF_ERROR(CheckBudgetsBelowPools(grid_units));
  std::vector<std::string> scopes = in.harnesses;
  scopes.push_back("all");
  RETURN_IF_ERROR(SummarizeConditions(in, ids, index, units, scopes, &report));
  ASSIGN_OR_RETURN(const std::vector<PairedGroup> paired_groups,
                   PairedGroups(in, ids, index, units, report));
  RETURN_IF_ERROR(SummarizePaired(in, ids, paired_groups, scopes, &report));
  RETURN_IF_ERROR(CompareHarnesses(in, ids, units, paired_groups, &report));
  RETURN_IF_ERROR(CompareRerankers(in, ids, grid_units, &report));
  return report;
}

}  // namespace repro::grid
