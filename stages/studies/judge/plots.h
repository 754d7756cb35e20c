// The judge report's SVG plots, drawn with the report toolkit's primitives
// (stages/framework/report/svg.h): the same inputs give the same bytes. Coordinates are
// printed with two decimals; text is XML-escaped; no timestamps, ids or fonts
// beyond the generic "sans-serif".
//
// LinePlot: x/y axes over fixed ranges with 5 ticks each, one polyline (and
// optional markers) per series, an optional shaded band between two curves
// (e.g. an identification envelope), and a legend.
// IntervalPlot ("forest plot"): one row per estimate with a horizontal 95%
// interval, a dot at the mean, an optional grey bar behind it (e.g. the
// identification range) and an optional tick (e.g. a baseline).
#ifndef REPRO_STAGES_STUDIES_JUDGE_PLOTS_H_
#define REPRO_STAGES_STUDIES_JUDGE_PLOTS_H_

#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace repro::judge {

struct Series {
  std::string label;
  std::string color;  // e.g. "#1f77b4"
  std::vector<std::pair<double, double>> points;
  bool markers = true;
  bool dashed = false;
};

struct Band {
  std::string label;
  std::vector<std::pair<double, double>> lower;  // sorted by x
  std::vector<std::pair<double, double>> upper;  // sorted by x
};

struct Axes {
  std::string title;
  std::string x_label;
  std::string y_label;
  double x_min = 0, x_max = 1, y_min = 0, y_max = 1;
};

std::string LinePlot(const Axes& axes, const std::vector<Series>& series,
                     const std::optional<Band>& band);

struct IntervalRow {
  std::string label;
  double mean = 0, lo = 0, hi = 0;
  std::optional<std::pair<double, double>> background;  // grey bar [a, b]
  std::optional<double> tick;                           // e.g. baseline
};

std::string IntervalPlot(const Axes& axes, const std::vector<IntervalRow>& rows,
                         const std::string& background_label, const std::string& tick_label);

}  // namespace repro::judge

#endif  // REPRO_STAGES_STUDIES_JUDGE_PLOTS_H_
