#include "stages/retrieval/retrieval_corpus.h"

#include <algorithm>
#include <map>
#include <tuple>
#include <utility>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "stages/framework/pipeline/sha256.h"
#include "stages/framework/pipeline/status_macros.h"

namespace repro::retrieval {

namespace {

// InvalidArgument naming the snapshot: "snapshot <repository>@<commit>: <parts>".
class CorpusError {
 public:
  explicit CorpusError(const corpus::Snapshot& snapshot)
      : where_(absl::StrCat("snapshot ", snapshot.repository(), "@", snapshot.commit())) {}

  template <typename... Parts>
  absl::Status operator()(const Parts&... parts) const {
    return absl::InvalidArgumentError(absl::StrCat(where_, ": ", parts...));
  }

 private:
  std::string where_;
};

using FilesByPath = std::map<std::string, Corpus::File>;
using FileIds = std::map<std::string, uint32_t>;

// The snapshot's files (each checked: path order, size, sha256), then the
// extra files, by path.
absl::StatusOr<FilesByPath> CollectFiles(const corpus::Snapshot& snapshot,
                                         const std::vector<ExtraFile>& extra,
                                         const CorpusError& error) {
  FilesByPath by_path;
  for (int i = 0; i < snapshot.files_size(); ++i) {
    const corpus::SourceFile& f = snapshot.files(i);
    if (f.path().empty()) return error("files[", i, "].path is empty");
    if (i > 0 && !(snapshot.files(i - 1).path() < f.path())) {
      return error("files[", i, "].path: expected a path after \"", snapshot.files(i - 1).path(),
                   "\" (strict byte order), found \"", f.path(), "\"");
    }
    if (f.content().size() != f.bytes()) {
      return error("files[", i, "] (", f.path(), ").content: expected ", f.bytes(),
                   " bytes (SourceFile.bytes), found ", f.content().size(),
                   f.content().empty() ? " (a manifest without content?)" : "");
    }
    const std::string sha = Sha256Hex(f.content());
    if (sha != f.sha256()) {
      return error("files[", i, "] (", f.path(), ").sha256: expected ", f.sha256(), ", found ", sha,
                   " (of the content)");
    }
    by_path.emplace(f.path(), Corpus::File{f.path(), f.content(), false});
  }
  for (size_t i = 0; i < extra.size(); ++i) {
    if (extra[i].path.empty()) return error("extra file ", i, ": empty path");
    if (!by_path.emplace(extra[i].path, Corpus::File{extra[i].path, extra[i].content, true})
             .second) {
      return error("extra file ", i, " (", extra[i].path,
                   "): path already in the corpus (must be new and unique)");
    }
  }
  return by_path;
}

// Every chunk names a file of the corpus; a function chunk has
// 1 <= start_line <= end_line.
absl::Status CheckChunks(const corpus::ChunkSet& chunks, const FileIds& file_id,
                         const CorpusError& error) {
  for (int i = 0; i < chunks.chunks_size(); ++i) {
    const corpus::Chunk& ch = chunks.chunks(i);
    if (file_id.find(ch.path()) == file_id.end()) {
      return error("ChunkSet.chunks[", i, "] (", ch.path(), " ", ch.function(),
                   "): path is not a file of the corpus");
    }
    if (!ch.function().empty() && (ch.start_line() < 1 || ch.end_line() < ch.start_line())) {
      return error("ChunkSet.chunks[", i, "] (", ch.path(), " ", ch.function(),
                   "): expected 1 <= start_line <= end_line, found ", ch.start_line(), "..",
                   ch.end_line());
    }
  }
  return absl::OkStatus();
}

// The chunks sorted by (path, function, start_line), a key at most once.
absl::StatusOr<std::vector<Corpus::ChunkEntry>> SortedChunks(const corpus::ChunkSet& chunks,
                                                             const FileIds& file_id,
                                                             const CorpusError& error) {
  RETURN_IF_ERROR(CheckChunks(chunks, file_id, error));
  std::vector<int> order(static_cast<size_t>(chunks.chunks_size()));
  for (int i = 0; i < chunks.chunks_size(); ++i) order[static_cast<size_t>(i)] = i;
  auto key = [&chunks](int i) {
    const corpus::Chunk& ch = chunks.chunks(i);
    return std::tuple<const std::string&, const std::string&, uint32_t>(ch.path(), ch.function(),
                                                                        ch.start_line());
  };
  std::sort(order.begin(), order.end(), [&key](int a, int b) { return key(a) < key(b); });
  std::vector<Corpus::ChunkEntry> sorted;
  sorted.reserve(order.size());
  for (size_t k = 0; k < order.size(); ++k) {
    const corpus::Chunk& ch = chunks.chunks(order[k]);
    if (k > 0 && key(order[k - 1]) == key(order[k])) {
      return error("ChunkSet.chunks[", order[k], "] (", ch.path(), " ", ch.function(), " line ",
                   ch.start_line(), "): duplicate chunk key (path, function, start_line)");
    }
    sorted.push_back(Corpus::ChunkEntry{file_id.at(ch.path()), ch.function(), ch.start_line(),
                                        ch.end_line(), ch.text()});
  }
  return sorted;
}

}  // namespace

absl::StatusOr<Corpus> Corpus::Create(const corpus::Snapshot& snapshot,
                                      const corpus::ChunkSet& chunks,
                                      const std::vector<ExtraFile>& extra) {
  const CorpusError error(snapshot);
  if (chunks.snapshot_sha256() != snapshot.snapshot_sha256()) {
    return error("ChunkSet.snapshot_sha256: expected ", snapshot.snapshot_sha256(),
                 " (Snapshot.snapshot_sha256), found ", chunks.snapshot_sha256());
  }

  Corpus c;
  c.repository_ = snapshot.repository();
  c.commit_ = snapshot.commit();
  c.snapshot_sha256_ = snapshot.snapshot_sha256();
  c.chunker_ = chunks.chunker();

  // Files: the snapshot's (checked), then extra files, sorted by path.
  ASSIGN_OR_RETURN(FilesByPath by_path, CollectFiles(snapshot, extra, error));
  FileIds file_id;
  c.files_.reserve(by_path.size());
  for (auto& [path, file] : by_path) {
    file_id.emplace(path, static_cast<uint32_t>(c.files_.size()));
    c.files_.push_back(std::move(file));
  }

  ASSIGN_OR_RETURN(c.chunks_, SortedChunks(chunks, file_id, error));
  std::vector<bool> covered(c.files_.size(), false);
  for (const ChunkEntry& ch : c.chunks_) covered[ch.file] = true;
  for (size_t f = 0; f < c.files_.size(); ++f) {
    if (!covered[f]) {
      return error("file ", c.files_[f].path, c.files_[f].extra ? " (extra)" : "",
                   " has no chunk: the ChunkSet must cover every file (chunk extra files with "
                   "the corpus chunker and append them)");
    }
  }
  return c;
}

std::string DocumentText(absl::string_view path, absl::string_view text) {
  return absl::StrCat(path, "\n", text);
}

Corpus Corpus::Restricted(const std::set<std::string>& paths) const {
  Corpus c;
  c.repository_ = repository_;
  c.commit_ = commit_;
  c.snapshot_sha256_ = snapshot_sha256_;
  c.chunker_ = chunker_;
  std::vector<int64_t> new_id(files_.size(), -1);
  for (size_t f = 0; f < files_.size(); ++f) {
    if (!paths.count(files_[f].path)) continue;
    new_id[f] = static_cast<int64_t>(c.files_.size());
    c.files_.push_back(files_[f]);
  }
  for (const ChunkEntry& ch : chunks_) {
    if (new_id[ch.file] < 0) continue;
    c.chunks_.push_back(ch);
    c.chunks_.back().file = static_cast<uint32_t>(new_id[ch.file]);
  }
  return c;
}

std::string Corpus::FileDocument(size_t file) const {
  return DocumentText(files_[file].path, files_[file].content);
}

std::string Corpus::ChunkDocument(size_t chunk) const {
  return DocumentText(files_[chunks_[chunk].file].path, chunks_[chunk].text);
}

std::vector<std::string> Corpus::ChunkDocuments() const {
  std::vector<std::string> out;
  out.reserve(chunks_.size());
  for (size_t i = 0; i < chunks_.size(); ++i) out.push_back(ChunkDocument(i));
  return out;
}

}  // namespace repro::retrieval
