// The state of one report run that `explain` compares: its frozen tokens, its
// stage graph (from lineage.json) reduced to hashes, and its per-unit headline
// values (from cells.csv, grid reports only).
//
// A RunState is read from a report directory (LoadReportDir: the directory
// holds exactly one *.tokens.txt, a lineage.json, and for a grid report a
// cells.csv and a report.json) or from a frozen state file (LoadStateFile,
// written by StateFileText), which is what `//reports:<name>_explain` compares
// the current report with: a compact copy of the state, committed beside the
// frozen tokens.
//
// Digests: every sha256 is kept as its first 16 hex digits (64 bits), in both
// sources, so a frozen state compares with a report directory. A stage's
// outputs are one digest: sha256 over its "<path> <sha256>\n" lines sorted by
// path (full digests), shortened the same way; so are the inputs it read
// from other recorded stages. In a state file a stage's upstream stages are
// numbers: their positions in the file's label-sorted stage list.
//
// Units: one row of cells.csv per grid unit (task x harness x condition at
// one parameter, GridReport.units); `values` holds the
// headline metrics of docs/metrics.md that the row defines (an empty CSV
// field is an undefined value and is left out), as the text the report wrote.
// `unit_metrics` names the headline metrics the run records per unit, in
// HeadlineMetrics() order: of a report directory, those cells.csv has a
// column for (a report built before file Acc@k has none for it); of a state
// file, its header's "unit_metrics" (written when the state has units),
// the order of each unit line's values; a state whose header does not name
// them was written before file Acc@k was a headline metric and records the
// first six. A run without units records none.
// A cells.csv field never holds a quote, a comma or a newline (ids, commits
// and numbers); one that does is refused naming the file and the line.
//
// Bootstrap: resamples 0 means the report states none (no report.json, or
// one without the two fields); otherwise resamples is in [1,
// grid::kMaxResamples], the bound of the experiment's field
// (stages/grid/grid_spec.h), in a report.json and in a state file alike.
//
// Authored task fields: for each task file given when the state is written
// (explain --write_state <report> <task file>...), the digest of the whole
// file and of every field of every task (source_diff.h,
// AuthoredFieldDigests), so that an edit is named field by field ("task G10
// query changed") even when the old file's bytes are in no workspace or git
// revision. A state without them (written before they existed, or with no
// task file given) is read as one whose task files were not digested.
//
// A state file ends with an end line that counts its stage, token and unit
// lines (and its authored lines, when it has any), so that a state cut
// short, even at a line boundary, is refused rather than read as a smaller
// run.
//
// Errors: InvalidArgument or NotFound naming the file (and line or field):
// no or several token files, a lineage that does not parse or contradicts
// itself (lineage_graph.h), a cells.csv without the columns named below, a
// state file of another format version, a state file without its end line
// or whose counts differ from the end line's, bootstrap resamples out of
// bounds, a header's unit_metrics naming a metric that is not a headline one
// (or twice), a unit line with another number of values than it names.
#ifndef REPRO_STAGES_INSPECT_EXPLAIN_RUN_STATE_H_
#define REPRO_STAGES_INSPECT_EXPLAIN_RUN_STATE_H_

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "stages/framework/schemas/provenance.pb.h"
#include "stages/framework/tokens/tokens.h"

namespace repro::explain {

inline constexpr int kDigestHexDigits = 16;

struct StageInput {
  std::string role;
  std::string path;
  std::string sha256;  // kDigestHexDigits
};

// A recorded stage, reduced to what root causes need. An input that a
// recorded stage of the same run wrote is an edge (`upstream`, and one digest
// over all such inputs); any other input is a source input, kept by name.
struct StageRecord {
  std::string label;
  std::string stage;
  std::string version;
  std::vector<std::string> args;
  std::string tool_path;
  std::string tool_sha256;
  std::vector<StageInput> sources;    // sorted by (role, path)
  std::vector<std::string> upstream;  // labels, sorted
  std::string produced_digest;        // over "<role> <path> <sha256>\n" of the other inputs
  std::string outputs_digest;
  bool writes_tokens = false;  // an output's name ends in .tokens.txt
};

// One cells.csv row: the unit of the per-task comparison.
struct Unit {
  std::string cell_id;  // the unit id, <task>/<harness>/<label>
  std::string task;
  std::string harness;
  std::string condition;                      // the label: baseline, S001.k3, S002.d5, S003
  int dose = 0;                               // the condition's parameter (depth, dose or 0)
  std::map<std::string, std::string> values;  // headline metric -> text
};

// The field digests of one authored task file. A record is "task <id>" for
// a task, "" for a field of the file outside every task.
struct AuthoredFields {
  std::string path;    // workspace-relative, as the stages' provenance names it
  std::string sha256;  // kDigestHexDigits, of the whole file
  std::map<std::string, std::map<std::string, std::string>> fields;  // record -> field -> digest
};

struct RunState {
  std::string report;  // the lineage's report label, e.g. "//reports:e04_fixture"
  tokens::TokenList tokens;
  std::vector<StageRecord> stages;        // sorted by label
  std::vector<Unit> units;                // cells.csv order
  std::vector<std::string> unit_metrics;  // the headline metrics recorded per unit
  int bootstrap_resamples = 0;            // 0: the report states none
  uint64_t bootstrap_seed = 0;
  std::vector<AuthoredFields> authored;  // sorted by path
};

// The authored fields of `path` whose whole-file digest is `sha256`, or null.
const AuthoredFields* FindAuthored(const RunState& state, absl::string_view path,
                                   absl::string_view sha256);

// The headline metrics compared per unit: MRR, recall@10, nDCG@10, their
// paired deltas, file Acc@1 and Acc@5 (docs/metrics.md), by their cells.csv
// column names.
const std::vector<std::string>& HeadlineMetrics();

std::string ShortDigest(absl::string_view sha256_hex);

// Reduces one lineage to stage records (the report's own label in `report`);
// `lineage` as LineageGraph::FromLineage accepts it.
absl::StatusOr<RunState> StateFromLineage(const schemas::Lineage& lineage);

absl::StatusOr<RunState> LoadReportDir(const std::string& dir);
absl::StatusOr<RunState> LoadStateFile(const std::string& path);
// `path` a directory: LoadReportDir; a file: LoadStateFile.
absl::StatusOr<RunState> LoadRunState(const std::string& path);

// The frozen state file (<name>.explain.jsonl): JSON Lines, a header (with
// "unit_metrics" when the state has units), one
// line per stage, per token and per unit, in the state's order, one per
// authored task file ({"authored":{"path":..,"sha256":..,"fields":[[record,
// field, digest],...]}}), then the end line
// {"end":{"stages":S,"tokens":T,"units":U}} (with "authored":A when A > 0,
// so that a state without task files is written as before); equal states give equal
// bytes. It holds its own copy of the tokens, so that a state file kept
// anywhere is a whole run.
std::string StateFileText(const RunState& state);

// OK when both states are of one report (equal `report` labels); else
// InvalidArgument naming both sides (`before_name`, `after_name`: how the
// user gave them) and both labels: explain compares two runs of one report.
absl::Status CheckSameReport(const RunState& before, absl::string_view before_name,
                             const RunState& after, absl::string_view after_name);

}  // namespace repro::explain

#endif  // REPRO_STAGES_INSPECT_EXPLAIN_RUN_STATE_H_
