// What `bazel run //stages/grid:bm25_reference -- --experiment=<name>` runs
// (bm25_reference_main.cc parses the flags).
//
// Compares bm25.h with Xapian (xapian_reference.h) on every task of a set, on
// the same token streams, once for every distinct BM25 leg of the
// experiment's harness configs: (document unit, query field, k1, b) as the
// configs give them (files with the task query for a file harness, chunks with
// the query or the reformulation for a hybrid harness's BM25 leg). Nothing is
// compiled in: change a harness's k1 or b and the reference checks the new
// values. For each leg and task it prints
//   - exact check: our Lucene scores vs Lucene scores rebuilt from Xapian's
//     per-term weights: max relative difference, and top-200 positions with
//     the same document (plus swaps of near-ties within 1e-9);
//   - native Xapian BM25 (its own idf variant): top-10 and top-200 overlap
//     with our ranking and, for files, the first gold rank under each.
// Exits 1 when a relative difference exceeds 1e-12 or a top-200 position
// differs other than by a near-tie swap (the fixture test runs it).
#ifndef REPRO_STAGES_GRID_COMMANDS_BM25_REFERENCE_COMMAND_H_
#define REPRO_STAGES_GRID_COMMANDS_BM25_REFERENCE_COMMAND_H_

#include <string>
#include <vector>

#include "absl/status/status.h"

namespace repro::grid {

// The check over `experiment` of the search indexes `indexes` (set_index.h),
// printed to stdout; an error when the experiment is in no index, has no
// BM25 leg, or a check fails (the first failing task, named).
absl::Status CompareBm25WithXapian(const std::vector<std::string>& indexes,
                                   const std::string& experiment);

}  // namespace repro::grid

#endif  // REPRO_STAGES_GRID_COMMANDS_BM25_REFERENCE_COMMAND_H_
