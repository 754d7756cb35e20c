#include "stages/corpus/stored_corpus.h"

#include <algorithm>
#include <map>
#include <set>
#include <utility>
#include <vector>

#include "absl/strings/str_cat.h"
#include "stages/corpus/chunker.h"
#include "stages/corpus/internal/zlib_content.h"
#include "stages/corpus/snapshot.h"
#include "stages/framework/pipeline/stage_proto.h"
#include "stages/framework/pipeline/status_macros.h"

namespace repro {
namespace corpus {
namespace {

// The whole form of a stored message given its reference's whole form:
// the reference's entries of every path neither removed nor stored again,
// and the stored ones, in path order (`path_of` of each entry).
template <typename Entries, typename PathOf>
Entries Apply(const Entries& reference, const Entries& stored,
              const google::protobuf::RepeatedPtrField<std::string>& removed, PathOf path_of) {
  std::set<std::string> replaced(removed.begin(), removed.end());
  for (const auto& e : stored) replaced.insert(path_of(e));
  Entries out;
  auto r = reference.begin();
  auto s = stored.begin();
  while (r != reference.end() || s != stored.end()) {
    if (r != reference.end() && replaced.count(path_of(*r))) {
      ++r;
    } else if (s == stored.end() || (r != reference.end() && path_of(*r) < path_of(*s))) {
      *out.Add() = *r++;
    } else {
      // Several chunks of one path are stored together, in their order.
      *out.Add() = *s++;
    }
  }
  return out;
}

// Fills the text of chunks [begin, end), those of `file`, from its lines.
absl::Status FillFile(const SourceFile& file, int begin, int end,
                      google::protobuf::RepeatedPtrField<Chunk>* chunks) {
  const std::vector<absl::string_view> lines = SplitLines(file.content());
  std::vector<bool> in_function(lines.size() + 1, false);
  for (int i = begin; i < end; ++i) {
    Chunk* c = chunks->Mutable(i);
    const bool rest = i + 1 == end;
    if (c->start_line() < 1 || c->end_line() < c->start_line() || c->end_line() > lines.size()) {
      if (!(rest && lines.empty() && c->start_line() == 1 && c->end_line() == 0)) {
        return absl::DataLossError(absl::StrCat(file.path(), ": chunk ", c->function(), " lines ",
                                                c->start_line(), "-", c->end_line(),
                                                " outside the file's 1-", lines.size()));
      }
    }
    std::string text;
    for (uint32_t l = c->start_line(); l <= c->end_line() && l <= lines.size(); ++l) {
      if (rest && in_function[l]) continue;
      absl::StrAppend(&text, lines[l - 1]);
      if (!rest) in_function[l] = true;
    }
    c->set_text(std::move(text));
  }
  return absl::OkStatus();
}

// Replaces each compressed content of `stored`, the artifact of input
// `role`, by the content itself.
absl::Status InflateFiles(absl::string_view role, Snapshot* stored) {
  if (!stored->has_content_coding()) return absl::OkStatus();
  if (stored->content_coding().format() != "zlib") {
    return absl::DataLossError(absl::StrCat(role, ": commit ", stored->commit(),
                                            ": content_coding format expected \"zlib\", found \"",
                                            stored->content_coding().format(), "\""));
  }
  for (SourceFile& f : *stored->mutable_files()) {
    absl::StatusOr<std::string> content = internal::InflateContent(f.content(), f.bytes());
    if (!content.ok()) {
      return absl::DataLossError(absl::StrCat(role, ": commit ", stored->commit(), ": file ",
                                              f.path(), ": ", content.status().message()));
    }
    *f.mutable_content() = *std::move(content);
  }
  stored->clear_content_coding();
  return absl::OkStatus();
}

// The files of `whole` whose (path, blob id) `reference` lacks, and the
// reference's paths `whole` lacks; content as is.
Snapshot StoredAgainst(const Snapshot& whole, const Snapshot& reference) {
  std::map<std::string, std::string> blob_at;
  for (const SourceFile& f : reference.files()) blob_at[f.path()] = f.blob_id();
  Snapshot stored = whole;
  stored.clear_files();
  stored.set_reference_commit(reference.commit());
  std::set<std::string> paths;
  for (const SourceFile& f : whole.files()) {
    paths.insert(f.path());
    auto it = blob_at.find(f.path());
    if (it == blob_at.end() || it->second != f.blob_id()) *stored.add_files() = f;
  }
  for (const auto& [path, blob] : blob_at) {
    if (!paths.count(path)) stored.add_removed(path);
  }
  return stored;
}

}  // namespace

namespace {
absl::StatusOr<ChunkSet> ReadWholeChunks(const ProtoReader& read, absl::string_view role,
                                         const Snapshot& snapshot, bool fill_text);
}  // namespace

ProtoReader StageProtoReader(const Stage& stage) {
  return [&stage](absl::string_view role, google::protobuf::Message* m) {
    return ReadInputProto(stage, role, m);
  };
}

std::string SnapshotRole(absl::string_view commit) { return absl::StrCat("snapshot@", commit); }
std::string ChunksRole(absl::string_view commit) { return absl::StrCat("chunks@", commit); }

absl::StatusOr<Snapshot> ReadSnapshot(const ProtoReader& read, absl::string_view role) {
  ASSIGN_OR_RETURN(std::vector<Snapshot> chain, ReadChain<Snapshot>(read, role, &SnapshotRole));
  for (size_t i = 0; i < chain.size(); ++i) {
    RETURN_IF_ERROR(InflateFiles(
        i == 0 ? std::string(role) : SnapshotRole(chain[i - 1].reference_commit()), &chain[i]));
  }
  Snapshot whole = std::move(chain.back());
  for (int i = static_cast<int>(chain.size()) - 2; i >= 0; --i) {
    const Snapshot& stored = chain[i];
    if (whole.commit() != stored.reference_commit()) {
      return absl::DataLossError(absl::StrCat(role, ": ", SnapshotRole(stored.reference_commit()),
                                              " holds the snapshot of commit ", whole.commit()));
    }
    *whole.mutable_files() =
        Apply(whole.files(), stored.files(), stored.removed(),
              [](const SourceFile& f) -> const std::string& { return f.path(); });
    whole.set_commit(stored.commit());
    whole.set_repository(stored.repository());
    *whole.mutable_missing() = stored.missing();
    whole.clear_skipped();
    if (stored.has_skipped()) *whole.mutable_skipped() = stored.skipped();
    whole.set_snapshot_sha256(stored.snapshot_sha256());
  }
  whole.clear_reference_commit();
  whole.clear_removed();
  if (absl::Status s = VerifySnapshot(whole, /*require_content=*/true); !s.ok()) {
    return absl::Status(s.code(), absl::StrCat(role, ": ", s.message()));
  }
  return whole;
}

absl::StatusOr<ChunkSet> ReadChunks(const ProtoReader& read, absl::string_view role,
                                    const Snapshot& snapshot) {
  return ReadWholeChunks(read, role, snapshot, /*fill_text=*/true);
}

absl::StatusOr<ChunkSet> ReadChunkRanges(const ProtoReader& read, absl::string_view role,
                                         const Snapshot& manifest) {
  return ReadWholeChunks(read, role, manifest, /*fill_text=*/false);
}

namespace {
absl::StatusOr<ChunkSet> ReadWholeChunks(const ProtoReader& read, absl::string_view role,
                                         const Snapshot& snapshot, bool fill_text) {
  ASSIGN_OR_RETURN(std::vector<ChunkSet> chain, ReadChain<ChunkSet>(read, role, &ChunksRole));
  ChunkSet whole = std::move(chain.back());
  std::set<std::string> suspect(whole.suspect_files().begin(), whole.suspect_files().end());
  for (int i = static_cast<int>(chain.size()) - 2; i >= 0; --i) {
    const ChunkSet& stored = chain[i];
    std::set<std::string> again(stored.removed().begin(), stored.removed().end());
    for (const Chunk& c : stored.chunks()) again.insert(c.path());
    for (const std::string& p : again) suspect.erase(p);
    suspect.insert(stored.suspect_files().begin(), stored.suspect_files().end());
    *whole.mutable_chunks() = Apply(whole.chunks(), stored.chunks(), stored.removed(),
                                    [](const Chunk& c) -> const std::string& { return c.path(); });
    whole.set_chunker(stored.chunker());
    whole.set_snapshot_sha256(stored.snapshot_sha256());
  }
  whole.clear_reference_commit();
  whole.clear_removed();
  whole.clear_suspect_files();
  for (const std::string& p : suspect) whole.add_suspect_files(p);  // sorted, as written
  if (whole.snapshot_sha256() != snapshot.snapshot_sha256()) {
    return absl::DataLossError(absl::StrCat(role, ": chunks of snapshot ", whole.snapshot_sha256(),
                                            ", the snapshot of commit ", snapshot.commit(), " is ",
                                            snapshot.snapshot_sha256()));
  }
  int c = 0;
  for (const SourceFile& f : snapshot.files()) {
    const int begin = c;
    while (c < whole.chunks_size() && whole.chunks(c).path() == f.path()) ++c;
    if (c == begin) {
      return absl::DataLossError(
          absl::StrCat(role, ": no chunk of ", f.path(), " (commit ", snapshot.commit(), ")"));
    }
    if (fill_text) RETURN_IF_ERROR(FillFile(f, begin, c, whole.mutable_chunks()));
  }
  if (c != whole.chunks_size()) {
    return absl::DataLossError(absl::StrCat(role, ": chunk of ", whole.chunks(c).path(),
                                            ", which is not a file of commit ", snapshot.commit()));
  }
  return whole;
}
}  // namespace

absl::StatusOr<Snapshot> StoredSnapshot(const Snapshot& whole, const Snapshot* reference) {
  Snapshot stored = reference == nullptr ? whole : StoredAgainst(whole, *reference);
  for (SourceFile& f : *stored.mutable_files()) {
    ASSIGN_OR_RETURN(*f.mutable_content(), internal::DeflateContent(f.content()));
  }
  stored.mutable_content_coding()->set_format("zlib");
  stored.mutable_content_coding()->set_level(internal::kContentLevel);
  return stored;
}

ChunkSet StoredChunks(const ChunkSet& whole, const Snapshot& stored) {
  ChunkSet out = whole;
  out.clear_chunks();
  out.clear_suspect_files();
  std::set<std::string> keep;
  for (const SourceFile& f : stored.files()) keep.insert(f.path());
  const bool all = stored.reference_commit().empty();
  for (const Chunk& c : whole.chunks()) {
    if (!all && !keep.count(c.path())) continue;
    Chunk* k = out.add_chunks();
    *k = c;
    k->clear_text();
  }
  for (const std::string& p : whole.suspect_files()) {
    if (all || keep.count(p)) out.add_suspect_files(p);
  }
  out.set_reference_commit(stored.reference_commit());
  *out.mutable_removed() = stored.removed();
  return out;
}

}  // namespace corpus
}  // namespace repro
