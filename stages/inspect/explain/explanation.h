// Why a report's numbers changed between two runs: the moved tokens, their
// root causes named as a user thinks of them, where (per task and cell) each
// headline metric moved, and whether the move is larger than chance.
//
// Explain(before, after, sources) combines DiffTokens, DiffGraphs and
// DiffUnits (moves.h, graph_diff.h) and names each root cause:
//   - a source file: the fields that changed inside it (source_diff.h), from
//     the bytes with each side's digest that `sources` finds; when one
//     side's bytes are gone (an old task file never committed), the task
//     fields whose digests differ, from the digests a state kept
//     (run_state.h, AuthoredFields): "task G10 query changed"; a generated
//     experiment (external/experiments/<name>.textproto) is named by its
//     authored file data/experiments/<name>.textproto, compared between the
//     first revision `sources` has and the workspace; a file of a history
//     dump (external/<set>_history/commits/<c>/...) by its commit; a file
//     that is not in the workspace (a build output no recorded stage wrote)
//     as such, with its digests;
//   - a stage version, arguments, a stage added: as they are; a tool binary
//     with its source files that changed (`tool_sources`), when given.
// Each root cause counts the stage actions it invalidated and lists the
// tokens it invalidated. Tokens are attributed as follows: a cause that
// reaches no stage writing a *.tokens.txt invalidates none; one that reaches
// such a stage but no grid cell (stage grid_cell), or a report without grid
// cells, invalidates every changed token; otherwise a changed token is
// invalidated when some grid cell the cause reached matches the token's key:
// for each coordinate (task, harness, condition, dose tag "d<n>") that a
// component of the key names, the cell has that value, a baseline cell
// matching any condition and dose (deltas are against it); a key naming no
// coordinate matches every cell.
//
// Text (ToText): nothing when nothing changed; else the sections "What
// moved", "Why (root causes)", "Where it moved and is it real" (which names
// the headline metrics one run does not record per unit, uncompared). JSON
// (ToJson): the same content, one object, keys in byte order. HTML
// (ToHtml): the text as a page of the reports' kind (report::HtmlPage: one
// self-contained file, no script), every string escaped; "" when nothing
// changed.
#ifndef REPRO_STAGES_INSPECT_EXPLAIN_EXPLANATION_H_
#define REPRO_STAGES_INSPECT_EXPLAIN_EXPLANATION_H_

#include <map>
#include <string>
#include <vector>

#include "stages/inspect/explain/graph_diff.h"
#include "stages/inspect/explain/moves.h"
#include "stages/inspect/explain/run_state.h"
#include "stages/inspect/explain/source_diff.h"

namespace repro::explain {

struct NamedCause {
  RootCause cause;
  std::string name;                  // e.g. "data/harnesses/H008.textproto"
  std::vector<std::string> details;  // e.g. "fusion.rrf_k: 60 -> 30"
  std::vector<std::string> tokens;   // changed token keys it invalidated, sorted
};

struct Explanation {
  std::string before_name;
  std::string after_name;
  TokenDiff tokens;
  GraphDiff graph;
  std::vector<NamedCause> causes;
  std::vector<GroupMove> groups;
  std::vector<std::string> uncompared_metrics;  // UncomparedMetrics (moves.h)
  stats::BootstrapConfig bootstrap;
  // A token moved, was added or removed, or a stage's outputs changed.
  bool changed() const {
    return !tokens.empty() || !graph.changed_stages.empty() || !graph.removed_stages.empty();
  }
};

// `tool_sources`: for a tool binary's path, the source files of its build
// that changed between the two runs' revisions (since.sh); listed with a
// tool-binary root cause.
using ToolSources = std::map<std::string, std::vector<std::string>>;

Explanation Explain(const RunState& before, const RunState& after, const SourceBytes& sources,
                    const ToolSources& tool_sources = {});

std::string ToText(const Explanation& e);
std::string ToJson(const Explanation& e);
std::string ToHtml(const Explanation& e);

}  // namespace repro::explain

#endif  // REPRO_STAGES_INSPECT_EXPLAIN_EXPLANATION_H_
