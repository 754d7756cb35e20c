#include "stages/studies/judge/plots.h"

#include <algorithm>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "stages/framework/report/svg.h"

namespace repro::judge {
namespace {

using report::PlotFrame;
using report::SvgAttributes;
using report::SvgTag;

constexpr double kLeft = 70, kTop = 40, kPlotW = 460;

std::string F(double v) { return report::SvgNumber(v, 2); }

std::string Text(double x, double y, const std::string& s, const std::string& anchor, int size = 12,
                 const SvgAttributes& extra = {}) {
  SvgAttributes a = {
      {"x", F(x)}, {"y", F(y)}, {"font-size", absl::StrCat(size)}, {"text-anchor", anchor}};
  a.insert(a.end(), extra.begin(), extra.end());
  return report::SvgText(a, s);
}

std::string Line(double x1, double y1, double x2, double y2, const std::string& stroke,
                 const SvgAttributes& extra = {}) {
  SvgAttributes a = {
      {"x1", F(x1)}, {"y1", F(y1)}, {"x2", F(x2)}, {"y2", F(y2)}, {"stroke", stroke}};
  a.insert(a.end(), extra.begin(), extra.end());
  return SvgTag("line", a);
}

std::string Circle(double cx, double cy, const std::string& r, const std::string& fill) {
  return SvgTag("circle", {{"cx", F(cx)}, {"cy", F(cy)}, {"r", r}, {"fill", fill}});
}

// "x,y " per point, in data coordinates mapped by `f`.
template <typename It>
std::string Points(const PlotFrame& f, It begin, It end) {
  std::string pts;
  for (It it = begin; it != end; ++it) {
    absl::StrAppend(&pts, F(f.X(it->first)), ",", F(f.Y(it->second)), " ");
  }
  return pts;
}

std::string XAxis(const PlotFrame& f, const std::string& label, bool grid) {
  std::string s;
  for (int i = 0; i <= 4; ++i) {
    const double v = f.x_min + (f.x_max - f.x_min) * i / 4;
    const double x = f.X(v);
    if (grid) s += Line(x, f.top, x, f.top + f.height, "#e5e5e5");
    s += Text(x, f.top + f.height + 16, absl::StrFormat("%g", v), "middle", 11);
  }
  s += Line(f.left, f.top + f.height, f.left + f.width, f.top + f.height, "black");
  s += Text(f.left + f.width / 2, f.top + f.height + 34, label, "middle");
  return s;
}

std::string YAxis(const PlotFrame& f, const std::string& label) {
  std::string s;
  for (int i = 0; i <= 4; ++i) {
    const double v = f.y_min + (f.y_max - f.y_min) * i / 4;
    const double y = f.Y(v);
    s += Line(f.left, y, f.left + f.width, y, "#e5e5e5");
    s += Text(f.left - 6, y + 4, absl::StrFormat("%g", v), "end", 11);
  }
  s += Line(f.left, f.top, f.left, f.top + f.height, "black");
  s += Text(16, f.top + f.height / 2, label, "middle", 12,
            {{"transform", absl::StrCat("rotate(-90 16 ", F(f.top + f.height / 2), ")")}});
  return s;
}

std::string Title(double x, const std::string& title) {
  return Text(x, 22, title, "middle", 14, {{"font-weight", "bold"}});
}

// The band and its legend entry at `*ly`.
std::string BandShape(const PlotFrame& f, const Band& band, double* ly) {
  std::string s =
      SvgTag("polygon", {{"points", Points(f, band.upper.begin(), band.upper.end()) +
                                        Points(f, band.lower.rbegin(), band.lower.rend())},
                         {"fill", "#cccccc"},
                         {"fill-opacity", "0.5"},
                         {"stroke", "#999999"}});
  s += SvgTag("rect", {{"x", F(kLeft)},
                       {"y", F(*ly - 10)},
                       {"width", "14"},
                       {"height", "10"},
                       {"fill", "#cccccc"},
                       {"stroke", "#999999"}});
  s += Text(kLeft + 20, *ly, band.label, "start", 11);
  *ly += 18;
  return s;
}

// One series (line, markers) and its legend entry at `*ly`.
std::string SeriesShape(const PlotFrame& f, const Series& se, double* ly) {
  SvgAttributes line = {{"points", Points(f, se.points.begin(), se.points.end())},
                        {"fill", "none"},
                        {"stroke", se.color},
                        {"stroke-width", "1.5"}};
  if (se.dashed) line.push_back({"stroke-dasharray", "5,3"});
  std::string s = SvgTag("polyline", line);
  if (se.markers) {
    for (const auto& [x, y] : se.points) s += Circle(f.X(x), f.Y(y), "2.5", se.color);
  }
  s += Line(kLeft, *ly - 4, kLeft + 14, *ly - 4, se.color, {{"stroke-width", "2"}});
  s += Text(kLeft + 20, *ly, se.label, "start", 11);
  *ly += 18;
  return s;
}

// One estimate row of an interval plot.
std::string IntervalShape(const PlotFrame& f, const IntervalRow& r, double y, double label_w) {
  std::string s = Text(label_w - 8, y + 4, r.label, "end", 11);
  if (r.background) {
    const double x0 = f.X(r.background->first), x1 = f.X(r.background->second);
    s += SvgTag("rect", {{"x", F(x0)},
                         {"y", F(y - 6)},
                         {"width", F(std::max(1.0, x1 - x0))},
                         {"height", "12"},
                         {"fill", "#dddddd"}});
  }
  s += Line(f.X(r.lo), y, f.X(r.hi), y, "#1f77b4", {{"stroke-width", "2"}});
  s += Circle(f.X(r.mean), y, "3.5", "#1f77b4");
  if (r.tick)
    s += Line(f.X(*r.tick), y - 7, f.X(*r.tick), y + 7, "#d62728", {{"stroke-width", "2"}});
  return s;
}

}  // namespace

std::string LinePlot(const Axes& a, const std::vector<Series>& series,
                     const std::optional<Band>& band) {
  const double height = 300;
  const double legend_h = 18.0 * (series.size() + (band ? 1 : 0));
  const PlotFrame f{a.x_min, a.x_max, a.y_min, a.y_max, kLeft, kTop, kPlotW, height};
  std::string s = report::SvgOpen(kLeft + kPlotW + 30, kTop + height + 50 + legend_h, 2);
  s += Title(kLeft + kPlotW / 2, a.title);
  s += YAxis(f, a.y_label);
  s += XAxis(f, a.x_label, true);
  double ly = kTop + height + 50;
  if (band) s += BandShape(f, *band, &ly);
  for (const Series& se : series) s += SeriesShape(f, se, &ly);
  s += report::SvgClose();
  return s;
}

std::string IntervalPlot(const Axes& a, const std::vector<IntervalRow>& rows,
                         const std::string& background_label, const std::string& tick_label) {
  const double label_w = 300, row_h = 20;
  const double height = row_h * rows.size() + 10;
  const PlotFrame f{a.x_min, a.x_max, 0, 1, label_w, kTop, kPlotW, height};
  std::string s = report::SvgOpen(label_w + kPlotW + 30, kTop + height + 96, 2);
  s += Title((label_w + kPlotW) / 2, a.title);
  s += XAxis(f, a.x_label, true);
  for (size_t i = 0; i < rows.size(); ++i) {
    s += IntervalShape(f, rows[i], kTop + 15 + row_h * i, label_w);
  }
  double ly = kTop + height + 56;
  s += Circle(label_w + 7, ly - 4, "3.5", "#1f77b4");
  s += Text(label_w + 16, ly, "mean with 95% task-bootstrap interval", "start", 11);
  if (!background_label.empty()) {
    ly += 16;
    s += SvgTag("rect", {{"x", F(label_w)},
                         {"y", F(ly - 10)},
                         {"width", "14"},
                         {"height", "10"},
                         {"fill", "#dddddd"}});
    s += Text(label_w + 16, ly, background_label, "start", 11);
  }
  if (!tick_label.empty()) {
    ly += 16;
    s += Line(label_w + 7, ly - 10, label_w + 7, ly + 2, "#d62728", {{"stroke-width", "2"}});
    s += Text(label_w + 16, ly, tick_label, "start", 11);
  }
  s += report::SvgClose();
  return s;
}

}  // namespace repro::judge
