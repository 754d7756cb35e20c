// The page a person looks at: a grid report as one self-contained HTML file.
//
// RenderHtmlReport(report, plots) returns report.html, a report::HtmlPage
// (html_page.h: no script, nothing loaded from elsewhere, CSS inline) with
// the SVGs inline. It holds, in order:
//   - the experiment, its task set (tasks, repository, harnesses, doses) and
//     the bootstrap (resamples, seed);
//   - "Summary": per harness and condition (S002 per dose), MRR, recall@10
//     and nDCG@10 and, for S001 and S002, their deltas against the baseline,
//     each "mean [low, high]" (the report's task-clustered 95% intervals);
//   - "Harness comparisons": the paired randomization tests (mean
//     difference, p, Holm-adjusted p, units, exact or Monte Carlo);
//   - "Plots": each SVG of `plots` (the aggregate's dose-response, rank-
//     displacement and, when present, staleness plots) inline, in the given
//     order, each in a <figure id="plot-<name>">, and a per-task scatter of
//     baseline MRR (x) against each perturbation's MRR (y), one point per
//     composite cell and condition, the diagonal drawn (<figure
//     id="plot-scatter">);
//   - "Cells": one row per composite cell (id, task, harness, dose, MRR of
//     baseline, S001 and S002), with the command that reruns its query
//     (`bazel run //stages/grid:search -- --experiment=<e> --harness=<h>
//     --task=<t>`) and its lineage command (`bazel run //tools/lineage --
//     bazel-bin/reports/<e> <cell id>`).
// Every string from the report or the experiment is HTML-escaped
// (report::XmlEscape); an SVG of `plots` must start with "<svg" (the
// aggregate's files do) and is embedded as it is, since the aggregate wrote
// it from the same escaped primitives. Numbers have four decimals, as in
// report.md. Equal inputs give equal bytes.
//
// Errors: InvalidArgument naming the plot when an SVG does not start with
// "<svg".
#ifndef REPRO_STAGES_GRID_HTML_REPORT_H_
#define REPRO_STAGES_GRID_HTML_REPORT_H_

#include <string>
#include <utility>
#include <vector>

#include "absl/status/statusor.h"
#include "stages/grid/grid.pb.h"

namespace repro::grid {

// (name, SVG text), e.g. ("dose-response", "<svg ...").
using NamedPlots = std::vector<std::pair<std::string, std::string>>;

absl::StatusOr<std::string> RenderHtmlReport(const GridReport& report, const NamedPlots& plots);

// The per-task scatter plot of RenderHtmlReport, as SVG.
std::string ScatterSvg(const GridReport& report);

}  // namespace repro::grid

#endif  // REPRO_STAGES_GRID_HTML_REPORT_H_
