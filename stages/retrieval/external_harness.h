// An external harness (HarnessConfig.external): the config's program ranks
// the cell's documents instead of the built-in legs. Protocol, argv and
// environment: docs/external_harness.md; the files: external_protocol.h.
//
//   RunExternalHarness(config, corpus, languages, cell) writes corpus.jsonl
//   and queries.jsonl into input/ of a private directory (removed
//   afterwards; under $TMPDIR, else /tmp), makes them read-only, and runs
//     <program> --corpus=<input/corpus.jsonl> --queries=<input/queries.jsonl>
//               --run=<output/run> --candidate_limit=<n>
//               --document_unit=files|function_chunks
//   in output/ with a fixed environment (PATH=/usr/bin:/bin, HOME and
//   TMPDIR private, LC_ALL=C.UTF-8, TZ=UTC, PYTHONHASHSEED=0,
//   PYTHONDONTWRITEBYTECODE=1) under the config's timeout_seconds and
//   memory_mb (bounded_process.h). Then output/ must hold the file run and
//   nothing else, and the input files must be as written; the run is parsed
//   and ranked (ParseRun) and mapped to the HarnessResult the grid measures
//   (RankedResult).
//
// Errors: FailedPrecondition "<cell.context>: external program <label>: ..."
// naming what was found: no executable, a timeout, a non-zero exit or a
// signal (each with the tail of the program's standard error), no run file,
// another file in output/, a changed input file, or the run's error
// (ParseRun: the line and what it holds). Nothing is returned partially.
// build_time is the export's time, query_time the program's and the parse's
// (volatile).
#ifndef REPRO_STAGES_RETRIEVAL_EXTERNAL_HARNESS_H_
#define REPRO_STAGES_RETRIEVAL_EXTERNAL_HARNESS_H_

#include <string>

#include "absl/status/statusor.h"
#include "stages/corpus/language_set.h"
#include "stages/retrieval/harness.h"
#include "stages/retrieval/retrieval.pb.h"
#include "stages/retrieval/retrieval_corpus.h"

namespace repro::retrieval {

struct ExternalCell {
  std::string context;  // "harness H, task T, condition C", for messages
  std::string task_id;
  std::string query;    // the text the config's query_field selects
  std::string program;  // the program's executable (relative to the working directory or absolute)
};

absl::StatusOr<HarnessRun> RunExternalHarness(const HarnessConfig& config, const Corpus& corpus,
                                              const corpus::LanguageSet& languages,
                                              const ExternalCell& cell);

}  // namespace repro::retrieval

#endif  // REPRO_STAGES_RETRIEVAL_EXTERNAL_HARNESS_H_
