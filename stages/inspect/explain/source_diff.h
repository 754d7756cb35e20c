// What changed inside an authored source file, named as its author thinks of
// it: a field of a text proto, a field of one record of a JSON Lines file.
//
// DescribeChange(schemas, path, old_bytes, new_bytes) returns one line per change:
//   - a text proto whose header names its message ("# proto-message: <full
//     name>") and its file ("# proto-file: <path>") of a schema in
//     `schemas` (authored_schemas.h): the fields that differ, by MessageDifferencer,
//     as "fusion.rrf_k: 60 -> 30", "s002_doses[2] added: 20",
//     "tasks[F02].query: \"a\" -> \"b\"" (a repeated message whose type has a
//     string field `id`, else `name`, is matched by it and named by it);
//   - a .jsonl file: records matched by their "id" member, as
//     "task F02 query: \"a\" -> \"b\"", "task F04 added", "task F04 removed";
//   - anything else, or a file that does not parse: no line (the caller names
//     the file and its digests).
// Values are printed in text-format (strings quoted); a value longer than 80
// characters is cut there with "...".
//
// AuthoredFieldDigests(schemas, path, bytes) digests every field of a task file (a
// TaskSet text proto, "# proto-message: repro.corpus.TaskSet", or a JSON
// Lines file of records with a string "id"): per task ("task <id>") each set
// field's value (its text format, repeated values one a line; a JSON
// member's dump), and the fields outside the tasks (record ""); nullopt for
// any other file or one that does not parse. DescribeFieldChanges compares
// two such digests, one line per difference: "task G10 query changed",
// "task G11 added", "task G09 removed", "task G10 notes added",
// "lsa_training_commit changed"; so an edit is named even when only the old
// file's digests are left (run_state.h, AuthoredFields).
//
// SourceBytes finds the bytes of a source input with a given digest (the
// first kDigestHexDigits hex digits of its sha256): the workspace's copy, the
// output base's copy of an external repository's file, or the file at each
// given git revision of the workspace, in that order; only bytes with that
// digest are returned. A path that is absolute, holds "..", or a character
// outside [A-Za-z0-9_./@+=-] is never looked up. A revision is passed to
// `git show` after --end-of-options, so that it is never read as an option;
// ParseRevisions refuses one that starts with '-' before any is used.
#ifndef REPRO_STAGES_INSPECT_EXPLAIN_SOURCE_DIFF_H_
#define REPRO_STAGES_INSPECT_EXPLAIN_SOURCE_DIFF_H_

#include <optional>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "stages/inspect/explain/authored_schemas.h"
#include "stages/inspect/explain/run_state.h"

namespace repro::explain {

std::vector<std::string> DescribeChange(const AuthoredSchemas& schemas, absl::string_view path,
                                        absl::string_view old_bytes, absl::string_view new_bytes);

std::optional<AuthoredFields> AuthoredFieldDigests(const AuthoredSchemas& schemas,
                                                   absl::string_view path, absl::string_view bytes);
std::vector<std::string> DescribeFieldChanges(const AuthoredFields& before,
                                              const AuthoredFields& after);

class SourceBytes {
 public:
  // Empty `workspace`: only `external_dir` is read; `revisions` need a
  // workspace that is a git work tree.
  // `schemas` must outlive this object.
  SourceBytes(std::string workspace, std::string external_dir, std::vector<std::string> revisions,
              const AuthoredSchemas& schemas)
      : workspace_(std::move(workspace)),
        external_dir_(std::move(external_dir)),
        revisions_(std::move(revisions)),
        schemas_(schemas) {}

  // The schemas that read authored text protos (DescribeChange).
  const AuthoredSchemas& schemas() const { return schemas_; }

  std::optional<std::string> Find(const std::string& path, const std::string& digest) const;
  // The file at the first revision that has it, whatever its digest.
  std::optional<std::string> AtRevision(const std::string& path) const;
  // The workspace's copy, whatever its digest.
  std::optional<std::string> InWorkspace(const std::string& path) const;

 private:
  std::string workspace_;
  std::string external_dir_;
  std::vector<std::string> revisions_;
  const AuthoredSchemas& schemas_;
};

// The revisions of explain's --revision flag: comma-separated git revisions
// (empty ones skipped). InvalidArgument naming the flag and the revision when
// one starts with '-' (git would read it as an option).
absl::StatusOr<std::vector<std::string>> ParseRevisions(absl::string_view flag_value);

// A path safe to look up: relative, not starting with "-", no empty, "." or
// ".." component, only [A-Za-z0-9_./@+=-].
bool IsPlainRelativePath(absl::string_view path);

}  // namespace repro::explain

#endif  // REPRO_STAGES_INSPECT_EXPLAIN_SOURCE_DIFF_H_
