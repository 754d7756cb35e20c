// The provenance graph of a report: which recorded stage wrote which file and
// which stages each stage read from (stages/framework/schemas/provenance.proto).
//
// Built from a report's lineage.json (the compact form, compact_lineage.h,
// expanded on load), an expanded Lineage, or a single Provenance record
// (<stage>.provenance.json). Files are identified by workspace-relative path
// and sha256, as the records hold them. An input of one stage that another
// recorded stage wrote is an edge; any other input is a source input (an
// authored file under data/, or a file made outside the stage graph).
//
// Load fails with InvalidArgument naming the file and the stages when the
// records contradict each other: two stages writing one path, or a stage
// reading a path with other bytes (sha256) than its producer wrote, which
// means the records come from different builds.
#ifndef REPRO_STAGES_INSPECT_LINEAGE_LINEAGE_GRAPH_H_
#define REPRO_STAGES_INSPECT_LINEAGE_LINEAGE_GRAPH_H_

#include <map>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "stages/framework/schemas/provenance.pb.h"

namespace repro::lineage {

class LineageGraph {
 public:
  // `json` is a CompactLineage (a report's lineage.json), a Lineage or a
  // Provenance record; `file_name` names it in errors. The compact form is
  // expanded (ExpandLineage): every reader sees the records as written.
  static absl::StatusOr<LineageGraph> FromJson(absl::string_view json, absl::string_view file_name);
  static absl::StatusOr<LineageGraph> FromLineage(schemas::Lineage lineage,
                                                  absl::string_view file_name);

  const schemas::Lineage& lineage() const { return lineage_; }
  int size() const { return lineage_.stages_size(); }
  const schemas::Provenance& stage(int i) const { return lineage_.stages(i); }

  // The stage that wrote `path`, or -1 (a source input).
  int ProducerOfPath(absl::string_view path) const;
  // The stages that wrote a file with these bytes, sorted by label (a report
  // holds copies of stage outputs under other paths).
  std::vector<int> ProducersOfSha256(absl::string_view sha256) const;
  // The stages whose outputs stage `i` read, sorted by label.
  std::vector<int> Upstream(int i) const;
  // `roots` and every stage upstream of them, each stage before the stages it
  // read from (downstream first); ties in label order.
  std::vector<int> Closure(const std::vector<int>& roots) const;

 private:
  explicit LineageGraph(schemas::Lineage lineage) : lineage_(std::move(lineage)) {}
  absl::Status Index(absl::string_view file_name);

  schemas::Lineage lineage_;
  std::map<std::string, int, std::less<>> producer_by_path_;
  std::multimap<std::string, int, std::less<>> producers_by_sha256_;
};

}  // namespace repro::lineage

#endif  // REPRO_STAGES_INSPECT_LINEAGE_LINEAGE_GRAPH_H_
