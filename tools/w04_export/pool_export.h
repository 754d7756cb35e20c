// Exports a multi-topic W04 pool (docs/w04.md, "A pool from a grid") from a
// grid's runs: the inputs of the W04 instrument (stages/studies/w04/
// pool_cases.h) for the same candidate units in two orders.
//
// Per topic (the order of the baseline run):
//  - the pool: the baseline harness's top `depth` files;
//  - baseline run: the pool in the baseline harness's order; treatment run:
//    the same pool in the treatment harness's order (a pool file the
//    treatment did not rank follows, in baseline order). Scores are
//    depth - position, so both runs hold the same candidate ids and each
//    orders them as its harness did: W04's reranking stop conditions hold;
//  - claims: the topic's gold functions ("<path>::<function>", from the
//    functions qrels) and each gold file with no gold function;
//  - qrels: every pool file graded, 0 for a file that is not gold, else 1 +
//    the gold functions it holds (graded by how much of the fix it holds);
//  - ledger: one PoolPassage per pool file: digest = the sha256 of its
//    content in the topic's snapshot, cost = grid::CountTokens of that
//    content (the lexical count of stages/grid/cells/token_count.h, named in
//    the config's cost_unit until a real tokenizer is pinned), claims = the
//    topic's claims in the file, dependency cluster = the file's directory;
//    files of equal normalized content (packing::NormalizeContent,
//    stages/framework/packing/near_duplicates.h: white-space runs as one
//    space, ends trimmed) are declared near duplicates of the group's first
//    id (byte order) and take its cluster (a copy has its original's origin).
// The config declares the budget, cutoff, recall cutoffs, the single factor
// R-REDUNDANT-NO-NEW-CLAIM and the harness names.
//
// Errors (InvalidArgument naming the input, topic and field): a topic of the
// baseline run that the treatment run lacks, a pool file missing from the
// topic's snapshot, a malformed run or qrels file (trec_read.h).
#ifndef REPRO_TOOLS_W04_EXPORT_POOL_EXPORT_H_
#define REPRO_TOOLS_W04_EXPORT_POOL_EXPORT_H_

#include <map>
#include <string>

#include "absl/status/statusor.h"
#include "stages/studies/w04/pool_cases.h"

namespace repro::w04 {

struct ExportOptions {
  std::string pool_id;
  std::string baseline_name;   // the baseline harness, e.g. "H000"
  std::string treatment_name;  // e.g. "H008"
  int depth = 10;
  int budget = 0;
  int cutoff = 3;
  std::string source;  // prose for the report: where the runs come from
};

struct ExportInputs {
  PoolFile baseline_run;  // the grid's TREC file runs
  PoolFile treatment_run;
  PoolFile files_qrels;
  PoolFile functions_qrels;
  // topic -> path -> content: the files of each topic's snapshot.
  std::map<std::string, std::map<std::string, std::string>> snapshots;
};

// The five files of PoolInputs (names left empty).
absl::StatusOr<PoolInputs> ExportPool(const ExportInputs& in, const ExportOptions& options);

}  // namespace repro::w04

#endif  // REPRO_TOOLS_W04_EXPORT_POOL_EXPORT_H_
