// Minimal deterministic SVG plots for the grid report: a categorical line plot
// with interval bars (dose-response), a strip plot on a symmetric log scale
// (rank displacement) and a grid of share bars (the packing funnel), drawn
// with the primitives of stages/framework/report/svg.h.
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

// A share as a percentage with one decimal: 0.625 is "62.5%".
std::string PercentText(double share);

// One bar of a share grid: a share in [0, 1] with its interval.
struct ShareBar {
  double mean = 0, low = 0, high = 0;
  bool present = false;  // absent: "n/a" in grey, no bar
  std::string title;     // the bar's hover text (<title>); none when empty
};

// One row of a share grid: a label of two lines and one bar per column.
struct ShareRow {
  std::string name;  // the label's first line (a harness)
  std::string note;  // its second line, in grey ("of 8 gold functions")
  const char* color = kSeriesColors[0];
  std::vector<ShareBar> bars;  // one per column
};

// A grid of horizontal bars on [0, 1]: one row per ShareRow, its label at
// the left in its colour; one column per entry of `columns` (its header:
// one line per string); each present bar drawn in the row's colour from 0
// to its mean on a grey track of the full share, its interval as a whisker
// from low to high (both clamped to [0, 1]) and its mean as PercentText
// under it; `footer` is a line of text under the rows (none when empty).
// The width follows the column count, the height the rows and the header's
// lines.
std::string ShareGridSvg(const std::string& title,
                         const std::vector<std::vector<std::string>>& columns,
                         const std::vector<ShareRow>& rows, const std::string& footer);

}  // namespace repro::grid

#endif  // REPRO_STAGES_GRID_REPORTS_SVG_PLOT_H_
