// The one semantic validator of an experiment (GridSpec in grid.proto).
//
// The experiments repository rule checks only what reaches a label, a path or
// a command (names, labels, environment variable names, that doses and
// depths are distinct integers within the bounds below: they name targets
// and reach a repository rule attribute) and applies the
// defaults (stages/experiments/experiment_values.bzl, the only place they are
// written). Everything else is checked here, once per experiment, by the
// experiment_spec stage (spec_main.cc) before any cell runs:
//  - title: not empty;
//  - harnesses: one or more, and one validated HarnessConfig per label, in
//    the experiment's order (harness_config.h validates each config), names
//    unique; every compare_with names another harness of the experiment;
//    every reranker's first stage is one of them (retrieval::ValidateRerankers);
//  - s001_depths: one or more, ascending, in [1, kMaxS001Depth];
//  - s002_doses: one or more, ascending, in [1, kMaxS002Dose];
//  - bootstrap: resamples in [1, kMaxResamples] and seed both set (the
//    resolved file always sets them; a 0 the user wrote stays 0).
//  - candidates: a value of experiments::Candidates (a number written in
//    the file reaches here as written).
// Errors: InvalidArgument "<source>, field <field>: expected ..., found ..."
// (source: "data/experiments/<name>.textproto"); for a compare_with, the
// harness config's file.
//
// CellPart(spec) is the part of the experiment the cells, the harness
// baseline and the pins stage read (CellSpec, experiment.proto), written as
// <e>/cell_spec.pb so that a change to a report-only field (the title, the
// bootstrap) reruns none of them. The pins source must name the
// experiment's task set and hold the file and the command.
#ifndef REPRO_STAGES_GRID_GRID_SPEC_H_
#define REPRO_STAGES_GRID_GRID_SPEC_H_

#include <cstdint>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/string_view.h"
#include "stages/experiments/experiment.pb.h"
#include "stages/grid/grid.pb.h"

namespace repro::grid {

// The bounds of the depths and doses are written once, in
// stages/experiments/experiment_values.bzl (MAX_S001_DEPTH, MAX_S002_DOSE),
// which the experiments rule checks too; the BUILD passes them as defines.
inline constexpr uint32_t kMaxS001Depth = REPRO_MAX_S001_DEPTH;
inline constexpr uint32_t kMaxS002Dose = REPRO_MAX_S002_DOSE;
inline constexpr uint32_t kMaxResamples = 1000000;

absl::Status ValidateGridSpec(const GridSpec& spec);

// `values` (field `field` of `source`) non-empty, ascending, each in
// [1, max]; the check ValidateGridSpec applies to the depths and doses.
absl::Status CheckAscending(const std::vector<int64_t>& values, absl::string_view source,
                            absl::string_view field, uint32_t max);

// The fields of `spec` a cell reads (see the header comment).
experiments::CellSpec CellPart(const GridSpec& spec);

}  // namespace repro::grid

#endif  // REPRO_STAGES_GRID_GRID_SPEC_H_
