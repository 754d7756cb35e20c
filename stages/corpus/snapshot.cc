#include "stages/corpus/snapshot.h"

#include <algorithm>
#include <set>
#include <utility>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "stages/corpus/corpus_path.h"
#include "stages/framework/pipeline/sha256.h"
#include "stages/framework/pipeline/utf8.h"

namespace repro {
namespace corpus {

std::string GitBlobId(absl::string_view content) {
  const std::string header = absl::StrCat("blob ", content.size());
  // The header with its terminating NUL, then the content (git's object format).
  return Sha1Hex({absl::string_view(header.data(), header.size() + 1), content});
}

absl::StatusOr<Snapshot> BuildSnapshot(absl::string_view repository, absl::string_view commit,
                                       const std::vector<TreeEntry>& tree,
                                       const std::map<std::string, BatchObject>& blobs,
                                       const LanguageSet& languages) {
  std::vector<const TreeEntry*> kept;
  for (const TreeEntry& e : tree) {
    if (e.type == "blob" && IsCorpusMode(e.mode) && languages.IsCorpusPath(e.path)) {
      kept.push_back(&e);
    }
  }
  std::sort(kept.begin(), kept.end(),
            [](const TreeEntry* a, const TreeEntry* b) { return a->path < b->path; });

  Snapshot snapshot;
  snapshot.set_repository(std::string(repository));
  snapshot.set_commit(std::string(commit));
  for (size_t i = 0; i < kept.size(); ++i) {
    const TreeEntry& e = *kept[i];
    if (i > 0 && kept[i - 1]->path == e.path) {
      return absl::InvalidArgumentError(
          absl::StrCat("commit ", commit, ": path ", Utf8Safe(e.path), " twice in the tree"));
    }
    if (!IsValidUtf8(e.path)) {
      NonUtf8Path* n = snapshot.mutable_skipped()->add_non_utf8_paths();
      n->set_escaped_path(Utf8Safe(e.path));
      n->set_blob_id(e.oid);
      continue;
    }
    auto it = blobs.find(e.oid);
    if (it == blobs.end()) {
      return absl::InternalError(
          absl::StrCat("commit ", commit, ": blob ", e.oid, " of ", e.path,
                       " is not in the blob dump (extract_history.sh and corpus_path.cc "
                       "select different files)"));
    }
    const BatchObject& obj = it->second;
    if (obj.missing) {
      MissingBlob* m = snapshot.add_missing();
      m->set_path(e.path);
      m->set_blob_id(e.oid);
      continue;
    }
    if (obj.type != "blob") {
      return absl::DataLossError(absl::StrCat("commit ", commit, ": ", e.path, ": object ", e.oid,
                                              " is a ", obj.type, ", expected a blob"));
    }
    const std::string id = GitBlobId(obj.content);
    if (id != e.oid) {
      return absl::DataLossError(absl::StrCat("commit ", commit, ": ", e.path,
                                              ": dumped content hashes to blob ", id,
                                              ", the tree says ", e.oid));
    }
    SourceFile* f = snapshot.add_files();
    f->set_path(e.path);
    f->set_blob_id(e.oid);
    f->set_sha256(Sha256Hex(obj.content));
    f->set_bytes(obj.content.size());
    f->set_content(obj.content);
  }
  snapshot.set_snapshot_sha256(SnapshotSha256(snapshot));
  return snapshot;
}

absl::Status CheckLanguagesPresent(const Snapshot& snapshot, const LanguageSet& languages) {
  std::set<std::string> present;
  for (const SourceFile& f : snapshot.files()) {
    if (const languages::Rules* r = languages.LanguageOf(f.path())) present.insert(r->language());
  }
  for (const MissingBlob& m : snapshot.missing()) {
    if (const languages::Rules* r = languages.LanguageOf(m.path())) present.insert(r->language());
  }
  for (const NonUtf8Path& n : snapshot.skipped().non_utf8_paths()) {
    const languages::Rules* r = languages.LanguageOf(n.escaped_path());
    if (r != nullptr) present.insert(r->language());
  }
  for (const languages::Rules& r : languages.rules()) {
    if (present.count(r.language())) continue;
    return absl::FailedPreconditionError(absl::StrCat(
        "commit ", snapshot.commit(), " of ", snapshot.repository(), ": no file of language ",
        r.language(), " (", absl::StrJoin(r.extensions(), ", "),
        ") in its tree; the task set's field languages (task_set.languages of its experiment "
        "files) declares it"));
  }
  return absl::OkStatus();
}

std::string SnapshotSha256(const Snapshot& snapshot) {
  std::string lines;
  for (const SourceFile& f : snapshot.files()) {
    absl::StrAppend(&lines, f.path(), "\t", f.blob_id(), "\t", f.sha256(), "\t", f.bytes(), "\n");
  }
  return Sha256Hex(lines);
}

Snapshot StripContent(const Snapshot& snapshot) {
  Snapshot out = snapshot;
  for (SourceFile& f : *out.mutable_files()) f.clear_content();
  return out;
}

absl::Status VerifySnapshot(const Snapshot& snapshot, bool require_content) {
  const std::string name =
      absl::StrCat("snapshot of ", snapshot.repository(), "@", snapshot.commit());
  for (int i = 0; i < snapshot.files_size(); ++i) {
    const SourceFile& f = snapshot.files(i);
    if (i > 0 && !(snapshot.files(i - 1).path() < f.path())) {
      return absl::DataLossError(
          absl::StrCat(name, ": files[", i, "] (", f.path(), ") is not in strict path order"));
    }
    if (require_content || !f.content().empty()) {
      if (f.content().size() != f.bytes() || Sha256Hex(f.content()) != f.sha256()) {
        return absl::DataLossError(absl::StrCat(name, ": files[", i, "] (", f.path(),
                                                "): content does not match its ", "bytes/sha256"));
      }
    }
  }
  const std::string expected = SnapshotSha256(snapshot);
  if (expected != snapshot.snapshot_sha256()) {
    return absl::DataLossError(absl::StrCat(name, ": snapshot_sha256 is ",
                                            snapshot.snapshot_sha256(), ", the manifest hashes to ",
                                            expected));
  }
  return absl::OkStatus();
}

std::string NonUtf8PathsNote(const Snapshot& snapshot) {
  if (snapshot.skipped().non_utf8_paths_size() == 0) return "";
  return absl::StrCat(
      snapshot.skipped().non_utf8_paths_size(),
      " file(s) whose path is not valid UTF-8, skipped and recorded: ",
      absl::StrJoin(snapshot.skipped().non_utf8_paths(), ", ",
                    [](std::string* out, const NonUtf8Path& n) { out->append(n.escaped_path()); }));
}

uint64_t SnapshotBytes(const Snapshot& snapshot) {
  uint64_t total = 0;
  for (const SourceFile& f : snapshot.files()) total += f.bytes();
  return total;
}

}  // namespace corpus
}  // namespace repro
