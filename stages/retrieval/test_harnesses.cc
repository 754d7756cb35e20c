#include "stages/retrieval/test_harnesses.h"

#include <utility>

#include "stages/framework/pipeline/status_macros.h"
#include "stages/retrieval/lsa_trainer.h"
#include "stages/retrieval/test_corpus.h"
#include "stages/retrieval/tokenizer.h"

namespace repro::retrieval::testing {

HarnessConfig UnitFilesHarness() {
  HarnessConfig c;
  c.set_name("H000");
  c.set_description("test");
  c.set_document_unit(DOCUMENT_UNIT_FILES);
  c.set_query_field(QUERY_FIELD_QUERY);
  c.set_tokenizer(std::string(kTokenizerVersion));
  c.mutable_bm25()->set_k1(0.9);
  c.mutable_bm25()->set_b(0.4);
  c.set_candidate_limit(200);
  return c;
}

HarnessConfig UnitChunksHarness() {
  HarnessConfig c = UnitFilesHarness();
  c.set_name("H008");
  c.set_document_unit(DOCUMENT_UNIT_FUNCTION_CHUNKS);
  c.mutable_dense()->set_backend(DENSE_BACKEND_LSA);
  c.mutable_dense()->set_dims(16);
  c.mutable_dense()->set_lsa_model("//data/unit:lsa_unit.textproto");
  c.mutable_fusion()->set_rrf_k(60);
  c.mutable_fusion()->set_leg_depth(1000);
  return c;
}

absl::StatusOr<std::string> TrainUnitLsaModel(const Corpus& corpus) {
  LsaTrainingConfig t;
  t.set_model_id("lsa-unit/1");
  t.set_tokenizer(std::string(kTokenizerVersion));
  t.set_training_repository("unit");
  t.set_training_commit(std::string(40, '1'));
  t.set_dims(16);
  t.set_min_df(1);
  t.set_oversample(10);
  t.set_power_iterations(4);
  for (int s : {0, 0, 0, 1}) t.add_seed(s);
  ASSIGN_OR_RETURN(const LsaModel m,
                   TrainLsaModel(t, corpus.ChunkDocuments(), corpus.snapshot_sha256(), "naive"));
  return SerializeLsaModel(m);
}

absl::StatusOr<UnitCorpus> MakeUnitCorpus() {
  UnitCorpus u;
  u.snapshot = SmallGoSnapshot();
  u.chunks = NaiveChunks(u.snapshot);
  ASSIGN_OR_RETURN(Corpus c, Corpus::Create(u.snapshot, u.chunks));
  u.corpus = std::make_unique<Corpus>(std::move(c));
  ASSIGN_OR_RETURN(u.model_bytes, TrainUnitLsaModel(*u.corpus));
  ASSIGN_OR_RETURN(u.lsa, LsaEmbedder::FromArtifact(u.model_bytes, "m"));
  return u;
}

}  // namespace repro::retrieval::testing
