// Snapshots: a task set's corpus of one commit (schema: corpus.proto).
//
// BuildSnapshot takes the commit's tree (ParseLsTree) and the dumped blobs
// (ParseCatFileBatch) and keeps every entry with IsCorpusMode (corpus_path.h)
// whose path is of one of `languages` (language_set.h), sorted by path in
// byte order. A kept entry whose path is not valid UTF-8 (git allows any
// bytes but NUL; a proto3 string, and so every artifact, cannot hold them) is
// recorded in Snapshot.skipped.non_utf8_paths, its path escaped as \xNN (Utf8Safe,
// utf8.h) with its blob id: skipped and counted as a missing blob is, never
// fatal, never silent, and its blob is not looked up. Each other kept blob
// is either
//  - present: its bytes must hash to the tree's blob id (git's SHA-1 of
//    "blob <size>\0<content>"), else DataLoss naming the path: the dump and
//    the tree disagree; or
//  - missing from the clone ("<oid> missing" in the dump): recorded in
//    Snapshot.missing, never fatal, never silent.
// A kept blob absent from the dump altogether is an Internal error (the dump
// must cover the tree's corpus; extract_history.sh and the rules disagree).
//
// SnapshotSha256 is SHA-256 (FIPS 180-4) over the manifest lines
// "<path>\t<blob id>\t<sha256>\t<bytes>\n" of the present files in path
// order: equal content gives an equal hash, whatever the commit. Missing blobs
// and non-UTF-8 paths are not in the hash (they are not in the corpus either).
//
// NonUtf8PathsNote is the stage log's line for a snapshot with non-UTF-8
// paths, "<n> file(s) whose path is not valid UTF-8, skipped and recorded:
// <escaped path>, ...", or "" when it has none.
//
// VerifySnapshot checks an artifact read back: sorted unique paths, sha256
// and bytes of each content (when content is present), and snapshot_sha256.
#ifndef REPRO_STAGES_CORPUS_SNAPSHOT_H_
#define REPRO_STAGES_CORPUS_SNAPSHOT_H_

#include <map>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "stages/corpus/corpus.pb.h"
#include "stages/corpus/git_dump.h"
#include "stages/corpus/language_set.h"

namespace repro {
namespace corpus {

// git's blob id: lowercase hex SHA-1 of "blob <size>\0" + content.
std::string GitBlobId(absl::string_view content);

absl::StatusOr<Snapshot> BuildSnapshot(absl::string_view repository, absl::string_view commit,
                                       const std::vector<TreeEntry>& tree,
                                       const std::map<std::string, BatchObject>& blobs,
                                       const LanguageSet& languages);

std::string SnapshotSha256(const Snapshot& snapshot);

// The snapshot without file contents (the manifest artifact).
Snapshot StripContent(const Snapshot& snapshot);

// `require_content`: every file must carry its bytes (a full snapshot).
absl::Status VerifySnapshot(const Snapshot& snapshot, bool require_content);

// Total bytes of the present files.
uint64_t SnapshotBytes(const Snapshot& snapshot);

std::string NonUtf8PathsNote(const Snapshot& snapshot);

// Every language of `languages` has a file in `snapshot` (present, a
// missing blob or a non-UTF-8 path): otherwise FailedPrecondition naming the
// commit, the repository, the language and its extensions, and the task
// set's field (TaskSetRef.languages): a declared language the tree does not
// have is a mistake in the declaration, never an empty corpus.
absl::Status CheckLanguagesPresent(const Snapshot& snapshot, const LanguageSet& languages);

}  // namespace corpus
}  // namespace repro

#endif  // REPRO_STAGES_CORPUS_SNAPSHOT_H_
