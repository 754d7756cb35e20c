// Minimal deterministic SVG plots for the E04 report: a categorical line plot
// with interval bars (dose-response) and a strip plot on a symmetric log scale
// (rank displacement), drawn with the primitives of stages/framework/report/svg.h.
// Coordinates are printed with one decimal, so equal data give equal bytes.
#ifndef REPRO_STAGES_GRID_SVG_PLOT_H_
#define REPRO_STAGES_GRID_SVG_PLOT_H_

#include <string>
#include <vector>

namespace repro::grid {

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
};

// Dots per category on y = sign(v) * log10(1 + |v|), labelled in raw units.
std::string StripPlotSvg(const std::string& title, const std::string& y_label,
                         const std::vector<Strip>& strips);

}  // namespace repro::grid

#endif  // REPRO_STAGES_GRID_SVG_PLOT_H_
