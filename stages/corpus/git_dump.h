// Parsers of the plain files that extract_history.sh writes from git's own
// output. Every parser is strict: a malformed record is InvalidArgument
// naming `source` (the file's workspace-relative name), the record number
// (1-based) or byte offset, and what was expected versus found.
//
//  ParseLsTree       `git ls-tree -r -z --full-tree <commit>`: records
//                    "<mode> SP <type> SP <oid> TAB <path> NUL".
//  ParseCatFileBatch `git cat-file --batch`: "<oid> SP <type> SP <size> LF
//                    <content> LF", or "<oid> SP missing LF" for an object
//                    absent from the clone. Result keyed by oid.
//  ParseNameStatusZ  `git diff-tree -r -z --name-status -M`: "<status> NUL
//                    <path> NUL", R and C rows with a second path.
//  ParseCommitIndex  index.tsv: "<commit> TAB <status> [TAB <parent>]*",
//                    status one of present | missing.
#ifndef REPRO_STAGES_CORPUS_GIT_DUMP_H_
#define REPRO_STAGES_CORPUS_GIT_DUMP_H_

#include <map>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"

namespace repro {
namespace corpus {

struct TreeEntry {
  std::string mode;  // e.g. "100644"
  std::string type;  // "blob", "commit" (submodule), "tree" never with -r
  std::string oid;   // 40 hex
  std::string path;  // repository-relative, unquoted (-z)
};

absl::StatusOr<std::vector<TreeEntry>> ParseLsTree(absl::string_view bytes,
                                                   absl::string_view source);

struct BatchObject {
  bool missing = false;
  std::string type;     // empty when missing
  std::string content;  // empty when missing
};

absl::StatusOr<std::map<std::string, BatchObject>> ParseCatFileBatch(absl::string_view bytes,
                                                                     absl::string_view source);

struct NameStatusRow {
  std::string status;    // "M", "A", "D", "T", "R100", "C075", ...
  std::string path;      // the (old) path
  std::string new_path;  // R and C rows only
};

absl::StatusOr<std::vector<NameStatusRow>> ParseNameStatusZ(absl::string_view bytes,
                                                            absl::string_view source);

struct CommitIndexEntry {
  std::string status;                // present | missing
  std::vector<std::string> parents;  // present commits only
};

absl::StatusOr<std::map<std::string, CommitIndexEntry>> ParseCommitIndex(absl::string_view bytes,
                                                                         absl::string_view source);

// True iff `s` is 40 lowercase hex digits.
bool IsCommitId(absl::string_view s);

}  // namespace corpus
}  // namespace repro

#endif  // REPRO_STAGES_CORPUS_GIT_DUMP_H_
