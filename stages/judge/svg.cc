#include "stages/judge/svg.h"

#include <algorithm>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"

namespace repro::judge {
namespace {

constexpr double kLeft = 70, kTop = 40, kPlotW = 460;

std::string F(double v) { return absl::StrFormat("%.2f", v); }

struct Frame {
  double x_min, x_max, y_min, y_max, left, top, width, height;
  double X(double x) const { return left + (x - x_min) / (x_max - x_min) * width; }
  double Y(double y) const { return top + height - (y - y_min) / (y_max - y_min) * height; }
};

std::string Text(double x, double y, const std::string& s, const std::string& anchor, int size = 12,
                 const std::string& extra = "") {
  return absl::StrCat("<text x=\"", F(x), "\" y=\"", F(y), "\" font-size=\"", size,
                      "\" text-anchor=\"", anchor, "\"", extra, ">", XmlEscape(s), "</text>\n");
}

std::string Header(double w, double h) {
  return absl::StrCat("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"", F(w), "\" height=\"",
                      F(h), "\" viewBox=\"0 0 ", F(w), " ", F(h),
                      "\" font-family=\"sans-serif\">\n<rect width=\"100%\" height=\"100%\" "
                      "fill=\"white\"/>\n");
}

std::string XAxis(const Frame& f, const std::string& label, bool grid) {
  std::string s;
  for (int i = 0; i <= 4; ++i) {
    const double v = f.x_min + (f.x_max - f.x_min) * i / 4;
    const double x = f.X(v);
    if (grid) {
      s += absl::StrCat("<line x1=\"", F(x), "\" y1=\"", F(f.top), "\" x2=\"", F(x), "\" y2=\"",
                        F(f.top + f.height), "\" stroke=\"#e5e5e5\"/>\n");
    }
    s += Text(x, f.top + f.height + 16, absl::StrFormat("%g", v), "middle", 11);
  }
  s +=
      absl::StrCat("<line x1=\"", F(f.left), "\" y1=\"", F(f.top + f.height), "\" x2=\"",
                   F(f.left + f.width), "\" y2=\"", F(f.top + f.height), "\" stroke=\"black\"/>\n");
  s += Text(f.left + f.width / 2, f.top + f.height + 34, label, "middle");
  return s;
}

}  // namespace

std::string XmlEscape(const std::string& s) {
  std::string out;
  for (char c : s) {
    switch (c) {
      case '&':
        out += "&amp;";
        break;
      case '<':
        out += "&lt;";
        break;
      case '>':
        out += "&gt;";
        break;
      case '"':
        out += "&quot;";
        break;
      default:
        out += c;
    }
  }
  return out;
}

std::string LinePlot(const Axes& a, const std::vector<Series>& series,
                     const std::optional<Band>& band) {
  const double height = 300;
  const double legend_h = 18.0 * (series.size() + (band ? 1 : 0));
  Frame f{a.x_min, a.x_max, a.y_min, a.y_max, kLeft, kTop, kPlotW, height};
  std::string s = Header(kLeft + kPlotW + 30, kTop + height + 50 + legend_h);
  s += Text(kLeft + kPlotW / 2, 22, a.title, "middle", 14, " font-weight=\"bold\"");
  for (int i = 0; i <= 4; ++i) {
    const double v = a.y_min + (a.y_max - a.y_min) * i / 4;
    const double y = f.Y(v);
    s += absl::StrCat("<line x1=\"", F(kLeft), "\" y1=\"", F(y), "\" x2=\"", F(kLeft + kPlotW),
                      "\" y2=\"", F(y), "\" stroke=\"#e5e5e5\"/>\n");
    s += Text(kLeft - 6, y + 4, absl::StrFormat("%g", v), "end", 11);
  }
  s += absl::StrCat("<line x1=\"", F(kLeft), "\" y1=\"", F(kTop), "\" x2=\"", F(kLeft), "\" y2=\"",
                    F(kTop + height), "\" stroke=\"black\"/>\n");
  s += Text(16, kTop + height / 2, a.y_label, "middle", 12,
            absl::StrCat(" transform=\"rotate(-90 16 ", F(kTop + height / 2), ")\""));
  s += XAxis(f, a.x_label, true);
  double ly = kTop + height + 50;
  if (band) {
    std::string pts;
    for (const auto& [x, y] : band->upper) absl::StrAppend(&pts, F(f.X(x)), ",", F(f.Y(y)), " ");
    for (auto it = band->lower.rbegin(); it != band->lower.rend(); ++it) {
      absl::StrAppend(&pts, F(f.X(it->first)), ",", F(f.Y(it->second)), " ");
    }
    s += absl::StrCat("<polygon points=\"", pts,
                      "\" fill=\"#cccccc\" fill-opacity=\"0.5\" "
                      "stroke=\"#999999\"/>\n");
    s += absl::StrCat("<rect x=\"", F(kLeft), "\" y=\"", F(ly - 10),
                      "\" width=\"14\" "
                      "height=\"10\" fill=\"#cccccc\" stroke=\"#999999\"/>\n");
    s += Text(kLeft + 20, ly, band->label, "start", 11);
    ly += 18;
  }
  for (const Series& se : series) {
    std::string pts;
    for (const auto& [x, y] : se.points) absl::StrAppend(&pts, F(f.X(x)), ",", F(f.Y(y)), " ");
    s += absl::StrCat("<polyline points=\"", pts, "\" fill=\"none\" stroke=\"", se.color,
                      "\" stroke-width=\"1.5\"", se.dashed ? " stroke-dasharray=\"5,3\"" : "",
                      "/>\n");
    if (se.markers) {
      for (const auto& [x, y] : se.points) {
        s += absl::StrCat("<circle cx=\"", F(f.X(x)), "\" cy=\"", F(f.Y(y)), "\" r=\"2.5\" fill=\"",
                          se.color, "\"/>\n");
      }
    }
    s += absl::StrCat("<line x1=\"", F(kLeft), "\" y1=\"", F(ly - 4), "\" x2=\"", F(kLeft + 14),
                      "\" y2=\"", F(ly - 4), "\" stroke=\"", se.color, "\" stroke-width=\"2\"/>\n");
    s += Text(kLeft + 20, ly, se.label, "start", 11);
    ly += 18;
  }
  s += "</svg>\n";
  return s;
}

std::string IntervalPlot(const Axes& a, const std::vector<IntervalRow>& rows,
                         const std::string& background_label, const std::string& tick_label) {
  const double label_w = 300, row_h = 20;
  const double height = row_h * rows.size() + 10;
  Frame f{a.x_min, a.x_max, 0, 1, label_w, kTop, kPlotW, height};
  std::string s = Header(label_w + kPlotW + 30, kTop + height + 96);
  s += Text((label_w + kPlotW) / 2, 22, a.title, "middle", 14, " font-weight=\"bold\"");
  s += XAxis(f, a.x_label, true);
  for (size_t i = 0; i < rows.size(); ++i) {
    const IntervalRow& r = rows[i];
    const double y = kTop + 15 + row_h * i;
    s += Text(label_w - 8, y + 4, r.label, "end", 11);
    if (r.background) {
      const double x0 = f.X(r.background->first), x1 = f.X(r.background->second);
      s += absl::StrCat("<rect x=\"", F(x0), "\" y=\"", F(y - 6), "\" width=\"",
                        F(std::max(1.0, x1 - x0)), "\" height=\"12\" fill=\"#dddddd\"/>\n");
    }
    s += absl::StrCat("<line x1=\"", F(f.X(r.lo)), "\" y1=\"", F(y), "\" x2=\"", F(f.X(r.hi)),
                      "\" y2=\"", F(y), "\" stroke=\"#1f77b4\" stroke-width=\"2\"/>\n");
    s += absl::StrCat("<circle cx=\"", F(f.X(r.mean)), "\" cy=\"", F(y),
                      "\" r=\"3.5\" fill=\"#1f77b4\"/>\n");
    if (r.tick) {
      s += absl::StrCat("<line x1=\"", F(f.X(*r.tick)), "\" y1=\"", F(y - 7), "\" x2=\"",
                        F(f.X(*r.tick)), "\" y2=\"", F(y + 7),
                        "\" stroke=\"#d62728\" stroke-width=\"2\"/>\n");
    }
  }
  double ly = kTop + height + 56;
  s += absl::StrCat("<circle cx=\"", F(label_w + 7), "\" cy=\"", F(ly - 4),
                    "\" r=\"3.5\" fill=\"#1f77b4\"/>\n");
  s += Text(label_w + 16, ly, "mean with 95% task-bootstrap interval", "start", 11);
  if (!background_label.empty()) {
    ly += 16;
    s += absl::StrCat("<rect x=\"", F(label_w), "\" y=\"", F(ly - 10),
                      "\" width=\"14\" height=\"10\" fill=\"#dddddd\"/>\n");
    s += Text(label_w + 16, ly, background_label, "start", 11);
  }
  if (!tick_label.empty()) {
    ly += 16;
    s += absl::StrCat("<line x1=\"", F(label_w + 7), "\" y1=\"", F(ly - 10), "\" x2=\"",
                      F(label_w + 7), "\" y2=\"", F(ly + 2),
                      "\" stroke=\"#d62728\" "
                      "stroke-width=\"2\"/>\n");
    s += Text(label_w + 16, ly, tick_label, "start", 11);
  }
  s += "</svg>\n";
  return s;
}

}  // namespace repro::judge
