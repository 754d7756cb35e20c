#include "stages/retrieval/harness.h"

#include <algorithm>
#include <utility>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "stages/framework/pipeline/status_macros.h"
#include "stages/retrieval/chunk_vectors.h"
#include "stages/retrieval/fusion.h"
#include "stages/retrieval/harness_config.h"
#include "stages/retrieval/tokenizer.h"

namespace repro::retrieval {
namespace {

void CopyBm25Stats(const Bm25Stats& s, IndexStats* out) {
  out->set_documents(static_cast<uint64_t>(s.documents));
  out->set_vocabulary(static_cast<uint64_t>(s.vocabulary));
  out->set_postings(static_cast<uint64_t>(s.postings));
  out->set_tokens(static_cast<uint64_t>(s.tokens));
  out->set_bytes(static_cast<uint64_t>(s.bytes));
}

// The dense model a harness is given: none for DOCUMENT_UNIT_FILES; for
// chunks one with the config's dims and, for a server model, the id and
// sha256 pinned in the config for the corpus repository.
absl::Status CheckDenseModel(const HarnessConfig& config, const Corpus& corpus,
                             const EmbeddingBackend* dense) {
  if (config.document_unit() == DOCUMENT_UNIT_FILES) {
    if (dense != nullptr) {
      return absl::InvalidArgumentError(absl::StrCat(
          "harness ", config.name(), ": DOCUMENT_UNIT_FILES has no dense leg; pass no model"));
    }
    return absl::OkStatus();
  }
  if (dense == nullptr) {
    return absl::FailedPreconditionError(
        absl::StrCat("harness ", config.name(), ": needs a dense model, none given"));
  }
  // Models pinned in the config (server models) are checked here; LSA
  // models were checked against the experiment's pins when opened
  // (dense_backend.h).
  if (config.dense().backend() == DENSE_BACKEND_SERVER_CACHE) {
    ASSIGN_OR_RETURN(PinnedModel pinned, PinnedModelFor(config, corpus.repository()));
    if (dense->model_id() != pinned.model_id()) {
      return absl::FailedPreconditionError(absl::StrCat(
          "harness ", config.name(), ": dense model id mismatch for corpus repository \"",
          corpus.repository(), "\": expected ", pinned.model_id(), ", found ", dense->model_id()));
    }
    if (dense->model_sha256() != pinned.sha256()) {
      return absl::FailedPreconditionError(absl::StrCat(
          "harness ", config.name(), ": dense model sha256 mismatch for corpus repository \"",
          corpus.repository(), "\": expected ", pinned.sha256(), " (pinned in the config), found ",
          dense->model_sha256()));
    }
  }
  if (dense->dims() != static_cast<int>(config.dense().dims())) {
    return absl::FailedPreconditionError(
        absl::StrCat("harness ", config.name(), ": dense dims mismatch: expected ",
                     config.dense().dims(), ", found ", dense->dims()));
  }
  return absl::OkStatus();
}

// The chunk vectors of `source`, all-zero vectors (no known token) left out.
absl::StatusOr<FlatIpIndex> BuildDenseIndex(const Corpus& corpus, ChunkVectorSource& source) {
  const int dims = source.model().dims();
  std::vector<float> all;
  RETURN_IF_ERROR(source.Vectors(corpus, &all));
  if (all.size() != corpus.chunks().size() * static_cast<size_t>(dims)) {
    return absl::InternalError(absl::StrCat("chunk vectors of ", source.model().model_id(), ": ",
                                            all.size(), " floats for ", corpus.chunks().size(),
                                            " chunks of ", dims, " dims"));
  }
  std::vector<float> kept;
  std::vector<uint32_t> ids;
  for (size_t c = 0; c < corpus.chunks().size(); ++c) {
    const float* row = all.data() + c * dims;
    if (std::any_of(row, row + dims, [](float x) { return x != 0.0f; })) {
      kept.insert(kept.end(), row, row + dims);
      ids.push_back(static_cast<uint32_t>(c));
    }
  }
  return FlatIpIndex::Build(dims, kept, std::move(ids));
}

// The chunk vectors a harness is given come from its own dense model.
absl::Status CheckChunkVectors(const HarnessConfig& config, const EmbeddingBackend* dense,
                               const ChunkVectorSource* chunk_vectors) {
  if (chunk_vectors == nullptr || &chunk_vectors->model() == dense) return absl::OkStatus();
  return absl::InvalidArgumentError(absl::StrCat(
      "harness ", config.name(), ": chunk vectors of model ", chunk_vectors->model().model_id(),
      " given, but not of the harness's dense model (",
      dense == nullptr ? "none" : dense->model_id(), ")"));
}

}  // namespace

absl::StatusOr<std::unique_ptr<Harness>> Harness::Build(const HarnessConfig& config,
                                                        const Corpus& corpus,
                                                        EmbeddingBackend* dense,
                                                        ChunkVectorSource* chunk_vectors) {
  RETURN_IF_ERROR(ValidateHarnessConfig(config, absl::StrCat("harness ", config.name())));
  std::unique_ptr<Harness> h(new Harness(config, corpus));
  h->config_sha256_ = HarnessConfigSha256(config);
  const Bm25Params params{config.bm25().k1(), config.bm25().b()};
  const bool files = config.document_unit() == DOCUMENT_UNIT_FILES;
  RETURN_IF_ERROR(CheckDenseModel(config, corpus, dense));
  RETURN_IF_ERROR(CheckChunkVectors(config, dense, chunk_vectors));
  if (!files) h->dense_ = dense;

  if (files) {
    Bm25Index::Builder fb(params);
    for (size_t f = 0; f < corpus.files().size(); ++f) fb.AddText(corpus.FileDocument(f));
    h->file_index_ = std::move(fb).Build();
  }
  Bm25Index::Builder cb(params);
  for (size_t c = 0; c < corpus.chunks().size(); ++c) cb.AddText(corpus.ChunkDocument(c));
  h->chunk_index_ = std::move(cb).Build();

  IndexStats& st = h->stats_;
  st.set_files(corpus.files().size());
  st.set_chunks(corpus.chunks().size());
  CopyBm25Stats(files ? h->file_index_.stats() : h->chunk_index_.stats(), &st);

  if (!files) {
    EmbeddedChunkVectors embedded(*dense);
    ASSIGN_OR_RETURN(FlatIpIndex index,
                     BuildDenseIndex(corpus, chunk_vectors ? *chunk_vectors : embedded));
    h->dense_index_.emplace(std::move(index));
    st.set_dense_dim(static_cast<uint32_t>(dense->dims()));
    st.set_dense_vectors(static_cast<uint64_t>(h->dense_index_->size()));
    st.set_bytes(st.bytes() + static_cast<uint64_t>(h->dense_index_->bytes()));
  }
  return h;
}

absl::Status Harness::QueryFiles(absl::Span<const std::string> tokens, HarnessResult* out) const {
  const std::vector<ScoredId> files = file_index_.Search(tokens, config_.candidate_limit());
  std::vector<double> chunk_score(corpus_.chunks().size(), 0.0);
  for (const ScoredId& s : chunk_index_.Search(tokens)) chunk_score[s.id] = s.score;

  // Chunks of a file are contiguous in key order.
  std::vector<uint32_t> begin(corpus_.files().size() + 1, 0);
  for (const Corpus::ChunkEntry& c : corpus_.chunks()) ++begin[c.file + 1];
  for (size_t f = 1; f < begin.size(); ++f) begin[f] += begin[f - 1];

  std::vector<uint32_t> fns;
  for (const ScoredId& f : files) {
    RankedFile* rf = out->add_files();
    rf->set_path(corpus_.files()[f.id].path);
    rf->set_score(f.score);
    fns.clear();
    for (uint32_t c = begin[f.id]; c < begin[f.id + 1]; ++c) {
      if (!corpus_.chunks()[c].function.empty()) fns.push_back(c);
    }
    std::sort(fns.begin(), fns.end(), [&](uint32_t a, uint32_t b) {
      if (chunk_score[a] != chunk_score[b]) return chunk_score[a] > chunk_score[b];
      const auto& ca = corpus_.chunks()[a];
      const auto& cb = corpus_.chunks()[b];
      if (ca.start_line != cb.start_line) return ca.start_line < cb.start_line;
      return a < b;
    });
    for (uint32_t c : fns) {
      const Corpus::ChunkEntry& ch = corpus_.chunks()[c];
      RankedFunction* fn = out->add_functions();
      fn->set_path(corpus_.files()[ch.file].path);
      fn->set_function(ch.function);
      fn->set_start_line(ch.start_line);
      fn->set_end_line(ch.end_line);
      fn->set_score(chunk_score[c]);
    }
  }
  return absl::OkStatus();
}

absl::Status Harness::QueryChunks(absl::string_view query, absl::Span<const std::string> tokens,
                                  HarnessResult* out) {
  const size_t depth = config_.fusion().leg_depth();
  std::vector<std::vector<ScoredId>> legs(2);
  legs[0] = chunk_index_.Search(tokens, depth);

  std::vector<float> q;
  RETURN_IF_ERROR(dense_->Embed({std::string(query)}, &q));
  if (q.size() != static_cast<size_t>(dense_->dims())) {
    return absl::InternalError(absl::StrCat("dense backend ", dense_->model_id(), " returned ",
                                            q.size(), " floats for one query"));
  }
  if (std::all_of(q.begin(), q.end(), [](float x) { return x == 0.0f; })) {
    out->set_dense_query_empty(true);
  } else {
    ASSIGN_OR_RETURN(std::vector<ScoredId> d, dense_index_->Search(q, depth));
    legs[1] = std::move(d);
  }

  ASSIGN_OR_RETURN(std::vector<ScoredId> fused,
                   ReciprocalRankFusion(legs, static_cast<int>(config_.fusion().rrf_k())));

  std::vector<bool> seen(corpus_.files().size(), false);
  for (const ScoredId& s : fused) {
    const Corpus::ChunkEntry& ch = corpus_.chunks()[s.id];
    const std::string& path = corpus_.files()[ch.file].path;
    if (!seen[ch.file] && out->files_size() < static_cast<int>(config_.candidate_limit())) {
      // Fused order is score desc then chunk key asc, so a file's first chunk
      // is its best, and equal file scores come out in path order.
      seen[ch.file] = true;
      RankedFile* rf = out->add_files();
      rf->set_path(path);
      rf->set_score(s.score);
    }
    if (ch.function.empty()) continue;
    RankedFunction* fn = out->add_functions();
    fn->set_path(path);
    fn->set_function(ch.function);
    fn->set_start_line(ch.start_line);
    fn->set_end_line(ch.end_line);
    fn->set_score(s.score);
  }
  return absl::OkStatus();
}

absl::StatusOr<HarnessResult> Harness::Query(absl::string_view query) {
  HarnessResult out;
  out.set_harness(config_.name());
  out.set_config_sha256(config_sha256_);
  out.set_corpus_repository(corpus_.repository());
  out.set_snapshot_sha256(corpus_.snapshot_sha256());
  if (dense_ != nullptr) out.set_dense_model_sha256(dense_->model_sha256());
  out.set_query(std::string(query));
  const std::vector<std::string> tokens = Tokenize(query);
  for (const std::string& t : tokens) out.add_query_tokens(t);
  *out.mutable_index_stats() = stats_;
  RETURN_IF_ERROR(config_.document_unit() == DOCUMENT_UNIT_FILES
                      ? QueryFiles(tokens, &out)
                      : QueryChunks(query, tokens, &out));
  return out;
}

absl::StatusOr<HarnessRun> RunHarness(const HarnessConfig& config, const Corpus& corpus,
                                      EmbeddingBackend* dense, absl::string_view query,
                                      ChunkVectorSource* chunk_vectors) {
  HarnessRun run;
  const absl::Time t0 = absl::Now();
  ASSIGN_OR_RETURN(std::unique_ptr<Harness> h,
                   Harness::Build(config, corpus, dense, chunk_vectors));
  const absl::Time t1 = absl::Now();
  ASSIGN_OR_RETURN(HarnessResult r, h->Query(query));
  run.build_time = t1 - t0;
  run.query_time = absl::Now() - t1;
  run.result = std::move(r);
  return run;
}

}  // namespace repro::retrieval
