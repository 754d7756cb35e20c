// Minimal deterministic SVG plots for the grid report: a categorical line plot
// with interval bars (dose-response) and a strip plot on a symmetric log scale
// (rank displacement), drawn with the primitives of stages/framework/report/svg.h.
// Coordinates are printed with one decimal, so equal data give equal bytes.
//
// Colours mean one thing across every plot of a report (report.md's and
// report.html's): series s of a line plot (a harness, by its index among the
// experiment's harnesses, or "all" after them) is kSeriesColors[s % 6]; a
// perturbation is its condition's colour, kStaleColor (S001) or
// kDistractorColor (S002), which no series uses.
#ifndef REPRO_STAGES_GRID_REPORTS_SVG_PLOT_H_
#define REPRO_STAGES_GRID_REPORTS_SVG_PLOT_H_

#include <string>
#include <utility>
#include <vector>

namespace repro::grid {

inline constexpr const char* kSeriesColors[] = {"#1b6ca8", "#d1495b", "#2e933c",
                                                "#8f5bb0", "#e09f3e", "#555555"};
inline constexpr char kStaleColor[] = "#17a2b8";
inline constexpr char kDistractorColor[] = "#8c564b";

struct SeriesPoint {
  double mean = 0, low = 0, high = 0;
  bool present = false;
};

struct Series {
  std::string name;
  std::vector<SeriesPoint> points;  // one per category
};

// Lines over categories (x labels), each point with its interval bar;
// y spans [y_min, y_max].
std::string LinePlotSvg(const std::string& title, const std::string& y_label,
                        const std::vector<std::string>& categories,
                        const std::vector<Series>& series, double y_min, double y_max);

struct Strip {
  std::string label;           // x category
  std::vector<double> values;  // one dot each
  const char* color;           // of its dots: the condition's
};

// Dots per category on y = sign(v) * log10(1 + |v|), labelled in raw units,
// each strip in its colour, with a legend of the colours (`legend`: label,
// colour).
std::string StripPlotSvg(const std::string& title, const std::string& y_label,
                         const std::vector<Strip>& strips,
                         const std::vector<std::pair<std::string, const char*>>& legend);

}  // namespace repro::grid

#endif  // REPRO_STAGES_GRID_REPORTS_SVG_PLOT_H_
