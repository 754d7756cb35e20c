// Identifiers that pin a source input to an exact state of the world: commits,
// snapshot hashes, content hashes, model hashes.
//
// ExtractSourceIds finds, in a text file:
//  - `key: "v"` (text proto) and `"key": "v"` (JSON) where v is 7 to 64
//    lowercase hex digits and the key names a commit, hash, sha, snapshot,
//    digest, revision or version (case-insensitive substring);
//  - in a ".tsv" file whose first line is a header, such values in the columns
//    whose header names one of those words;
//  - anywhere else, a bare 40-hex (git commit) or 64-hex (sha256) token, with
//    key "hex".
// The result is in order of first appearance, each (key, value) pair once.
// Binary files (a NUL byte in the first 8 KiB) give nothing.
#ifndef REPRO_STAGES_INSPECT_LINEAGE_SOURCE_IDS_H_
#define REPRO_STAGES_INSPECT_LINEAGE_SOURCE_IDS_H_

#include <string>
#include <vector>

#include "absl/strings/string_view.h"

namespace repro::lineage {

struct SourceId {
  std::string key;
  std::string value;
  bool operator==(const SourceId& o) const { return key == o.key && value == o.value; }
};

std::vector<SourceId> ExtractSourceIds(absl::string_view file_name, absl::string_view text);

}  // namespace repro::lineage

#endif  // REPRO_STAGES_INSPECT_LINEAGE_SOURCE_IDS_H_
