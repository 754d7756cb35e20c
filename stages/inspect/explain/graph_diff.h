// Root causes of the differences between two runs of one report: which
// changed inputs, versions, arguments and tools explain every stage whose
// outputs differ, and which stages each of them invalidated.
//
// Stages are matched by label. The new run's stages are visited in dependency
// order (a stage after every stage whose outputs it reads, ties by label). A
// stage whose outputs digest differs from the old run's (or that the old run
// lacks) is "changed"; an unchanged stage absorbs whatever changed upstream of
// it and explains nothing below. A changed stage "carries" a change from
// upstream when the digest of its inputs written by other recorded stages
// differs (run_state.h; for a stage the old run lacks: when one of its
// upstream stages changed). Its source inputs (authored files, a generated
// repository's files, files made outside the recorded graph) are compared
// one by one, matched by role and path. The changed stage's root causes are:
//   - kSourceFile: each source input that differs, was added or was removed;
//   - kStageVersion: its stage_version differs;
//   - kArguments: its own arguments differ;
//   - kToolBinary: its tool binary's digest differs, and nothing else of the
//     stage does or its version changed too (a bumped version says the tool's
//     logic changed); a rebuilt tool beside a changed input, argument or
//     source is not blamed: they explain the change, and every relink
//     changes a binary's bytes;
//   - kNotReproducible: nothing of the above and no carried input: its
//     outputs changed with equal inputs (a non-hermetic stage);
//   - kStageAdded: a stage the old run lacks, none of whose inputs is carried.
// One cause met at several stages (one source file read by many) is one
// RootCause with every stage it entered at. `invalidated` holds the labels of
// the changed stages reachable from those stages through changed stages
// (themselves included), sorted. Stages of the old run that the new one lacks
// are listed in `removed_stages`.
#ifndef REPRO_STAGES_INSPECT_EXPLAIN_GRAPH_DIFF_H_
#define REPRO_STAGES_INSPECT_EXPLAIN_GRAPH_DIFF_H_

#include <string>
#include <vector>

#include "stages/inspect/explain/run_state.h"

namespace repro::explain {

enum class CauseKind {
  kSourceFile,
  kStageVersion,
  kArguments,
  kToolBinary,
  kNotReproducible,
  kStageAdded,
};

// "source file", "stage version", ... as printed.
const char* CauseKindName(CauseKind kind);

struct RootCause {
  CauseKind kind;
  // kSourceFile: the file's path; kStageVersion: the stage name; kToolBinary:
  // the tool's path; kArguments, kNotReproducible, kStageAdded: the label.
  std::string subject;
  std::string old_value;                 // digest, version or arguments ("" when added)
  std::string new_value;                 // ("" when removed)
  std::vector<std::string> at_stages;    // labels, sorted
  std::vector<std::string> invalidated;  // labels, sorted
};

struct GraphDiff {
  std::vector<RootCause> causes;            // ordered by kind, then subject
  std::vector<std::string> changed_stages;  // labels, sorted
  std::vector<std::string> removed_stages;  // labels, sorted
};

GraphDiff DiffGraphs(const RunState& before, const RunState& after);

}  // namespace repro::explain

#endif  // REPRO_STAGES_INSPECT_EXPLAIN_GRAPH_DIFF_H_
