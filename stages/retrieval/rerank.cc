#include "stages/retrieval/rerank.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <utility>

#include "absl/strings/str_cat.h"
#include "absl/time/time.h"
#include "stages/framework/pipeline/sha256.h"
#include "stages/framework/pipeline/status_macros.h"
#include "stages/retrieval/harness_config.h"

namespace repro::retrieval {
namespace {

std::map<std::string, size_t> FileIndex(const Corpus& corpus) {
  std::map<std::string, size_t> index;
  for (size_t f = 0; f < corpus.files().size(); ++f) index[corpus.files()[f].path] = f;
  return index;
}

absl::Status NotPreserved(absl::string_view context, absl::string_view reranker,
                          absl::string_view what) {
  return absl::FailedPreconditionError(
      absl::StrCat(context, ": reranker ", reranker, ": ", what, ": the pool is not preserved"));
}

}  // namespace

absl::StatusOr<std::unique_ptr<DenseFileScorer>> DenseFileScorer::Create(
    const Corpus& corpus, ChunkVectorSource& chunk_vectors) {
  std::unique_ptr<DenseFileScorer> s(new DenseFileScorer(corpus, chunk_vectors.model()));
  RETURN_IF_ERROR(chunk_vectors.Vectors(corpus, &s->vectors_));
  const size_t dims = static_cast<size_t>(s->model_.dims());
  if (s->vectors_.size() != corpus.chunks().size() * dims) {
    return absl::InternalError(absl::StrCat("chunk vectors of ", s->model_.model_id(), ": ",
                                            s->vectors_.size(), " floats for ",
                                            corpus.chunks().size(), " chunks of ", dims, " dims"));
  }
  s->chunks_of_file_.resize(corpus.files().size());
  for (size_t c = 0; c < corpus.chunks().size(); ++c) {
    s->chunks_of_file_[corpus.chunks()[c].file].push_back(static_cast<uint32_t>(c));
  }
  return s;
}

absl::StatusOr<std::vector<PoolCandidate>> DenseFileScorer::Rerank(
    absl::string_view query, const std::vector<PoolCandidate>& pool) {
  std::vector<float> q;
  RETURN_IF_ERROR(model_.Embed({std::string(query)}, &q));
  const size_t dims = static_cast<size_t>(model_.dims());
  if (q.size() != dims) {
    return absl::InternalError(absl::StrCat("dense model ", model_.model_id(), " returned ",
                                            q.size(), " floats for one query"));
  }
  const std::map<std::string, size_t> index = FileIndex(corpus_);
  std::vector<PoolCandidate> out;
  for (const PoolCandidate& p : pool) {
    const auto it = index.find(p.path);
    if (it == index.end()) {
      return absl::InternalError(absl::StrCat("pool candidate ", p.path, " is not in the corpus"));
    }
    double best = 0;
    bool any = false;
    for (uint32_t c : chunks_of_file_[it->second]) {
      const float* row = vectors_.data() + c * dims;
      double dot = 0;
      for (size_t d = 0; d < dims; ++d) dot += static_cast<double>(row[d]) * q[d];
      if (!any || dot > best) best = dot;
      any = true;
    }
    out.push_back({p.path, Sha256Hex(corpus_.FileDocument(it->second)), best});
  }
  std::stable_sort(out.begin(), out.end(), [](const PoolCandidate& a, const PoolCandidate& b) {
    return a.score > b.score;
  });
  return out;
}

absl::StatusOr<std::vector<PoolCandidate>> FirstStagePool(const HarnessResult& first,
                                                          const Corpus& corpus, int k) {
  const std::map<std::string, size_t> index = FileIndex(corpus);
  std::vector<PoolCandidate> pool;
  for (int i = 0; i < first.files_size() && i < k; ++i) {
    const RankedFile& f = first.files(i);
    const auto it = index.find(f.path());
    if (it == index.end()) {
      return absl::InternalError(absl::StrCat("first stage ", first.harness(), " ranked ", f.path(),
                                              ", not in the corpus"));
    }
    pool.push_back({f.path(), Sha256Hex(corpus.FileDocument(it->second)), f.score()});
  }
  return pool;
}

absl::Status ProvePoolPreserved(const std::vector<PoolCandidate>& pool,
                                const std::vector<PoolCandidate>& reranked,
                                absl::string_view context, absl::string_view reranker) {
  std::map<std::string, const PoolCandidate*> before;
  for (const PoolCandidate& p : pool) before[p.path] = &p;
  std::map<std::string, bool> seen;
  for (size_t i = 0; i < reranked.size(); ++i) {
    const PoolCandidate& r = reranked[i];
    const std::string at = absl::StrCat("candidate ", r.path, " (reranked rank ", i + 1, ")");
    const auto it = before.find(r.path);
    if (it == before.end()) {
      return NotPreserved(context, reranker,
                          absl::StrCat(at, ": expected a candidate of the first stage's top ",
                                       pool.size(), ", found one outside it"));
    }
    if (!seen.emplace(r.path, true).second) {
      return NotPreserved(context, reranker, absl::StrCat(at, ": expected once, found twice"));
    }
    if (r.sha256 != it->second->sha256) {
      return NotPreserved(
          context, reranker,
          absl::StrCat(at, ": content sha256 expected ", it->second->sha256, ", found ", r.sha256));
    }
    if (!std::isfinite(r.score)) {
      return NotPreserved(context, reranker,
                          absl::StrCat(at, ": score expected finite, found ", r.score));
    }
  }
  for (const PoolCandidate& p : pool) {
    if (!seen.count(p.path)) {
      return NotPreserved(
          context, reranker,
          absl::StrCat("candidate ", p.path, ": expected in the reranked list (", pool.size(),
                       " candidates), found ", reranked.size(), " without it"));
    }
  }
  return absl::OkStatus();
}

HarnessResult MergeReranked(const HarnessResult& first,
                            const std::vector<PoolCandidate>& reranked) {
  HarnessResult out = first;
  for (size_t i = 0; i < reranked.size(); ++i) {
    RankedFile* f = out.mutable_files(static_cast<int>(i));
    f->set_path(reranked[i].path);
    f->set_score(reranked[i].score);
  }
  std::map<std::string, int> position;
  for (int i = 0; i < out.files_size(); ++i) position[out.files(i).path()] = i;
  const auto pos = [&](const RankedFunction& fn) {
    const auto it = position.find(fn.path());
    return it == position.end() ? std::numeric_limits<int>::max() : it->second;
  };
  std::stable_sort(
      out.mutable_functions()->begin(), out.mutable_functions()->end(),
      [&](const RankedFunction& a, const RankedFunction& b) { return pos(a) < pos(b); });
  return out;
}

std::string PoolSha256(const std::vector<PoolCandidate>& pool) {
  std::string lines;
  for (const PoolCandidate& p : pool) absl::StrAppend(&lines, p.path, "\t", p.sha256, "\n");
  return Sha256Hex(lines);
}

absl::StatusOr<RerankerRun> RunReranker(const HarnessConfig& reranker,
                                        const HarnessConfig& first_stage, const Corpus& corpus,
                                        EmbeddingBackend* first_dense,
                                        ChunkVectorSource* first_vectors,
                                        absl::string_view first_query, absl::string_view query,
                                        PoolScorer& scorer, absl::string_view context) {
  ASSIGN_OR_RETURN(HarnessRun run,
                   RunHarness(first_stage, corpus, first_dense, first_query, first_vectors));
  const absl::Time t0 = absl::Now();
  ASSIGN_OR_RETURN(const std::vector<PoolCandidate> pool,
                   FirstStagePool(run.result, corpus, static_cast<int>(reranker.rerank().k())));
  ASSIGN_OR_RETURN(const std::vector<PoolCandidate> reranked, scorer.Rerank(query, pool));
  RETURN_IF_ERROR(ProvePoolPreserved(pool, reranked, context, reranker.name()));
  HarnessResult merged = MergeReranked(run.result, reranked);
  merged.set_harness(reranker.name());
  merged.set_config_sha256(HarnessConfigSha256(reranker));
  merged.set_query(std::string(query));
  HarnessResult first = std::exchange(run.result, std::move(merged));
  run.query_time += absl::Now() - t0;
  return RerankerRun{std::move(run), pool, std::move(first)};
}

}  // namespace repro::retrieval
