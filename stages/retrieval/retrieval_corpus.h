// The corpus a harness searches: a snapshot's files and their function
// chunks, plus optional in-memory extra files (a grid cell's S002 distractors).
//
// Built from the corpus stage's protos (stages/corpus/corpus.proto):
//  - Snapshot: files sorted by path (strictly, byte order), each with its
//    content, whose sha256 and byte count must match the record.
//  - ChunkSet of that snapshot (snapshot_sha256 must match). The caller
//    appends the chunks of every extra file, made with the corpus stage's
//    chunker (stages/corpus/chunker.h), so distractors are chunked exactly as
//    real files. Every file, real or extra, must have at least one chunk (the
//    chunker always emits a rest-of-file chunk), and every chunk must belong
//    to a file: a ChunkSet that does not cover the corpus is an error.
//  - Extra files: path and content; a path must be new and unique.
//
// Order and keys: files are sorted by path; chunks by the chunk key (path,
// function, start_line), byte order, so the rest-of-file chunk (function "")
// comes first in its file. Ids are positions in these orders, and every
// ranking breaks score ties by id ascending, i.e. by key ascending.
//
// Documents: a file document is "<path>\n<content>", a chunk document is
// "<path>\n<chunk text>" (so chunk legs see the path evidence that the file harness's
// file documents see).
//
// Errors: InvalidArgument naming the snapshot (repository@commit), the record
// (index and path/function) and the field, with expected vs found.
#ifndef REPRO_STAGES_RETRIEVAL_RETRIEVAL_CORPUS_H_
#define REPRO_STAGES_RETRIEVAL_RETRIEVAL_CORPUS_H_

#include <cstdint>
#include <set>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "stages/corpus/corpus.pb.h"

namespace repro::retrieval {

struct ExtraFile {
  std::string path;
  std::string content;
};

// "<path>\n<text>": the document of a chunk (and, with the content, of a file).
std::string DocumentText(absl::string_view path, absl::string_view text);

class Corpus {
 public:
  struct File {
    std::string path;
    std::string content;
    bool extra = false;
  };
  struct ChunkEntry {
    uint32_t file = 0;     // index into files()
    std::string function;  // "" for the rest-of-file chunk
    uint32_t start_line = 0;
    uint32_t end_line = 0;
    std::string text;
  };

  static absl::StatusOr<Corpus> Create(const corpus::Snapshot& snapshot,
                                       const corpus::ChunkSet& chunks,
                                       const std::vector<ExtraFile>& extra = {});

  const std::string& repository() const { return repository_; }
  const std::string& commit() const { return commit_; }
  const std::string& snapshot_sha256() const { return snapshot_sha256_; }
  const std::string& chunker() const { return chunker_; }
  const std::vector<File>& files() const { return files_; }
  const std::vector<ChunkEntry>& chunks() const { return chunks_; }

  // The corpus of the files named in `paths` only (a path it lacks adds
  // nothing), with their chunks, in the same order: a reranker's pool as the
  // corpus an external scorer ranks (rerank.h).
  Corpus Restricted(const std::set<std::string>& paths) const;

  std::string FileDocument(size_t file) const;
  std::string ChunkDocument(size_t chunk) const;
  // ChunkDocument of every chunk, in id order.
  std::vector<std::string> ChunkDocuments() const;

 private:
  std::string repository_;
  std::string commit_;
  std::string snapshot_sha256_;
  std::string chunker_;
  std::vector<File> files_;
  std::vector<ChunkEntry> chunks_;
};

}  // namespace repro::retrieval

#endif  // REPRO_STAGES_RETRIEVAL_RETRIEVAL_CORPUS_H_
