#include "stages/grid/reports/report_plots.h"

#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"
#include "stages/grid/aggregate/aggregate.h"
#include "stages/grid/reports/svg_plot.h"

namespace repro::grid {

std::string DoseResponseSvg(const GridReport& r, const Summaries& s, const Names& n) {
  std::vector<Series> series;
  for (const std::string& h : r.harnesses()) {
    Series line{h, {}};
    auto add = [&](const Summary* row) {
      SeriesPoint p;
      if (row != nullptr) p = {row->value().mean(), row->value().low(), row->value().high(), true};
      line.points.push_back(p);
    };
    add(s.Get(h, n.baseline, 0, "mrr"));
    for (int d : r.doses()) add(s.Get(h, n.distractors, d, "mrr"));
    series.push_back(line);
  }
  std::vector<std::string> categories = {absl::StrCat(n.baseline, " (0)")};
  for (int d : r.doses()) categories.push_back(absl::StrCat(n.distractors, " dose ", d));
  return LinePlotSvg(absl::StrCat(r.grid(), ": MRR by distractor dose, 95% task-bootstrap"),
                     "mean MRR", categories, series, 0.0, 1.0);
}

std::string StalenessSvg(const GridReport& r, const Summaries& s, const Names& n) {
  std::vector<Series> series;
  std::vector<std::string> scopes(r.harnesses().begin(), r.harnesses().end());
  scopes.push_back("all");
  for (const std::string& h : scopes) {
    Series line{h, {}};
    for (int k : r.s001_depths()) {
      SeriesPoint p;
      if (const Summary* row = s.Get(h, n.stale, k, "delta_mrr")) {
        p = {row->value().mean(), row->value().low(), row->value().high(), true};
      }
      line.points.push_back(p);
    }
    series.push_back(line);
  }
  std::vector<std::string> categories;
  for (int k : r.s001_depths()) categories.push_back(absl::StrCat("base~", k));
  return LinePlotSvg(
      absl::StrCat(r.grid(), ": ", n.stale, " delta MRR by staleness depth, 95% task-bootstrap"),
      "delta MRR (stale - baseline)", categories, series, -1.0, 1.0);
}

std::string RankDisplacementSvg(const GridReport& r, const Names& n) {
  absl::StatusOr<std::vector<ConditionOutcome>> s001 =
      UniqueS001({r.cells().begin(), r.cells().end()});
  std::vector<Strip> strips;
  for (const std::string& h : r.harnesses()) {
    Strip st{absl::StrCat(h, " ", n.stale), {}, kStaleColor};
    for (const Cell& c : r.cells()) {
      if (c.harness() == h && c.seed_coordinate() == 0) {
        st.values.push_back(c.s001_paired().rank_delta_censored());
      }
    }
    strips.push_back(st);
    Strip s10{absl::StrCat(h, " ", n.distractors, " d", r.doses(r.doses_size() - 1)),
              {},
              kDistractorColor};
    for (const Cell& c : r.cells()) {
      if (c.harness() == h && c.seed_coordinate() == r.doses_size() - 1) {
        s10.values.push_back(c.s002_paired().rank_delta_censored());
      }
    }
    strips.push_back(s10);
  }
  return StripPlotSvg(absl::StrCat(r.grid(), ": first-gold rank displacement, ", n.stale, " and ",
                                   n.distractors, " at dose ", r.doses(r.doses_size() - 1)),
                      "rank delta, perturbed - baseline (symmetric log scale)", strips,
                      {{n.stale, kStaleColor}, {n.distractors, kDistractorColor}});
}

}  // namespace repro::grid
