#include "stages/grid/reports/svg_plot.h"

#include <algorithm>
#include <cmath>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "stages/framework/report/svg.h"

namespace repro::grid {
namespace {

using report::SvgInline;
using report::SvgTag;
using report::SvgText;
using report::XmlEscape;

constexpr double kWidth = 720, kHeight = 420;
constexpr double kLeft = 70, kRight = 150, kTop = 40, kBottom = 60;

// Every coordinate with one decimal.
std::string F(double x) { return report::SvgNumber(x, 1); }

std::string Header(const std::string& title, const std::string& y_label) {
  return absl::StrCat(
      report::SvgOpen(kWidth, kHeight, 1, {{"font-size", "12"}}),
      SvgText({{"x", F(kWidth / 2)}, {"y", "22"}, {"text-anchor", "middle"}, {"font-size", "15"}},
              title),
      SvgText({{"transform",
                absl::StrCat("translate(18,", F((kTop + kHeight - kBottom) / 2), ") rotate(-90)")},
               {"text-anchor", "middle"}},
              y_label));
}

// A horizontal line across the plot at height y.
std::string Rule(double y, const char* stroke) {
  return SvgTag("line", {{"x1", F(kLeft)},
                         {"y1", F(y)},
                         {"x2", F(kWidth - kRight)},
                         {"y2", F(y)},
                         {"stroke", stroke}});
}

// A y-axis tick label at height y.
std::string TickLabel(double y, const std::string& label) {
  return SvgText({{"x", F(kLeft - 6)}, {"y", F(y + 4)}, {"text-anchor", "end"}}, label);
}

double X(size_t i, size_t n) {
  const double plot = kWidth - kLeft - kRight;
  return kLeft + plot * (static_cast<double>(i) + 0.5) / static_cast<double>(n);
}

std::string XAxis(const std::vector<std::string>& categories) {
  std::string out = Rule(kHeight - kBottom, "black");
  // Two lines per label (split at the first space), so long labels never overlap.
  for (size_t i = 0; i < categories.size(); ++i) {
    const std::string& label = categories[i];
    const size_t space = label.find(' ');
    const std::string x = F(X(i, categories.size()));
    std::string inner = XmlEscape(label.substr(0, space));
    if (space != std::string::npos) {
      absl::StrAppend(
          &inner, SvgInline("tspan", {{"x", x}, {"dy", "15"}}, XmlEscape(label.substr(space + 1))));
    }
    absl::StrAppend(
        &out,
        SvgTag("text", {{"x", x}, {"y", F(kHeight - kBottom + 18)}, {"text-anchor", "middle"}},
               inner));
  }
  return out;
}

// Entry `index` of the legend right of the plot: `label` in `color`.
std::string LegendEntry(size_t index, const std::string& label, const char* color) {
  return SvgText(
      {{"x", F(kWidth - kRight + 12)}, {"y", F(kTop + 18 * (index + 1))}, {"fill", color}}, label);
}

std::string Circle(double cx, double cy, const char* r, const char* color) {
  return SvgTag("circle", {{"cx", F(cx)}, {"cy", F(cy)}, {"r", r}, {"fill", color}});
}

// The share grid's layout: a label column, then columns of a grey track
// kShareTrack wide each; a row is kShareRow high, a header line kShareLine.
constexpr double kShareLabel = 160, kShareColumn = 104, kShareTrack = 86;
constexpr double kShareRow = 36, kShareLine = 13, kShareHeaderTop = 46;

// The column headers, one line per string, from kShareHeaderTop down.
std::string ShareHeaders(const std::vector<std::vector<std::string>>& columns) {
  std::string out;
  for (size_t c = 0; c < columns.size(); ++c) {
    for (size_t l = 0; l < columns[c].size(); ++l) {
      absl::StrAppend(&out, SvgText({{"x", F(kShareLabel + kShareColumn * c)},
                                     {"y", F(kShareHeaderTop + kShareLine * l)},
                                     {"font-size", "11"}},
                                    columns[c][l]));
    }
  }
  return out;
}

// One bar at (x, y), the top left of its track, in a group with its hover
// text.
std::string ShareBarSvg(const ShareBar& b, const char* color, double x, double y) {
  if (!b.present) {
    return SvgText({{"x", F(x)}, {"y", F(y + 9)}, {"fill", "#999999"}, {"font-size", "11"}}, "n/a");
  }
  auto at = [&](double v) { return x + kShareTrack * std::clamp(v, 0.0, 1.0); };
  const std::string whisker = absl::StrCat("M", F(at(b.low)), " ", F(y + 2), " V", F(y + 8), " M",
                                           F(at(b.low)), " ", F(y + 5), " H", F(at(b.high)), " M",
                                           F(at(b.high)), " ", F(y + 2), " V", F(y + 8));
  return SvgTag(
      "g", {},
      absl::StrCat(
          b.title.empty() ? "" : SvgTag("title", {}, XmlEscape(b.title)),
          SvgTag("rect", {{"x", F(x)},
                          {"y", F(y)},
                          {"width", F(kShareTrack)},
                          {"height", "10"},
                          {"fill", "#eeeeee"}}),
          SvgTag("rect", {{"x", F(x)},
                          {"y", F(y)},
                          {"width", F(at(b.mean) - x)},
                          {"height", "10"},
                          {"fill", color}}),
          SvgTag("path", {{"d", whisker}, {"fill", "none"}, {"stroke", "#222222"}}),
          SvgText({{"x", F(x)}, {"y", F(y + 22)}, {"font-size", "11"}}, PercentText(b.mean))));
}

}  // namespace

std::string LinePlotSvg(const std::string& title, const std::string& y_label,
                        const std::vector<std::string>& categories,
                        const std::vector<Series>& series, double y_min, double y_max) {
  const double plot_h = kHeight - kTop - kBottom;
  auto y = [&](double v) {
    v = std::clamp(v, y_min, y_max);
    return kHeight - kBottom - plot_h * (v - y_min) / (y_max - y_min);
  };
  std::string out = Header(title, y_label);
  for (int t = 0; t <= 4; ++t) {
    const double v = y_min + (y_max - y_min) * t / 4.0;
    absl::StrAppend(&out, Rule(y(v), "#dddddd"), TickLabel(y(v), absl::StrFormat("%.2f", v)));
  }
  absl::StrAppend(&out, XAxis(categories));
  for (size_t s = 0; s < series.size(); ++s) {
    const char* color = kSeriesColors[s % 6];
    const double offset = (static_cast<double>(s) - (series.size() - 1) / 2.0) * 6;
    std::string path;
    for (size_t i = 0; i < series[s].points.size() && i < categories.size(); ++i) {
      const SeriesPoint& p = series[s].points[i];
      if (!p.present) continue;
      const double x = X(i, categories.size()) + offset;
      absl::StrAppend(&path, path.empty() ? "M" : " L", F(x), " ", F(y(p.mean)));
      absl::StrAppend(&out,
                      SvgTag("line", {{"x1", F(x)},
                                      {"y1", F(y(p.low))},
                                      {"x2", F(x)},
                                      {"y2", F(y(p.high))},
                                      {"stroke", color}}),
                      Circle(x, y(p.mean), "3.5", color));
    }
    absl::StrAppend(&out, SvgTag("path", {{"d", path}, {"fill", "none"}, {"stroke", color}}),
                    LegendEntry(s, series[s].name, color));
  }
  absl::StrAppend(&out, report::SvgClose());
  return out;
}

std::string StripPlotSvg(const std::string& title, const std::string& y_label,
                         const std::vector<Strip>& strips,
                         const std::vector<std::pair<std::string, const char*>>& legend) {
  const double plot_h = kHeight - kTop - kBottom;
  const double limit = std::log10(1 + 200.0);
  auto y = [&](double v) {
    const double t = (v < 0 ? -1 : 1) * std::log10(1 + std::fabs(v));
    return kTop + plot_h / 2 - (plot_h / 2) * std::clamp(t / limit, -1.0, 1.0);
  };
  std::string out = Header(title, y_label);
  for (double v : {-200.0, -20.0, -2.0, 0.0, 2.0, 20.0, 200.0}) {
    absl::StrAppend(&out, Rule(y(v), v == 0 ? "#999999" : "#dddddd"),
                    TickLabel(y(v), absl::StrFormat("%+.0f", v)));
  }
  std::vector<std::string> labels;
  for (const Strip& s : strips) labels.push_back(s.label);
  absl::StrAppend(&out, XAxis(labels));
  for (size_t i = 0; i < strips.size(); ++i) {
    const char* color = strips[i].color;
    const size_t n = strips[i].values.size();
    for (size_t j = 0; j < n; ++j) {
      // Deterministic horizontal spread by unit index.
      const double dx = n > 1 ? (static_cast<double>(j) / (n - 1) - 0.5) * 24 : 0;
      absl::StrAppend(&out, SvgTag("circle", {{"cx", F(X(i, strips.size()) + dx)},
                                              {"cy", F(y(strips[i].values[j]))},
                                              {"r", "3"},
                                              {"fill", color},
                                              {"fill-opacity", "0.7"}}));
    }
  }
  for (size_t k = 0; k < legend.size(); ++k) {
    absl::StrAppend(&out, LegendEntry(k, legend[k].first, legend[k].second));
  }
  absl::StrAppend(&out, report::SvgClose());
  return out;
}

std::string PercentText(double share) {
  const std::string out = absl::StrFormat("%.1f%%", 100 * share);
  return out == "-0.0%" ? "0.0%" : out;
}

std::string ShareGridSvg(const std::string& title,
                         const std::vector<std::vector<std::string>>& columns,
                         const std::vector<ShareRow>& rows, const std::string& footer) {
  size_t lines = 1;
  for (const std::vector<std::string>& c : columns) lines = std::max(lines, c.size());
  const double top = kShareHeaderTop + kShareLine * lines;
  const double bottom = top + kShareRow * rows.size();
  const double width = kShareLabel + kShareColumn * columns.size() + 8;
  const double height = bottom + (footer.empty() ? 8 : 26);
  std::string out = absl::StrCat(report::SvgOpen(width, height, 1, {{"font-size", "12"}}),
                                 SvgText({{"x", "10"}, {"y", "22"}, {"font-size", "15"}}, title),
                                 ShareHeaders(columns));
  for (size_t r = 0; r < rows.size(); ++r) {
    const double y = top + kShareRow * r;
    absl::StrAppend(
        &out, SvgText({{"x", "10"}, {"y", F(y + 10)}, {"fill", rows[r].color}}, rows[r].name),
        SvgText({{"x", "10"}, {"y", F(y + 24)}, {"fill", "#555555"}, {"font-size", "11"}},
                rows[r].note));
    for (size_t c = 0; c < rows[r].bars.size() && c < columns.size(); ++c) {
      absl::StrAppend(
          &out, ShareBarSvg(rows[r].bars[c], rows[r].color, kShareLabel + kShareColumn * c, y));
    }
  }
  if (!footer.empty()) {
    absl::StrAppend(&out, SvgText({{"x", "10"}, {"y", F(bottom + 14)}}, footer));
  }
  absl::StrAppend(&out, report::SvgClose());
  return out;
}

}  // namespace repro::grid
