#include "stages/retrieval/chunk_vectors.h"

#include <algorithm>
#include <tuple>
#include <utility>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "stages/framework/pipeline/status_macros.h"

namespace repro::retrieval {
namespace {

std::string KeyText(absl::string_view path, absl::string_view function, uint32_t start_line) {
  return absl::StrCat("(", path, ", \"", function, "\", line ", start_line, ")");
}

std::string KeyText(const ChunkKey& k) { return KeyText(k.path(), k.function(), k.start_line()); }

std::tuple<const std::string&, const std::string&, uint32_t> KeyTuple(const ChunkKey& k) {
  return {k.path(), k.function(), k.start_line()};
}

}  // namespace

absl::Status EmbedRows(EmbeddingBackend& model, absl::Span<const std::string> texts,
                       std::vector<float>* out) {
  const size_t base = out->size();
  absl::Status s = model.Embed(texts, out);
  if (s.ok() && out->size() - base != texts.size() * static_cast<size_t>(model.dims())) {
    s = absl::InternalError(absl::StrCat("dense backend ", model.model_id(), " returned ",
                                         out->size() - base, " floats for ", texts.size(),
                                         " texts of ", model.dims(), " dims"));
  }
  if (!s.ok()) out->resize(base);
  return s;
}

absl::Status EmbeddedChunkVectors::Vectors(const Corpus& corpus, std::vector<float>* out) {
  return EmbedRows(model_, corpus.ChunkDocuments(), out);
}

absl::Status CheckEmbeddingSizes(const ChunkEmbeddings& a, absl::string_view source) {
  if (a.dims() < 1) {
    return absl::InvalidArgumentError(
        absl::StrCat(source, ": ChunkEmbeddings.dims: expected >= 1, found ", a.dims()));
  }
  if (a.count() != static_cast<uint64_t>(a.chunks_size())) {
    return absl::InvalidArgumentError(absl::StrCat(source, ": ChunkEmbeddings.chunks: expected ",
                                                   a.count(), " (count), found ", a.chunks_size()));
  }
  for (int i = 0; i < a.shared_size(); ++i) {
    const uint32_t row = a.shared(i).row();
    const uint32_t floor = i == 0 ? 0 : a.shared(i - 1).row() + 1;
    if (row < floor || row >= a.count()) {
      return absl::InvalidArgumentError(
          absl::StrCat(source, ": ChunkEmbeddings.shared[", i, "].row: expected ", floor, " to ",
                       a.count(), " (exclusive; ascending, below count), found ", row));
    }
  }
  if (a.shared_size() == 0 && static_cast<uint64_t>(a.vectors_size()) != a.count() * a.dims()) {
    return absl::InvalidArgumentError(absl::StrCat(
        source, ": ChunkEmbeddings.vectors: expected count x dims = ", a.count(), " x ", a.dims(),
        " = ", a.count() * a.dims(), " floats, found ", a.vectors_size()));
  }
  const uint64_t embedded = a.count() - a.shared_size();
  if (static_cast<uint64_t>(a.vectors_size()) != embedded * a.dims()) {
    return absl::InvalidArgumentError(
        absl::StrCat(source, ": ChunkEmbeddings.vectors: expected (count - shared) x dims = (",
                     a.count(), " - ", a.shared_size(), ") x ", a.dims(), " = ",
                     embedded * a.dims(), " floats, found ", a.vectors_size()));
  }
  for (int i = 1; i < a.chunks_size(); ++i) {
    if (!(KeyTuple(a.chunks(i - 1)) < KeyTuple(a.chunks(i)))) {
      return absl::InvalidArgumentError(absl::StrCat(
          source, ": ChunkEmbeddings.chunks[", i, "]: expected a key after ",
          KeyText(a.chunks(i - 1)), " (strict chunk key order), found ", KeyText(a.chunks(i))));
    }
  }
  return absl::OkStatus();
}

absl::StatusOr<std::unique_ptr<StoredChunkVectors>> StoredChunkVectors::Create(
    ChunkEmbeddings artifact, std::string source, EmbeddingBackend& model) {
  RETURN_IF_ERROR(CheckEmbeddingSizes(artifact, source));
  if (artifact.shared_size() > 0 || !artifact.reference_commit().empty()) {
    return absl::InvalidArgumentError(absl::StrCat(
        source,
        ": ChunkEmbeddings.reference_commit: expected a whole artifact (\"\", no shared "
        "rows; read a stored one with ReadChunkEmbeddings), found \"",
        artifact.reference_commit(), "\" and ", artifact.shared_size(), " shared rows"));
  }
  if (artifact.model_id() != model.model_id() || artifact.model_sha256() != model.model_sha256()) {
    return absl::FailedPreconditionError(
        absl::StrCat(source, ": chunk embeddings of model ", artifact.model_id(), " (sha256 ",
                     artifact.model_sha256(), "), but the harness's pinned model is ",
                     model.model_id(), " (sha256 ", model.model_sha256(), ")"));
  }
  if (static_cast<int64_t>(artifact.dims()) != model.dims()) {
    return absl::FailedPreconditionError(absl::StrCat(source, ": ChunkEmbeddings.dims: expected ",
                                                      model.dims(), " (the model's), found ",
                                                      artifact.dims()));
  }
  return std::unique_ptr<StoredChunkVectors>(
      new StoredChunkVectors(std::move(artifact), std::move(source), model));
}

absl::Status StoredChunkVectors::CheckSnapshot(const Corpus& corpus) const {
  const ChunkEmbeddings& a = artifact_;
  if (a.repository() != corpus.repository() || a.commit() != corpus.commit() ||
      a.snapshot_sha256() != corpus.snapshot_sha256()) {
    return absl::FailedPreconditionError(
        absl::StrCat(source_, ": chunk embeddings of snapshot ", a.repository(), "@", a.commit(),
                     " (sha256 ", a.snapshot_sha256(), "), the corpus is ", corpus.repository(),
                     "@", corpus.commit(), " (sha256 ", corpus.snapshot_sha256(), ")"));
  }
  if (a.chunker() != corpus.chunker()) {
    return absl::FailedPreconditionError(
        absl::StrCat(source_, ": ChunkEmbeddings.chunker: expected \"", corpus.chunker(),
                     "\" (the corpus's), found \"", a.chunker(), "\""));
  }
  return absl::OkStatus();
}

absl::Status StoredChunkVectors::Vectors(const Corpus& corpus, std::vector<float>* out) {
  RETURN_IF_ERROR(CheckSnapshot(corpus));
  const size_t dims = artifact_.dims();
  const size_t count = artifact_.chunks_size();
  // Rows are written in place; on error `out` is cut back to `base`.
  const size_t base = out->size();
  out->resize(base + corpus.chunks().size() * dims);
  float* rows = out->data() + base;
  std::vector<std::string> extra_documents;
  std::vector<size_t> extra_ids;
  size_t r = 0;  // next artifact row
  absl::Status status;
  for (size_t c = 0; c < corpus.chunks().size() && status.ok(); ++c) {
    const Corpus::ChunkEntry& ch = corpus.chunks()[c];
    const Corpus::File& file = corpus.files()[ch.file];
    if (file.extra) {
      extra_documents.push_back(corpus.ChunkDocument(c));
      extra_ids.push_back(c);
      continue;
    }
    status = CheckRow(r, c, file.path, ch);
    if (status.ok()) std::copy_n(artifact_.vectors().data() + r * dims, dims, rows + c * dims);
    ++r;
  }
  if (status.ok() && r != count) {
    status = absl::FailedPreconditionError(
        absl::StrCat(source_, ": ChunkEmbeddings.chunks: expected ", r,
                     " rows (the snapshot's chunks), found ", count));
  }
  std::vector<float> extra;
  if (status.ok()) status = EmbedRows(model_, extra_documents, &extra);
  if (!status.ok()) {
    out->resize(base);
    return status;
  }
  for (size_t i = 0; i < extra_ids.size(); ++i) {
    std::copy_n(extra.data() + i * dims, dims, rows + extra_ids[i] * dims);
  }
  return absl::OkStatus();
}

// Artifact row r must be corpus chunk c, a chunk of the snapshot at `path`.
absl::Status StoredChunkVectors::CheckRow(size_t r, size_t c, const std::string& path,
                                          const Corpus::ChunkEntry& ch) const {
  const std::string found = KeyText(path, ch.function, ch.start_line);
  if (r == static_cast<size_t>(artifact_.chunks_size())) {
    return absl::FailedPreconditionError(
        absl::StrCat(source_, ": ChunkEmbeddings.chunks: expected a row for chunk ", c, " ", found,
                     " of the snapshot, found only ", artifact_.chunks_size(), " rows"));
  }
  const ChunkKey& k = artifact_.chunks(static_cast<int>(r));
  if (k.path() != path || k.function() != ch.function || k.start_line() != ch.start_line) {
    return absl::FailedPreconditionError(absl::StrCat(source_, ": ChunkEmbeddings.chunks[", r,
                                                      "]: expected ", found, " (chunk ", c,
                                                      " of the corpus), found ", KeyText(k)));
  }
  return absl::OkStatus();
}

absl::StatusOr<ChunkEmbeddings> EmbeddingsHeader(const Corpus& corpus, EmbeddingBackend& model) {
  for (const Corpus::File& f : corpus.files()) {
    if (f.extra) {
      return absl::InvalidArgumentError(
          absl::StrCat("corpus ", corpus.repository(), "@", corpus.commit(), ": file ", f.path,
                       " is an extra file; chunk embeddings hold a snapshot's own chunks only"));
    }
  }
  ChunkEmbeddings a;
  a.set_model_id(model.model_id());
  a.set_model_sha256(model.model_sha256());
  a.set_dims(static_cast<uint32_t>(model.dims()));
  a.set_repository(corpus.repository());
  a.set_commit(corpus.commit());
  a.set_snapshot_sha256(corpus.snapshot_sha256());
  a.set_chunker(corpus.chunker());
  return a;
}

absl::StatusOr<ChunkEmbeddings> EmbedCorpusChunks(const Corpus& corpus, EmbeddingBackend& model) {
  ASSIGN_OR_RETURN(ChunkEmbeddings a, EmbeddingsHeader(corpus, model));
  std::vector<std::string> documents;
  for (size_t c = 0; c < corpus.chunks().size(); ++c) {
    const Corpus::ChunkEntry& ch = corpus.chunks()[c];
    ChunkKey* k = a.add_chunks();
    k->set_path(corpus.files()[ch.file].path);
    k->set_function(ch.function);
    k->set_start_line(ch.start_line);
    documents.push_back(corpus.ChunkDocument(c));
  }
  a.set_count(a.chunks_size());
  std::vector<float> rows;
  RETURN_IF_ERROR(EmbedRows(model, documents, &rows));
  a.mutable_vectors()->Add(rows.begin(), rows.end());
  return a;
}

}  // namespace repro::retrieval
