#include "stages/grid/cells/packing_pool.h"

#include <map>
#include <set>
#include <tuple>
#include <utility>

#include "absl/strings/str_cat.h"
#include "stages/framework/pipeline/sha256.h"

namespace repro::grid {
namespace {

using ChunkKey = std::tuple<std::string, std::string, uint32_t>;  // path, function, start

std::vector<std::string> ClaimsOf(const GoldLabels& gold, const std::string& path,
                                  const std::string* function) {
  std::set<std::string> out;
  for (const auto& [p, f] : gold.functions) {
    if (p == path && (function == nullptr || *function == f)) out.insert(FunctionId(p, f));
  }
  return {out.begin(), out.end()};
}

PoolEntry Entry(int rank, std::string id, const std::string& file, std::string text,
                std::vector<std::string> claims) {
  PoolEntry e;
  e.rank = rank;
  e.unit.id = std::move(id);
  e.unit.file = file;
  e.unit.claims = std::move(claims);
  e.sha256 = Sha256Hex(text);
  e.text = std::move(text);
  return e;
}

absl::StatusOr<std::vector<PoolEntry>> FunctionPool(const retrieval::HarnessResult& ranked,
                                                    const retrieval::Corpus& corpus,
                                                    const GoldLabels& gold, int depth,
                                                    const std::string& where) {
  std::map<ChunkKey, size_t> chunk_of;
  for (size_t i = 0; i < corpus.chunks().size(); ++i) {
    const auto& c = corpus.chunks()[i];
    chunk_of.emplace(ChunkKey{corpus.files()[c.file].path, c.function, c.start_line}, i);
  }
  std::vector<PoolEntry> out;
  std::set<ChunkKey> seen;
  for (int r = 0; r < ranked.functions_size() && static_cast<int>(out.size()) < depth; ++r) {
    const retrieval::RankedFunction& f = ranked.functions(r);
    const ChunkKey key{f.path(), f.function(), f.start_line()};
    if (!seen.insert(key).second) continue;
    auto it = chunk_of.find(key);
    if (it == chunk_of.end()) {
      return absl::InternalError(absl::StrCat(where, ": ranked function ", f.path(),
                                              "::", f.function(), "@", f.start_line(),
                                              " is not a chunk of the cell's corpus"));
    }
    out.push_back(
        Entry(r + 1, absl::StrCat(FunctionId(f.path(), f.function()), "@", f.start_line()),
              f.path(), corpus.chunks()[it->second].text, ClaimsOf(gold, f.path(), &f.function())));
  }
  return out;
}

absl::StatusOr<std::vector<PoolEntry>> FilePool(const retrieval::HarnessResult& ranked,
                                                const retrieval::Corpus& corpus,
                                                const GoldLabels& gold, int depth,
                                                const std::string& where) {
  std::map<std::string, size_t> file_of;
  for (size_t i = 0; i < corpus.files().size(); ++i) file_of.emplace(corpus.files()[i].path, i);
  std::vector<PoolEntry> out;
  for (int r = 0; r < ranked.files_size() && r < depth; ++r) {
    const std::string& path = ranked.files(r).path();
    auto it = file_of.find(path);
    if (it == file_of.end()) {
      return absl::InternalError(
          absl::StrCat(where, ": ranked file ", path, " is not a file of the cell's corpus"));
    }
    out.push_back(Entry(r + 1, path, path, corpus.files()[it->second].content,
                        ClaimsOf(gold, path, nullptr)));
  }
  return out;
}

}  // namespace

std::string FunctionId(const std::string& path, const std::string& function) {
  return absl::StrCat(path, "::", function);
}

absl::StatusOr<std::vector<PoolEntry>> BuildPackingPool(const retrieval::HarnessResult& ranked,
                                                        const retrieval::Corpus& corpus,
                                                        const GoldLabels& gold,
                                                        experiments::PackingUnit unit, int depth,
                                                        const std::string& where) {
  if (unit == experiments::PACKING_UNIT_FILE) return FilePool(ranked, corpus, gold, depth, where);
  return FunctionPool(ranked, corpus, gold, depth, where);
}

}  // namespace repro::grid
