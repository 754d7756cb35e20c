#include "stages/retrieval/vector_cache_fill.h"

#include <cmath>
#include <map>
#include <utility>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "stages/framework/pipeline/sha256.h"
#include "stages/framework/pipeline/status_macros.h"
#include "stages/retrieval/retrieval_corpus.h"

namespace repro::retrieval {

std::vector<std::string> ChunkTexts(const corpus::ChunkSet& chunks) {
  std::vector<std::string> out;
  out.reserve(static_cast<size_t>(chunks.chunks_size()));
  for (const corpus::Chunk& c : chunks.chunks()) out.push_back(DocumentText(c.path(), c.text()));
  return out;
}

std::vector<std::pair<std::string, std::string>> SampleTexts(absl::Span<const std::string> texts,
                                                             int64_t limit) {
  std::map<std::string, const std::string*> unique;  // sha256 -> text, sorted
  for (const std::string& t : texts) unique.emplace(Sha256Hex(t), &t);
  std::vector<std::pair<std::string, std::string>> out;
  for (const auto& [sha, text] : unique) {
    if (limit > 0 && static_cast<int64_t>(out.size()) == limit) break;
    out.emplace_back(sha, *text);
  }
  return out;
}

absl::StatusOr<FillStats> FillVectorCache(absl::Span<const std::string> texts,
                                          EmbeddingBackend& backend, VectorCacheWriter& cache,
                                          int batch, const FillProgressFn& on_batch) {
  FillStats stats;
  stats.texts = static_cast<int64_t>(texts.size());
  std::map<std::string, const std::string*> unique;  // sha256 -> text, sorted
  for (const std::string& t : texts) unique.emplace(Sha256Hex(t), &t);
  stats.unique = static_cast<int64_t>(unique.size());
  std::vector<std::pair<std::string, std::string>> missing;  // sha, text
  const size_t dims = static_cast<size_t>(backend.dims());
  for (const auto& [sha, text] : unique) {
    ASSIGN_OR_RETURN(std::optional<std::vector<float>> got,
                     cache.Get({backend.model_id(), backend.model_sha256(), sha}, dims));
    if (got.has_value()) {
      ++stats.present;
    } else {
      missing.emplace_back(sha, *text);
    }
  }
  for (size_t begin = 0; begin < missing.size(); begin += static_cast<size_t>(batch)) {
    const size_t end = std::min(missing.size(), begin + static_cast<size_t>(batch));
    std::vector<std::string> batch_texts;
    for (size_t i = begin; i < end; ++i) batch_texts.push_back(missing[i].second);
    std::vector<float> vectors;
    RETURN_IF_ERROR(backend.Embed(batch_texts, &vectors));
    std::vector<std::pair<CacheKey, std::vector<float>>> entries;
    for (size_t i = begin; i < end; ++i) {
      const float* v = vectors.data() + (i - begin) * dims;
      entries.push_back({{backend.model_id(), backend.model_sha256(), missing[i].first},
                         std::vector<float>(v, v + dims)});
    }
    RETURN_IF_ERROR(cache.PutMany(entries));
    stats.embedded += static_cast<int64_t>(end - begin);
    if (on_batch) on_batch({stats.embedded, static_cast<int64_t>(missing.size())});
  }
  return stats;
}

namespace {

std::string Duration(int64_t seconds) {
  if (seconds >= 3600) {
    return absl::StrFormat("%dh%02dm%02ds", seconds / 3600, seconds / 60 % 60, seconds % 60);
  }
  if (seconds >= 60) return absl::StrFormat("%dm%02ds", seconds / 60, seconds % 60);
  return absl::StrCat(seconds, "s");
}

}  // namespace

std::string ProgressLine(const FillProgress& progress, double elapsed_seconds) {
  constexpr int kCells = 20;
  const int64_t total = std::max<int64_t>(progress.missing, 1);
  const int filled = static_cast<int>(kCells * std::min(progress.embedded, total) / total);
  const double rate = elapsed_seconds > 0 ? progress.embedded / elapsed_seconds : 0;
  const std::string eta =
      rate > 0 ? Duration(static_cast<int64_t>(
                     std::ceil(static_cast<double>(progress.missing - progress.embedded) / rate)))
               : "?";
  return absl::StrFormat("[%s%s] %*d/%d texts  %.1f texts/s  ETA %s", std::string(filled, '#'),
                         std::string(kCells - filled, '.'),
                         static_cast<int>(absl::StrCat(progress.missing).size()), progress.embedded,
                         progress.missing, rate, eta);
}

}  // namespace repro::retrieval
