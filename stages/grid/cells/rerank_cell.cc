#include "stages/grid/cells/rerank_cell.h"

#include <map>
#include <memory>
#include <set>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "stages/framework/pipeline/sha256.h"
#include "stages/framework/pipeline/status_macros.h"
#include "stages/grid/cells/external_cell.h"
#include "stages/retrieval/harness_config.h"

namespace repro::grid {
namespace {

// RERANK_SCORER_EXTERNAL: the config's program ranks the pool, written as
// its corpus (the pool's files and their chunks, as the cell holds them).
class ExternalPoolScorer : public retrieval::PoolScorer {
 public:
  ExternalPoolScorer(const Stage& stage, const retrieval::HarnessConfig& config,
                     const retrieval::Corpus& corpus, const std::string& context,
                     const std::string& task_id)
      : stage_(stage), config_(config), corpus_(corpus), context_(context), task_id_(task_id) {}

  absl::StatusOr<std::vector<retrieval::PoolCandidate>> Rerank(
      absl::string_view query, const std::vector<retrieval::PoolCandidate>& pool) override {
    std::set<std::string> paths;
    for (const retrieval::PoolCandidate& p : pool) paths.insert(p.path);
    const retrieval::Corpus pool_corpus = corpus_.Restricted(paths);
    ASSIGN_OR_RETURN(
        const retrieval::HarnessRun run,
        RunExternalCell(stage_, config_, pool_corpus, context_, task_id_, std::string(query)));
    std::map<std::string, size_t> index;
    for (size_t f = 0; f < pool_corpus.files().size(); ++f) {
      index[pool_corpus.files()[f].path] = f;
    }
    std::vector<retrieval::PoolCandidate> out;
    for (const retrieval::RankedFile& f : run.result.files()) {
      const auto it = index.find(f.path());  // the run's ids are the corpus's (ParseRun)
      out.push_back({f.path(),
                     it == index.end() ? "" : Sha256Hex(pool_corpus.FileDocument(it->second)),
                     f.score()});
    }
    return out;
  }

 private:
  const Stage& stage_;
  const retrieval::HarnessConfig& config_;
  const retrieval::Corpus& corpus_;
  const std::string context_, task_id_;
};

}  // namespace

absl::StatusOr<retrieval::RerankerRun> RunRerankCell(
    const Stage& stage, const retrieval::HarnessConfig& config, const retrieval::Corpus& corpus,
    retrieval::EmbeddingBackend* dense, retrieval::ChunkVectorSource* chunk_vectors,
    const std::string& context, const corpus::Task& task) {
  const std::string& first_name = config.rerank().first_stage();
  absl::StatusOr<const Stage::Input*> in = stage.Find("first_stage");
  if (!in.ok()) {
    return absl::FailedPreconditionError(absl::StrCat(context, ": reranker ", config.name(),
                                                      ": expected input first_stage (the ",
                                                      "config of ", first_name, "), found none"));
  }
  ASSIGN_OR_RETURN(const std::string text, stage.Read("first_stage"));
  ASSIGN_OR_RETURN(const retrieval::HarnessConfig first,
                   retrieval::ParseHarnessConfig(text, (*in)->short_path));
  if (first.name() != first_name) {
    return absl::InvalidArgumentError(absl::StrCat(context,
                                                   ": input first_stage: expected the config of ",
                                                   first_name, ", found ", first.name()));
  }
  ASSIGN_OR_RETURN(const absl::string_view first_query,
                   retrieval::SelectQuery(first, task.id(), task.query(), task.reformulation()));
  ASSIGN_OR_RETURN(const absl::string_view query,
                   retrieval::SelectQuery(config, task.id(), task.query(), task.reformulation()));
  std::unique_ptr<retrieval::PoolScorer> scorer;
  if (config.rerank().scorer() == retrieval::RERANK_SCORER_EXTERNAL) {
    scorer = std::make_unique<ExternalPoolScorer>(stage, config, corpus, context, task.id());
  } else if (dense == nullptr || chunk_vectors == nullptr) {
    return absl::InternalError(absl::StrCat(context, ": the scorer's model is not open"));
  } else {
    ASSIGN_OR_RETURN(scorer, retrieval::DenseFileScorer::Create(corpus, *chunk_vectors));
  }
  const bool first_dense = first.has_dense();
  return retrieval::RunReranker(config, first, corpus, first_dense ? dense : nullptr,
                                first_dense ? chunk_vectors : nullptr, first_query, query, *scorer,
                                context);
}

void DescribePool(const retrieval::HarnessConfig& config, const retrieval::RerankerRun& run,
                  ConditionOutcome* outcome) {
  RerankPool* pool = outcome->mutable_rerank_pool();
  pool->set_first_stage(config.rerank().first_stage());
  pool->set_k(static_cast<int32_t>(config.rerank().k()));
  pool->set_candidates(static_cast<int32_t>(run.pool.size()));
  pool->set_pool_sha256(retrieval::PoolSha256(run.pool));
}

}  // namespace repro::grid
