#include "stages/grid/cells/rerank_cell.h"

#include <memory>

#include "absl/strings/str_cat.h"
#include "stages/framework/pipeline/status_macros.h"
#include "stages/retrieval/harness_config.h"

namespace repro::grid {

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
  if (dense == nullptr || chunk_vectors == nullptr) {
    return absl::InternalError(absl::StrCat(context, ": the scorer's model is not open"));
  }
  ASSIGN_OR_RETURN(const absl::string_view first_query,
                   retrieval::SelectQuery(first, task.id(), task.query(), task.reformulation()));
  ASSIGN_OR_RETURN(const absl::string_view query,
                   retrieval::SelectQuery(config, task.id(), task.query(), task.reformulation()));
  ASSIGN_OR_RETURN(std::unique_ptr<retrieval::DenseFileScorer> scorer,
                   retrieval::DenseFileScorer::Create(corpus, *chunk_vectors));
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
