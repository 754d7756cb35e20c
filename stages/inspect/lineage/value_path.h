// The lineage of one reported value: which artifacts of a report hold it,
// which recorded stage wrote each (label, stage, version, tool sha256), that
// stage's inputs with sha256, recursively up to the source inputs, and the
// commits and hashes that pin those sources (source_ids.h).
//
// `report` is a report directory (holding lineage.json, as written by the
// `report` rule), a lineage.json, or one <stage>.provenance.json; the
// artifacts searched are the files of that directory except lineage.json,
// *.provenance.json, *.build_info.txt and volatile files (*.volatile.*).
// Report files are matched to the stage outputs they copy by sha256.
//
// `query` is a number, a string such as a cell id, or a frozen-token key (a
// key of a *.tokens.txt file of the report: its value is traced). Matching
// rules: value_search.h.
//
// The value's path: a stage holds the value when one of its outputs does; the
// path runs from the stages whose report artifacts hold it up through every
// input that holds it too. A stage on the path none of whose stage-written
// inputs holds the value is where the value enters: it computed it, or took
// it from a source input that holds it (an authored number). The bytes of an
// input are looked up among the report's files, then under `bin_dir`, then
// under `workspace` (sources), and, for a file of an external repository
// ("external/<repo>/...": a task set's history, the generated experiments),
// under `external_dir`, and used only when their sha256 is the recorded one;
// an input whose bytes are not found is marked '?'. Each source input is
// listed with how it compares with its copy now: the workspace's, or for an
// external repository's file the output base's ("matches the output base",
// "DIFFERS from the output base's copy ...: refetched since the report", or
// "an external repository's file, not in the output base": refetched,
// cleaned, or another machine's).
//
// A string value that holds numbers a stage formatted together ("170/180",
// "[0.108, 0.586]": two or more numbers, or one with a decimal point) also
// gets the value path of each number inside it.
//
// By default the printed chain is the value's path plus everything upstream
// of where the value enters; stages that only carry it list the inputs that
// hold it and count the others. With `all`, every stage upstream of the
// holders is listed in full.
//
// Errors: the lineage's (lineage_graph.h); NotFound when no artifact holds the
// query, listing the files searched.
#ifndef REPRO_STAGES_INSPECT_LINEAGE_VALUE_PATH_H_
#define REPRO_STAGES_INSPECT_LINEAGE_VALUE_PATH_H_

#include <string>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "stages/inspect/lineage/value_search.h"

namespace repro::lineage {

struct TraceOptions {
  std::string workspace;     // workspace root; empty: source inputs are not read
  std::string bin_dir;       // bazel-bin; empty: only the report's own files are read
  std::string external_dir;  // the output base's external/; empty: not read
  bool all = false;
  SearchOptions search;
  int max_hits_per_artifact = 8;
  int max_ids_per_key = 3;
};

absl::StatusOr<std::string> TraceValue(const std::string& report, absl::string_view query,
                                       const TraceOptions& options);

}  // namespace repro::lineage

#endif  // REPRO_STAGES_INSPECT_LINEAGE_VALUE_PATH_H_
