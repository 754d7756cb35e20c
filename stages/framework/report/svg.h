// Deterministic SVG written as text (no library), for the report plots of
// the grid and the judge: the same calls give the same bytes. The plots themselves
// (layout, scales, legends) stay with their stage; this library has the
// primitives they share.
//
// XmlEscape(s): `s` with '&', '<', '>' and '"' replaced by their entities,
// and each C0 control character XML 1.0 does not allow (all but tab, LF and
// CR) by U+FFFD, so the document stays well-formed; safe in element text and
// in double-quoted attribute values.
//
// SvgNumber(v, decimals): `v` with exactly `decimals` digits after the point
// ("%.*f"), the format of every coordinate; a plot picks one precision.
//
// SvgAttributes are (name, value) pairs, written in the given order as
// ` name="value"` with the value XML-escaped; names are written as given.
//
// SvgTag(name, attributes): "<name .../>\n", an empty element.
// SvgTag(name, attributes, inner): "<name ...>inner</name>\n"; `inner` is
//   markup, written as given (escape text with XmlEscape, or use SvgText).
// SvgInline(name, attributes, inner): the same without the newline, for
//   markup nested in a line (e.g. a <tspan> inside a <text>).
// SvgText(attributes, text): SvgTag("text", attributes, XmlEscape(text)).
//
// SvgOpen(width, height, decimals, extra): the root element
//   <svg xmlns="http://www.w3.org/2000/svg" width="W" height="H"
//   viewBox="0 0 W H" font-family="sans-serif"{extra}> (one line; W and H
//   printed with SvgNumber) and a white background <rect>, each line ending
//   in "\n". SvgClose(): "</svg>\n".
//
// PlotFrame maps data coordinates into a plot rectangle: X(x) = left + (x -
// x_min) / (x_max - x_min) * width; Y(y) = top + height - (y - y_min) /
// (y_max - y_min) * height (y grows upwards). No clamping; the caller keeps
// x_min != x_max and y_min != y_max.
//
// Nothing here fails: there is no input a caller could get wrong at run time.
#ifndef REPRO_STAGES_FRAMEWORK_REPORT_SVG_H_
#define REPRO_STAGES_FRAMEWORK_REPORT_SVG_H_

#include <string>
#include <utility>
#include <vector>

#include "absl/strings/string_view.h"

namespace repro::report {

using SvgAttributes = std::vector<std::pair<std::string, std::string>>;

std::string XmlEscape(absl::string_view s);

std::string SvgNumber(double v, int decimals);

std::string SvgTag(absl::string_view name, const SvgAttributes& attributes);
std::string SvgTag(absl::string_view name, const SvgAttributes& attributes,
                   absl::string_view inner);
std::string SvgInline(absl::string_view name, const SvgAttributes& attributes,
                      absl::string_view inner);
std::string SvgText(const SvgAttributes& attributes, absl::string_view text);

std::string SvgOpen(double width, double height, int decimals, const SvgAttributes& extra = {});
std::string SvgClose();

struct PlotFrame {
  double x_min = 0, x_max = 1, y_min = 0, y_max = 1;
  double left = 0, top = 0, width = 1, height = 1;
  double X(double x) const { return left + (x - x_min) / (x_max - x_min) * width; }
  double Y(double y) const { return top + height - (y - y_min) / (y_max - y_min) * height; }
};

}  // namespace repro::report

#endif  // REPRO_STAGES_FRAMEWORK_REPORT_SVG_H_
