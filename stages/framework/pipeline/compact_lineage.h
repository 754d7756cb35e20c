// The compact lineage: the form in which a report's lineage.json holds every
// provenance record below it (schemas::CompactLineage, lineage.proto).
//
// A report's stages share most of their files: every cell of a task reads the
// task's snapshot and chunk chain, the labels, the conditions. The compact
// form writes each distinct file (path, sha256, bytes) once in a table,
// each distinct (role, file) input once, each (stage, version, tool) once, and
// stage records refer to them by index. Expanding it gives the Lineage back
// exactly: CompactLineageOf then ExpandLineage is the identity on a Lineage
// whose stages are sorted by label (a record without a tool is encoded with
// the empty file as its tool, and an empty tool expands to none).
//
// Determinism: the tables are sorted (dirs by string; files by path, sha256,
// bytes; bindings by role, file; kinds by stage, version, tool) and the JSON
// holds no map, so equal lineages give equal bytes.
//
// CompactLineageJson writes the proto3 JSON of the compact form with one
// table entry or stage a line, in proto field names: a reader may parse it
// with any proto3 JSON parser (or json.load) and resolve the indices as
// lineage.proto and docs/pipeline.md describe; ExpandLineage is that reader.
#ifndef REPRO_STAGES_FRAMEWORK_PIPELINE_COMPACT_LINEAGE_H_
#define REPRO_STAGES_FRAMEWORK_PIPELINE_COMPACT_LINEAGE_H_

#include <string>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "stages/framework/schemas/lineage.pb.h"
#include "stages/framework/schemas/provenance.pb.h"

namespace repro {

// The compact form of `lineage`; its stages are sorted by label.
schemas::CompactLineage CompactLineageOf(const schemas::Lineage& lineage);

// The Lineage that `compact` encodes. An index out of its table is
// InvalidArgument naming `file_name`, the stage (or table entry), the field and
// the index against the table's size.
absl::StatusOr<schemas::Lineage> ExpandLineage(const schemas::CompactLineage& compact,
                                               absl::string_view file_name);

// The bytes of lineage.json: one table entry or stage record a line.
std::string CompactLineageJson(const schemas::CompactLineage& compact);

}  // namespace repro

#endif  // REPRO_STAGES_FRAMEWORK_PIPELINE_COMPACT_LINEAGE_H_
