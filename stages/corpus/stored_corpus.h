// How a task set's snapshots and chunk sets are stored, and read back whole.
//
// A commit's Snapshot and ChunkSet artifacts are stored against a reference
// commit (docs/storage.md): a first-parent ancestor chosen from the commit's
// generation alone (the keyframe scheme in stages/corpus/extract_history.sh),
// so that adding a task never changes what another commit is stored against.
// The stored Snapshot holds only the files whose (path, blob id) the
// reference lacks, with content, and the reference's paths the commit lacks
// (`removed`); its `missing`, `skipped` and `snapshot_sha256` are those of
// the whole snapshot. StoredSnapshot writes each file's content compressed
// (`content_coding` "zlib", at a fixed level: the same content gives the
// same bytes); `bytes`, `sha256` and `blob_id` stay the content's, and the
// hash is that of the whole uncompressed snapshot. The stored ChunkSet holds
// chunks without text, only for the stored Snapshot's files; its `chunker`, `snapshot_sha256` and
// `suspect_files` (of those files) are as ChunkSnapshot writes them. A commit
// without a reference (a keyframe, or a commit whose ancestor the clone
// lacks) stores every file, and every chunk, still without text.
//
// A stage reading a commit's corpus gets the commit's artifact under its own
// role and every reference down the chain under the roles
// SnapshotRole(<commit>) = "snapshot@<commit>" and ChunksRole(<commit>) =
// "chunks@<commit>" (stages/corpus/corpus_inputs.bzl adds them). The readers
// return exactly what ChunkSnapshot and BuildSnapshot return for the whole
// commit: ReadSnapshot inflates each artifact's content (a stream that is
// corrupt or not `bytes` long is DataLoss naming the role, the commit and the
// file's path) and verifies the result with VerifySnapshot (every
// content against its sha256, the manifest against snapshot_sha256), and
// ReadChunks checks snapshot_sha256 against the snapshot's and that every
// file of the snapshot has its chunks, then fills each chunk's text (the
// lines of its range; the rest-of-file chunk, last of its file: every line
// outside the file's function chunks). Errors name the role and the commit:
// a reference the inputs lack is NotFound naming the role to add, a chain
// longer than kMaxChain or a cycle is DataLoss.
#ifndef REPRO_STAGES_CORPUS_STORED_CORPUS_H_
#define REPRO_STAGES_CORPUS_STORED_CORPUS_H_

#include <functional>
#include <set>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/string_view.h"
#include "google/protobuf/message.h"
#include "stages/corpus/corpus.pb.h"
#include "stages/framework/pipeline/stage.h"
#include "stages/framework/pipeline/status_macros.h"

namespace repro {
namespace corpus {

// The most artifacts a chain may have, the commit's own included.
inline constexpr int kMaxChain = 64;

// Parses the input with `role` into `message` (ReadInputProto's errors).
using ProtoReader =
    std::function<absl::Status(absl::string_view role, google::protobuf::Message* message)>;

// ReadInputProto over a stage's inputs.
ProtoReader StageProtoReader(const Stage& stage);

std::string SnapshotRole(absl::string_view commit);
std::string ChunksRole(absl::string_view commit);

// The stored artifacts of a chain: the one of input `role` first, then each
// one's reference (input role_of(<its reference_commit>)), down to one stored
// whole. `Message` is any stored artifact with a `reference_commit` field
// (Snapshot, ChunkSet, retrieval's ChunkEmbeddings). A reference the inputs
// lack is NotFound naming the role to add; a cycle or a chain longer than
// kMaxChain is DataLoss.
template <typename Message>
absl::StatusOr<std::vector<Message>> ReadChain(const ProtoReader& read, absl::string_view role,
                                               std::string (*role_of)(absl::string_view)) {
  std::vector<Message> chain(1);
  RETURN_IF_ERROR(read(role, &chain[0]));
  std::set<std::string> seen;
  while (!chain.back().reference_commit().empty()) {
    const std::string ref = chain.back().reference_commit();
    if (!seen.insert(ref).second || static_cast<int>(chain.size()) >= kMaxChain) {
      return absl::DataLossError(
          absl::StrCat(role, ": the chain of references repeats or is longer than ", kMaxChain,
                       " at ", role_of(ref)));
    }
    chain.emplace_back();
    absl::Status s = read(role_of(ref), &chain.back());
    if (absl::IsNotFound(s)) {
      return absl::NotFoundError(absl::StrCat(role, " is stored against commit ", ref,
                                              ": add input role ", role_of(ref), " (", s.message(),
                                              ")"));
    }
    RETURN_IF_ERROR(s);
  }
  return chain;
}

// The whole snapshot of the commit whose stored Snapshot is input `role`.
absl::StatusOr<Snapshot> ReadSnapshot(const ProtoReader& read, absl::string_view role);

// The whole chunk set, text filled from `snapshot` (ReadSnapshot's result
// for the same commit), of the commit whose stored ChunkSet is `role`.
absl::StatusOr<ChunkSet> ReadChunks(const ProtoReader& read, absl::string_view role,
                                    const Snapshot& snapshot);

// ReadChunks without the text: `manifest` is the commit's manifest (or
// snapshot; its content is not read). For stages that count chunks and
// need no text, so they need not read the snapshot.
absl::StatusOr<ChunkSet> ReadChunkRanges(const ProtoReader& read, absl::string_view role,
                                         const Snapshot& manifest);

// The stored form of `whole` against `reference` (a whole snapshot), or
// all of `whole` when `reference` is null; its content compressed.
absl::StatusOr<Snapshot> StoredSnapshot(const Snapshot& whole, const Snapshot* reference);

// The stored form of `whole` (chunks of the whole snapshot) given the
// stored snapshot of the same commit: text cleared, and with a reference
// only the chunks and suspect files of `stored`'s files.
ChunkSet StoredChunks(const ChunkSet& whole, const Snapshot& stored);

}  // namespace corpus
}  // namespace repro

#endif  // REPRO_STAGES_CORPUS_STORED_CORPUS_H_
