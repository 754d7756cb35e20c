// Runs the token-cost program (token_costs.py) on a list of texts and returns
// one count per text, through the external programs' bounded runner
// (stages/retrieval/bounded_process.h).
//
// CountTokensWithProgram(program, units) writes the units as JSON Lines
// {"id", "text"} into a private scratch directory (under $TMPDIR, removed
// after), runs `program.program <vocabulary> <input> <output>` with a fixed
// environment (PATH, HOME and TMPDIR in the scratch directory, C.UTF-8, no
// bytecode), standard input /dev/null, within program.timeout and
// program.memory_bytes, and reads the output back: line i must be
// {"id": units[i].id, "tokens": <integer >= 0>}. A text that is not valid
// UTF-8 is passed with each invalid byte replaced by U+FFFD, which the
// tokenizer's normalizer removes (it counts 0): nothing is skipped.
//
// Errors: InvalidArgument for an empty or repeated unit id; FailedPrecondition
// when the program ends badly (how: exit status, signal, timeout; and the tail
// of its standard error), and DataLoss when its output is not one line per
// unit in order, naming the line and the unit: another id, a missing or
// negative count, a line that is not JSON, fewer or more lines than units.
// The caller checks the vocabulary against its pin first (tokenizer_pin.h).
#ifndef REPRO_STAGES_CORPUS_TOKEN_COSTS_COST_PROGRAM_H_
#define REPRO_STAGES_CORPUS_TOKEN_COSTS_COST_PROGRAM_H_

#include <cstdint>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/time/time.h"

namespace repro::corpus {

struct CostProgram {
  std::string program;     // the py_binary's path
  std::string vocabulary;  // the pinned vocabulary file's path
  absl::Duration timeout = absl::Minutes(20);
  uint64_t memory_bytes = uint64_t{4} << 30;
};

struct CostUnit {
  std::string id;
  std::string text;
};

absl::StatusOr<std::vector<int64_t>> CountTokensWithProgram(const CostProgram& program,
                                                            const std::vector<CostUnit>& units);

}  // namespace repro::corpus

#endif  // REPRO_STAGES_CORPUS_TOKEN_COSTS_COST_PROGRAM_H_
