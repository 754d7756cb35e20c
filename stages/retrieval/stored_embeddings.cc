#include "stages/retrieval/stored_embeddings.h"

#include <algorithm>
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

// The whole artifact of `stored`'s commit given its reference's, `whole`:
// the reference's rows of every path neither removed nor stored again, and
// the stored rows, in key order.
ChunkEmbeddings ApplyRows(const ChunkEmbeddings& whole, const ChunkEmbeddings& stored) {
  std::set<std::string> replaced(stored.removed().begin(), stored.removed().end());
  for (const ChunkKey& k : stored.chunks()) replaced.insert(k.path());
  ChunkEmbeddings out = stored;
  out.clear_chunks();
  out.clear_vectors();
  const int dims = static_cast<int>(whole.dims());
  auto take = [&out, dims](const ChunkEmbeddings& from, int i) {
    *out.add_chunks() = from.chunks(i);
    out.mutable_vectors()->Add(from.vectors().begin() + i * dims,
                               from.vectors().begin() + (i + 1) * dims);
  };
  int r = 0;
  int s = 0;
  while (r < whole.chunks_size() || s < stored.chunks_size()) {
    if (r < whole.chunks_size() && replaced.count(whole.chunks(r).path())) {
      ++r;
    } else if (s == stored.chunks_size() ||
               (r < whole.chunks_size() && whole.chunks(r).path() < stored.chunks(s).path())) {
      take(whole, r++);
    } else {
      take(stored, s++);
    }
  }
  out.set_count(out.chunks_size());
  return out;
}

}  // namespace

std::string EmbeddingsRole(absl::string_view commit) { return absl::StrCat("embeddings@", commit); }

absl::StatusOr<ChunkEmbeddings> EmbedStoredChunks(const Corpus& corpus,
                                                  const corpus::ChunkSet& stored,
                                                  EmbeddingBackend& model) {
  absl::flat_hash_set<std::string> paths;
  for (const corpus::Chunk& c : stored.chunks()) paths.insert(c.path());
  ASSIGN_OR_RETURN(ChunkEmbeddings a, EmbedCorpusChunks(corpus, model, &paths));
  const std::vector<Key> keys = SortedKeys(stored);
  for (size_t i = 0; i < keys.size() || i < static_cast<size_t>(a.chunks_size()); ++i) {
    const std::string want = i < keys.size() ? KeyText(keys[i]) : "no chunk";
    const std::string found =
        i < static_cast<size_t>(a.chunks_size()) ? KeyText(KeyOf(a.chunks(i))) : "no chunk";
    if (want != found) {
      return absl::FailedPreconditionError(
          absl::StrCat("chunks of commit ", corpus.commit(), ": stored chunk ", i, ": expected ",
                       want, " (the stored ChunkSet's), found ", found, " (the corpus's)"));
    }
  }
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
    whole = ApplyRows(whole, chain[i]);
  }
  whole.clear_reference_commit();
  whole.clear_removed();
  RETURN_IF_ERROR(CheckEmbeddingSizes(
      whole, absl::StrCat(role, " (commit ", whole.commit(), ", applied to its chain)")));
  return whole;
}

}  // namespace repro::retrieval
