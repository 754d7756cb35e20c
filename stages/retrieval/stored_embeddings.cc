#include "stages/retrieval/stored_embeddings.h"

#include <algorithm>
#include <functional>
#include <map>
#include <set>
#include <tuple>
#include <utility>
#include <vector>

#include "absl/container/flat_hash_set.h"
#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "stages/framework/pipeline/status_macros.h"
#include "stages/retrieval/chunk_vectors.h"

namespace repro::retrieval {
namespace {

using Key = std::tuple<std::string, std::string, uint32_t>;

std::string KeyText(const Key& k) {
  return absl::StrCat("(", std::get<0>(k), ", \"", std::get<1>(k), "\", line ", std::get<2>(k),
                      ")");
}

Key KeyOf(const ChunkKey& k) { return {k.path(), k.function(), k.start_line()}; }

// The keys of `stored`'s chunks in chunk key order (a ChunkSet lists a
// file's rest-of-file chunk last, the key order puts it first).
std::vector<Key> SortedKeys(const corpus::ChunkSet& stored) {
  std::vector<Key> keys;
  for (const corpus::Chunk& c : stored.chunks())
    keys.emplace_back(c.path(), c.function(), c.start_line());
  std::sort(keys.begin(), keys.end());
  return keys;
}

ChunkKey MakeKey(const std::string& path, const std::string& function, uint32_t start_line) {
  ChunkKey k;
  k.set_path(path);
  k.set_function(function);
  k.set_start_line(start_line);
  return k;
}

// (path, function, text) -> start line of the reference's chunks of `paths`
// (the first in key order when a file has two such chunks: their vectors
// are the same).
using ReferenceLines =
    std::map<std::tuple<std::string, std::string, std::string>, uint32_t, std::less<>>;

ReferenceLines IndexReference(const Corpus* reference,
                              const absl::flat_hash_set<std::string>& paths) {
  ReferenceLines out;
  if (reference == nullptr) return out;
  for (const Corpus::ChunkEntry& ch : reference->chunks()) {
    const std::string& path = reference->files()[ch.file].path;
    if (paths.contains(path))
      out.emplace(std::make_tuple(path, ch.function, ch.text), ch.start_line);
  }
  return out;
}

// The rows of `a` are exactly `keys`, the stored ChunkSet's.
absl::Status CheckStoredKeys(const std::string& commit, const std::vector<Key>& keys,
                             const ChunkEmbeddings& a) {
  for (size_t i = 0; i < keys.size() || i < static_cast<size_t>(a.chunks_size()); ++i) {
    const std::string want = i < keys.size() ? KeyText(keys[i]) : "no chunk";
    const std::string found =
        i < static_cast<size_t>(a.chunks_size()) ? KeyText(KeyOf(a.chunks(i))) : "no chunk";
    if (want != found) {
      return absl::FailedPreconditionError(
          absl::StrCat("chunks of commit ", commit, ": stored chunk ", i, ": expected ", want,
                       " (the stored ChunkSet's), found ", found, " (the corpus's)"));
    }
  }
  return absl::OkStatus();
}

// `field` of the reference's whole artifact and of the stored one must agree.
absl::Status Agree(absl::string_view name, absl::string_view ref_name, absl::string_view field,
                   const std::string& ref, const std::string& stored) {
  if (ref == stored) return absl::OkStatus();
  return absl::DataLossError(absl::StrCat(name, ": ChunkEmbeddings.", field, ": expected \"", ref,
                                          "\" (", ref_name, "'s), found \"", stored, "\""));
}

// `stored` (input `name`) may apply to `whole`, the whole artifact of its
// reference (input `ref_name`).
absl::Status CheckLink(const ChunkEmbeddings& whole, const ChunkEmbeddings& stored,
                       absl::string_view name, absl::string_view ref_name) {
  if (whole.commit() != stored.reference_commit()) {
    return absl::DataLossError(absl::StrCat(
        name, ": ", ref_name, " holds the chunk embeddings of commit ", whole.commit()));
  }
  RETURN_IF_ERROR(Agree(name, ref_name, "model_id", whole.model_id(), stored.model_id()));
  RETURN_IF_ERROR(
      Agree(name, ref_name, "model_sha256", whole.model_sha256(), stored.model_sha256()));
  RETURN_IF_ERROR(
      Agree(name, ref_name, "dims", absl::StrCat(whole.dims()), absl::StrCat(stored.dims())));
  RETURN_IF_ERROR(Agree(name, ref_name, "chunker", whole.chunker(), stored.chunker()));
  return Agree(name, ref_name, "repository", whole.repository(), stored.repository());
}

// The row of `whole` (input `ref_name`) that `stored`'s (input `name`)
// shared row `i` names, among `rows` (whole's rows of the paths `stored`
// holds, by key).
absl::StatusOr<int> SharedRowOf(const ChunkEmbeddings& whole, const ChunkEmbeddings& stored, int i,
                                const std::map<Key, int>& rows, absl::string_view name,
                                absl::string_view ref_name) {
  const SharedRow& shared = stored.shared(i);
  const ChunkKey& k = stored.chunks(static_cast<int>(shared.row()));
  const Key want{k.path(), k.function(), shared.reference_start_line()};
  auto it = rows.find(want);
  if (it == rows.end()) {
    return absl::DataLossError(
        absl::StrCat(name, " (commit ", stored.commit(), "): ChunkEmbeddings.shared[", i,
                     "]: chunk ", KeyText(KeyOf(k)), " names the reference's chunk ", KeyText(want),
                     ", which ", ref_name, " (commit ", whole.commit(), ") lacks"));
  }
  return it->second;
}

// The whole artifact of `stored`'s commit (input `name`) given its
// reference's, `whole` (input `ref_name`): the reference's rows of every path
// neither removed nor stored again, and the stored rows, in key order; a
// shared row takes the reference's vector it names.
absl::StatusOr<ChunkEmbeddings> ApplyRows(const ChunkEmbeddings& whole,
                                          const ChunkEmbeddings& stored, absl::string_view name,
                                          absl::string_view ref_name) {
  std::set<std::string> replaced(stored.removed().begin(), stored.removed().end());
  for (const ChunkKey& k : stored.chunks()) replaced.insert(k.path());
  std::map<Key, int> replaced_rows;
  for (int r = 0; r < whole.chunks_size(); ++r) {
    if (replaced.count(whole.chunks(r).path())) replaced_rows.emplace(KeyOf(whole.chunks(r)), r);
  }
  ChunkEmbeddings out = stored;
  out.clear_chunks();
  out.clear_vectors();
  out.clear_shared();
  const int dims = static_cast<int>(whole.dims());
  auto take = [&out, dims](const ChunkKey& key, const ChunkEmbeddings& from, int i) {
    *out.add_chunks() = key;
    out.mutable_vectors()->Add(from.vectors().begin() + i * dims,
                               from.vectors().begin() + (i + 1) * dims);
  };
  int r = 0;
  int s = 0;
  int shared = 0;    // next shared row of `stored`
  int embedded = 0;  // next vector of `stored`
  while (r < whole.chunks_size() || s < stored.chunks_size()) {
    if (r < whole.chunks_size() && replaced.count(whole.chunks(r).path())) {
      ++r;
    } else if (s == stored.chunks_size() ||
               (r < whole.chunks_size() && whole.chunks(r).path() < stored.chunks(s).path())) {
      take(whole.chunks(r), whole, r);
      ++r;
    } else if (shared < stored.shared_size() && stored.shared(shared).row() == uint32_t(s)) {
      ASSIGN_OR_RETURN(const int row,
                       SharedRowOf(whole, stored, shared++, replaced_rows, name, ref_name));
      take(stored.chunks(s++), whole, row);
    } else {
      take(stored.chunks(s++), stored, embedded++);
    }
  }
  out.set_count(out.chunks_size());
  return out;
}

}  // namespace

std::string EmbeddingsRole(absl::string_view commit) { return absl::StrCat("embeddings@", commit); }

absl::StatusOr<ChunkEmbeddings> EmbedStoredChunks(const Corpus& corpus,
                                                  const corpus::ChunkSet& stored,
                                                  const Corpus* reference,
                                                  EmbeddingBackend& model) {
  absl::flat_hash_set<std::string> paths;
  for (const corpus::Chunk& c : stored.chunks()) paths.insert(c.path());
  const ReferenceLines lines = IndexReference(reference, paths);
  ASSIGN_OR_RETURN(ChunkEmbeddings a, EmbeddingsHeader(corpus, model));
  std::vector<std::string> documents;
  for (size_t c = 0; c < corpus.chunks().size(); ++c) {
    const Corpus::ChunkEntry& ch = corpus.chunks()[c];
    const std::string& path = corpus.files()[ch.file].path;
    if (!paths.contains(path)) continue;
    *a.add_chunks() = MakeKey(path, ch.function, ch.start_line);
    auto it = lines.find(std::tie(path, ch.function, ch.text));
    if (it == lines.end()) {
      documents.push_back(corpus.ChunkDocument(c));
      continue;
    }
    SharedRow* shared = a.add_shared();
    shared->set_row(a.chunks_size() - 1);
    shared->set_reference_start_line(it->second);
  }
  a.set_count(a.chunks_size());
  RETURN_IF_ERROR(CheckStoredKeys(corpus.commit(), SortedKeys(stored), a));
  std::vector<float> rows;
  RETURN_IF_ERROR(EmbedRows(model, documents, &rows));
  a.mutable_vectors()->Add(rows.begin(), rows.end());
  a.set_reference_commit(stored.reference_commit());
  *a.mutable_removed() = stored.removed();
  return a;
}

absl::StatusOr<ChunkEmbeddings> ReadChunkEmbeddings(const corpus::ProtoReader& read,
                                                    absl::string_view role) {
  ASSIGN_OR_RETURN(std::vector<ChunkEmbeddings> chain,
                   corpus::ReadChain<ChunkEmbeddings>(read, role, &EmbeddingsRole));
  // names[i]: the input role of chain[i].
  std::vector<std::string> names = {std::string(role)};
  for (size_t i = 1; i < chain.size(); ++i) {
    names.push_back(EmbeddingsRole(chain[i - 1].reference_commit()));
  }
  for (size_t i = 0; i < chain.size(); ++i) {
    RETURN_IF_ERROR(
        CheckEmbeddingSizes(chain[i], absl::StrCat(names[i], " (commit ", chain[i].commit(), ")")));
  }
  ChunkEmbeddings whole = std::move(chain.back());
  for (int i = static_cast<int>(chain.size()) - 2; i >= 0; --i) {
    RETURN_IF_ERROR(CheckLink(whole, chain[i], names[i], names[i + 1]));
    ASSIGN_OR_RETURN(whole, ApplyRows(whole, chain[i], names[i], names[i + 1]));
  }
  whole.clear_reference_commit();
  whole.clear_removed();
  RETURN_IF_ERROR(CheckEmbeddingSizes(
      whole, absl::StrCat(role, " (commit ", whole.commit(), ", applied to its chain)")));
  return whole;
}

}  // namespace repro::retrieval
