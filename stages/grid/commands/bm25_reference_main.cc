// `bazel run //stages/grid:bm25_reference -- --experiment=<name>`: BM25
// against Xapian on every task of the experiment's set (bm25_reference_command.h).
#include <string>
#include <vector>

#include "absl/flags/flag.h"
#include "stages/grid/commands/bm25_reference_command.h"
#include "stages/retrieval/run_command.h"

ABSL_FLAG(std::string, experiment, "e04_fixture",
          "experiment name (data/experiments/<name>.textproto)");
ABSL_FLAG(std::vector<std::string>, indexes, {},
          "search_index.textproto files (set by the BUILD rule)");

int main(int argc, char** argv) {
  return repro::retrieval::RunCommand(argc, argv, "bm25_reference", [] {
    return repro::grid::CompareBm25WithXapian(absl::GetFlag(FLAGS_indexes),
                                              absl::GetFlag(FLAGS_experiment));
  });
}
