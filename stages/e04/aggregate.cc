#include "stages/e04/aggregate.h"

#include <algorithm>
#include <functional>
#include <optional>
#include <set>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "google/protobuf/util/message_differencer.h"
#include "stages/e04/outcomes.h"
#include "stages/e04/paired.h"
#include "stages/stats/cluster_bootstrap.h"
#include "stages/stats/randomization.h"

namespace repro::e04 {
namespace {

// task, harness, condition, dose (S002), depth (S001)
using Key = std::tuple<std::string, std::string, std::string, int, int>;

std::string KeyName(const Key& k) {
  return absl::StrCat("task ", std::get<0>(k), ", harness ", std::get<1>(k), ", condition ",
                      std::get<2>(k), ", dose ", std::get<3>(k), ", depth ", std::get<4>(k));
}

// S001 outcomes without a depth (written before depths existed) are at depth 1.
int DepthOf(const ConditionOutcome& o) {
  if (o.condition() != "S001") return 0;
  return o.s001_depth() > 0 ? o.s001_depth() : 1;
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

// A metric: name and how to read it (nullopt: not defined for this unit).
struct Metric {
  std::string name;
  std::function<std::optional<double>(const ConditionOutcome&)> get;
};

struct PairedMetric {
  std::string name;
  std::function<std::optional<double>(const PairedOutcome&)> get;
  bool s002_only = false;
};

const std::vector<Metric>& ConditionMetrics() {
  static const auto* m = new std::vector<Metric>{
      {"recall_at_1", [](const ConditionOutcome& o) { return o.recall_at_1(); }},
      {"recall_at_5", [](const ConditionOutcome& o) { return o.recall_at_5(); }},
      {"recall_at_10", [](const ConditionOutcome& o) { return o.recall_at_10(); }},
      {"mrr", [](const ConditionOutcome& o) { return o.mrr(); }},
      {"ndcg_at_10", [](const ConditionOutcome& o) { return o.ndcg_at_10(); }},
      {"function_recall_at_10",
       [](const ConditionOutcome& o) -> std::optional<double> {
         if (o.gold_functions() == 0) return std::nullopt;
         return o.function_recall_at_10();
       }},
      {"budget_coverage_13k", [](const ConditionOutcome& o) { return o.budget_coverage_13k(); }},
      {"budget_coverage_27k", [](const ConditionOutcome& o) { return o.budget_coverage_27k(); }},
  };
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

class SummaryBuilder {
 public:
  SummaryBuilder(const GridInput& in, E04Report* report) : in_(in), report_(report) {}

  // Adds one Summary row when at least one unit is defined.
  absl::Status Add(const std::string& harness, const std::string& condition, int dose,
                   const std::string& metric, const std::vector<Unit>& units) {
    if (units.empty()) return absl::OkStatus();
    std::vector<stats::Observation> observations;
    for (const Unit& u : units) observations.push_back({u.cluster, u.value});
    stats::BootstrapConfig config;
    config.resamples = in_.resamples;
    config.seed = in_.seed;
    const stats::Estimate e = stats::ClusterBootstrapMean(observations, config);
    if (!e.defined)
      return absl::InvalidArgumentError(absl::StrCat("bootstrap of ", metric, ": no units"));
    Interval i;
    i.set_mean(e.mean);
    i.set_low(e.lo);
    i.set_high(e.hi);
    i.set_units(e.n);
    Summary* s = report_->add_summaries();
    s->set_harness(harness);
    s->set_condition(condition);
    s->set_dose(dose);
    s->set_metric(metric);
    *s->mutable_value() = i;
    return absl::OkStatus();
  }

 private:
  const GridInput& in_;
  E04Report* report_;
};

// The paired randomization test of one comparison on one metric (exact for
// up to 20 tasks; stages/stats/randomization.h), appended to the report.
absl::Status AddPairedTest(const std::string& comparison, const std::string& metric,
                           const std::vector<Unit>& units, E04Report* report) {
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
void AdjustPairedTests(E04Report* report) {
  std::vector<double> p;
  for (const PairedTest& t : report->paired_tests()) p.push_back(t.p_value());
  const std::vector<double> adjusted = stats::HolmAdjust(p);
  for (int i = 0; i < report->paired_tests_size(); ++i) {
    report->mutable_paired_tests(i)->set_p_holm(adjusted[i]);
  }
}

}  // namespace

absl::StatusOr<std::vector<ConditionOutcome>> UniqueS001(const std::vector<Cell>& cells) {
  return UniqueBy(
      cells, [](const Cell& c) -> const ConditionOutcome& { return c.s001(); }, "S001");
}

absl::StatusOr<std::vector<ConditionOutcome>> UniqueBaselines(const std::vector<Cell>& cells) {
  return UniqueBy(
      cells, [](const Cell& c) -> const ConditionOutcome& { return c.baseline(); }, "baseline");
}

absl::StatusOr<E04Report> Aggregate(const GridInput& in) {
  std::map<Key, const ConditionOutcome*> by_key;
  for (const ConditionOutcome& o : in.outcomes) {
    Key k{o.task_id(), o.harness(), o.condition(), o.dose(), DepthOf(o)};
    if (!by_key.emplace(k, &o).second) {
      return absl::InvalidArgumentError(absl::StrCat("duplicate outcome: ", KeyName(k)));
    }
  }
  auto find = [&](const Key& k) -> absl::StatusOr<const ConditionOutcome*> {
    auto it = by_key.find(k);
    if (it == by_key.end())
      return absl::InvalidArgumentError(absl::StrCat("missing outcome: ", KeyName(k)));
    return it->second;
  };

  E04Report report;
  report.set_grid(in.grid);
  report.set_tasks(static_cast<int>(in.task_ids.size()));
  for (const std::string& h : in.harnesses) report.add_harnesses(h);
  for (const auto& [a, b] : in.comparisons) {
    for (const std::string& h : {a, b}) {
      if (std::find(in.harnesses.begin(), in.harnesses.end(), h) == in.harnesses.end()) {
        return absl::InvalidArgumentError(absl::StrCat(
            "comparison ", a, "-", b, " (compare_with of ", a, "): harness ", h,
            " is not in the grid (harnesses: ", absl::StrJoin(in.harnesses, ", "), ")"));
      }
    }
    report.add_comparisons(absl::StrCat(a, "-", b));
  }
  if (in.doses.empty()) return absl::InvalidArgumentError("the grid has no S002 dose");
  for (size_t i = 0; i < in.doses.size(); ++i) {
    if (in.doses[i] < 1 || (i > 0 && in.doses[i] <= in.doses[i - 1])) {
      return absl::InvalidArgumentError(absl::StrCat(
          "S002 doses must be ascending and >= 1, found ", absl::StrJoin(in.doses, ", ")));
    }
    report.add_doses(in.doses[i]);
  }
  const int coordinates = static_cast<int>(in.doses.size());
  if (in.s001_depths.empty()) return absl::InvalidArgumentError("the grid has no S001 depth");
  for (size_t i = 0; i < in.s001_depths.size(); ++i) {
    if (in.s001_depths[i] < 1 || (i > 0 && in.s001_depths[i] <= in.s001_depths[i - 1])) {
      return absl::InvalidArgumentError(absl::StrCat(
          "S001 depths must be ascending and >= 1, found ", absl::StrJoin(in.s001_depths, ", ")));
    }
    report.add_s001_depths(in.s001_depths[i]);
  }
  const int first_depth = in.s001_depths[0];
  *report.mutable_staleness_doses() = {in.staleness_doses.begin(), in.staleness_doses.end()};
  report.set_bootstrap_resamples(in.resamples);
  report.set_bootstrap_seed(in.seed);
  *report.mutable_s001_doses() = {in.s001_doses.begin(), in.s001_doses.end()};

  // The composite cells.
  for (const std::string& task : in.task_ids) {
    for (const std::string& harness : in.harnesses) {
      absl::StatusOr<const ConditionOutcome*> base = find({task, harness, "baseline", 0, 0});
      if (!base.ok()) return base.status();
      absl::StatusOr<const ConditionOutcome*> s001 = find({task, harness, "S001", 0, first_depth});
      if (!s001.ok()) return s001.status();
      if ((*s001)->shared_key() != S001SharedKey(task, harness, first_depth)) {
        return absl::InvalidArgumentError(absl::StrCat("S001 outcome of ", task, "/", harness,
                                                       ": shared_key is '", (*s001)->shared_key(),
                                                       "'"));
      }
      absl::StatusOr<PairedOutcome> s001_paired = Pair(**base, **s001);
      if (!s001_paired.ok()) return s001_paired.status();
      for (int coordinate = 0; coordinate < coordinates; ++coordinate) {
        const int dose = in.doses[coordinate];
        absl::StatusOr<const ConditionOutcome*> s002 = find({task, harness, "S002", dose, 0});
        if (!s002.ok()) return s002.status();
        absl::StatusOr<PairedOutcome> s002_paired = Pair(**base, **s002);
        if (!s002_paired.ok()) return s002_paired.status();
        Cell* c = report.add_cells();
        c->set_cell_id(absl::StrCat(task, "/", harness, "/", coordinate));
        c->set_task_id(task);
        c->set_harness(harness);
        c->set_seed_coordinate(coordinate);
        c->set_dose(dose);
        *c->mutable_baseline() = **base;
        *c->mutable_s001() = **s001;
        *c->mutable_s002() = **s002;
        *c->mutable_s001_paired() = *s001_paired;
        *c->mutable_s002_paired() = *std::move(s002_paired);
      }
    }
  }
  const std::vector<Cell> cells(report.cells().begin(), report.cells().end());

  // De-duplicated shared outcomes: the analysis never sees the copies.
  absl::StatusOr<std::vector<ConditionOutcome>> baselines = UniqueBaselines(cells);
  if (!baselines.ok()) return baselines.status();
  absl::StatusOr<std::vector<ConditionOutcome>> s001s = UniqueS001(cells);
  if (!s001s.ok()) return s001s.status();
  report.set_s001_units(static_cast<int>(s001s->size()));
  std::map<std::string, const ConditionOutcome*> baseline_of;  // "<task>/<harness>"
  for (const ConditionOutcome& b : *baselines) baseline_of[b.task_id() + "/" + b.harness()] = &b;

  std::vector<std::string> scopes = in.harnesses;
  scopes.push_back("all");
  SummaryBuilder summary(in, &report);
  auto in_scope = [](const std::string& scope, const std::string& harness) {
    return scope == "all" || scope == harness;
  };
  // Condition metrics: baseline, S001, S002 per dose.
  struct Group {
    std::string condition;
    int dose;
    std::vector<const ConditionOutcome*> outcomes;
  };
  std::vector<Group> groups;
  groups.push_back({"baseline", 0, {}});
  for (const ConditionOutcome& o : *baselines) groups.back().outcomes.push_back(&o);
  groups.push_back({"S001", 0, {}});
  for (const ConditionOutcome& o : *s001s) groups.back().outcomes.push_back(&o);
  for (int coordinate = 0; coordinate < coordinates; ++coordinate) {
    groups.push_back({"S002", in.doses[coordinate], {}});
    for (const Cell& c : report.cells()) {
      if (c.seed_coordinate() == coordinate) groups.back().outcomes.push_back(&c.s002());
    }
  }
  // The staleness sweep: S001 at every depth (dose = depth), units per task.
  std::vector<std::vector<const ConditionOutcome*>> sweep;  // per depth, task x harness
  if (in.s001_depths.size() > 1) {
    for (int depth : in.s001_depths) {
      sweep.emplace_back();
      for (const std::string& task : in.task_ids) {
        for (const std::string& harness : in.harnesses) {
          absl::StatusOr<const ConditionOutcome*> o = find({task, harness, "S001", 0, depth});
          if (!o.ok()) return o.status();
          if ((*o)->shared_key() != S001SharedKey(task, harness, depth)) {
            return absl::InvalidArgumentError(absl::StrCat("S001 outcome of ", task, "/", harness,
                                                           " at depth ", depth, ": shared_key is '",
                                                           (*o)->shared_key(), "'"));
          }
          sweep.back().push_back(*o);
        }
      }
      groups.push_back({"S001", depth, sweep.back()});
    }
  }
  for (const Group& g : groups) {
    for (const std::string& scope : scopes) {
      for (const Metric& m : ConditionMetrics()) {
        std::vector<Unit> units;
        for (const ConditionOutcome* o : g.outcomes) {
          if (!in_scope(scope, o->harness())) continue;
          if (std::optional<double> v = m.get(*o)) units.push_back({o->task_id(), *v});
        }
        if (absl::Status s = summary.Add(scope, g.condition, g.dose, m.name, units); !s.ok())
          return s;
      }
    }
  }
  // Paired metrics: S001 from the de-duplicated units, S002 per dose.
  struct PairedGroup {
    std::string condition;
    int dose;
    std::vector<std::pair<std::string, PairedOutcome>> pairs;  // (task, paired)
    std::vector<std::string> harness;
  };
  std::vector<PairedGroup> paired_groups;
  paired_groups.push_back({"S001", 0, {}, {}});
  for (const ConditionOutcome& o : *s001s) {
    absl::StatusOr<PairedOutcome> p = Pair(*baseline_of.at(o.task_id() + "/" + o.harness()), o);
    if (!p.ok()) return p.status();
    paired_groups.back().pairs.emplace_back(o.task_id(), *p);
    paired_groups.back().harness.push_back(o.harness());
  }
  for (int coordinate = 0; coordinate < coordinates; ++coordinate) {
    paired_groups.push_back({"S002", in.doses[coordinate], {}, {}});
    for (const Cell& c : report.cells()) {
      if (c.seed_coordinate() != coordinate) continue;
      paired_groups.back().pairs.emplace_back(c.task_id(), c.s002_paired());
      paired_groups.back().harness.push_back(c.harness());
    }
  }
  for (size_t i = 0; i < sweep.size(); ++i) {
    paired_groups.push_back({"S001", in.s001_depths[i], {}, {}});
    for (const ConditionOutcome* o : sweep[i]) {
      absl::StatusOr<PairedOutcome> p =
          Pair(*baseline_of.at(o->task_id() + "/" + o->harness()), *o);
      if (!p.ok()) return p.status();
      paired_groups.back().pairs.emplace_back(o->task_id(), *p);
      paired_groups.back().harness.push_back(o->harness());
    }
  }
  for (const PairedGroup& g : paired_groups) {
    for (const std::string& scope : scopes) {
      for (const PairedMetric& m : PairedMetrics()) {
        if (m.s002_only && g.condition != "S002") continue;
        std::vector<Unit> units;
        for (size_t i = 0; i < g.pairs.size(); ++i) {
          if (!in_scope(scope, g.harness[i])) continue;
          if (std::optional<double> v = m.get(g.pairs[i].second)) {
            units.push_back({g.pairs[i].first, *v});
          }
        }
        if (absl::Status s = summary.Add(scope, g.condition, g.dose, m.name, units); !s.ok())
          return s;
      }
    }
  }
  // Harness vs harness, paired by task on the baseline: bootstrap interval
  // and randomization test of each, Holm over the whole table.
  for (const auto& [a, b] : in.comparisons) {
    for (const char* metric : {"recall_at_10", "mrr"}) {
      std::vector<Unit> units;
      for (const std::string& task : in.task_ids) {
        auto ia = baseline_of.find(task + "/" + a);
        auto ib = baseline_of.find(task + "/" + b);
        if (ia == baseline_of.end() || ib == baseline_of.end()) continue;
        const bool recall = std::string(metric) == "recall_at_10";
        units.push_back({task, recall ? ia->second->recall_at_10() - ib->second->recall_at_10()
                                      : ia->second->mrr() - ib->second->mrr()});
      }
      const std::string comparison = absl::StrCat(a, "-", b);
      if (absl::Status s = summary.Add(comparison, "baseline", 0, metric, units); !s.ok()) return s;
      if (absl::Status s = AddPairedTest(comparison, metric, units, &report); !s.ok()) return s;
    }
  }
  AdjustPairedTests(&report);
  return report;
}

}  // namespace repro::e04
