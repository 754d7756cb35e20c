#include "stages/studies/judge/internal/report_plots.h"

#include <algorithm>
#include <optional>
#include <utility>
#include <vector>

#include "absl/strings/str_cat.h"
#include "stages/studies/judge/internal/report_text.h"
#include "stages/studies/judge/plots.h"
#include "stages/studies/judge/summarize.h"

namespace repro::judge::internal {
namespace {

// 1. Top-1 per data set and judge, with the identification range and the
// random-pick baseline; 2. best retained in the first k.
void EmpiricalPlots(const JudgeMeasurements& measurements, const std::vector<std::string>& colors,
                    std::map<std::string, std::string>* svgs) {
  std::vector<IntervalRow> rows;
  std::vector<Series> series;
  for (const DatasetMeasurements& ds : measurements.datasets()) {
    for (const JudgeSummary& j : ds.judges()) {
      const Estimates& m = j.all().metrics();
      const MetricEstimate* top1 = Defined(m, "top1");
      if (top1 == nullptr) continue;
      IntervalRow r;
      r.label = absl::StrCat(ds.dataset(), " / ", j.judge_id());
      r.mean = top1->mean();
      r.lo = top1->lo();
      r.hi = top1->hi();
      if (j.bounds_size() > 0 && j.bounds(0).has_min()) {
        r.background = std::make_pair(j.bounds(0).min(), j.bounds(0).max());
      }
      if (const MetricEstimate* random = FindEstimate(m, "random_top1")) r.tick = random->mean();
      rows.push_back(r);
      std::vector<std::pair<double, double>> pts = {{1, top1->mean()}};
      for (int k : {2, 3, 5}) {
        const MetricEstimate* e = Defined(m, absl::StrCat("best_in_top_", k));
        if (e != nullptr) pts.push_back({double(k), e->mean()});
      }
      series.push_back({r.label, colors[series.size() % colors.size()], pts, true, false});
    }
  }
  (*svgs)["judge_top1.svg"] = IntervalPlot(
      Axes{"Top-1: empirical mean with 95% task-bootstrap interval",
           "top-1 (share of tasks whose first pick is a true best)", "", 0, 1, 0, 1},
      rows, "range allowed by the same mean pairwise accuracy", "uniformly random pick");
  (*svgs)["judge_topk.svg"] =
      LinePlot(Axes{"Best candidate retained in the judge's first k (empirical)", "k",
                    "P(a true best is among the first k)", 1, 5, 0, 1},
               series, std::nullopt);
}

// 3. Scenarios at n = 8 with the exact envelope.
void ScenarioPlot(const BoundsTables& bounds, const ScenarioGrid& scenarios,
                  const std::vector<std::string>& colors,
                  std::map<std::string, std::string>* svgs) {
  std::vector<Series> sc;
  size_t ci = 0;
  for (const std::string fam :
       {"mallows", "plackett_luce_geometric", "plackett_luce_clear_winner"}) {
    Series s{absl::StrCat(fam, " (model-conditioned)"), colors[ci++], {}, true, true};
    for (const ScenarioResult& p : scenarios.points()) {
      if (p.n() == 8 && p.family() == fam) s.points.push_back({p.pairwise_accuracy(), p.top1()});
    }
    std::sort(s.points.begin(), s.points.end());
    sc.push_back(s);
  }
  std::optional<Band> band;
  for (const BoundsTable& t : bounds.tables()) {
    if (t.n() != 8) continue;
    Band b{"exact range of mean top-1 at that mean accuracy (n = 8)", {}, {}};
    for (const EnvelopePoint& e : t.top1_envelope()) {
      b.lower.push_back({e.accuracy(), e.min()});
      b.upper.push_back({e.accuracy(), e.max()});
    }
    band = b;
  }
  (*svgs)["judge_scenarios.svg"] =
      LinePlot(Axes{"SCENARIOS (synthetic): top-1 vs pairwise accuracy, n = 8",
                    "listwise-implied pairwise accuracy", "top-1", 0, 1, 0, 1},
               sc, band);
}

}  // namespace

std::map<std::string, std::string> RenderPlots(const JudgeMeasurements& measurements,
                                               const BoundsTables& bounds,
                                               const ScenarioGrid& scenarios) {
  std::map<std::string, std::string> svgs;
  const std::vector<std::string> colors = {"#1f77b4", "#ff7f0e", "#2ca02c", "#d62728",
                                           "#9467bd", "#8c564b", "#e377c2", "#7f7f7f"};
  EmpiricalPlots(measurements, colors, &svgs);
  ScenarioPlot(bounds, scenarios, colors, &svgs);
  return svgs;
}

}  // namespace repro::judge::internal
