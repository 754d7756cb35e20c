// Test helpers (testonly): the harness configs and the small LSA model that
// the harness and chunk-vector tests share.
//
// UnitFilesHarness() is H000 (BM25 over files, k1 0.9, b 0.4, 200 files);
// UnitChunksHarness() is H008 over function chunks with a 16-dim LSA leg
// (model "//data/unit:lsa_unit.textproto"), RRF k 60, leg depth 1000.
// TrainUnitLsaModel(corpus) trains "lsa-unit/1" (16 dims, min_df 1, fixed
// seed) on the corpus's chunk documents and returns the serialized artifact
// (deterministic bytes), or the trainer's error.
// MakeUnitCorpus() is SmallGoSnapshot() (test_corpus.h), its NaiveChunks, the
// corpus of the two, and the unit LSA model trained on it (artifact bytes and
// the embedder), or the first error.
#ifndef REPRO_STAGES_RETRIEVAL_TEST_HARNESSES_H_
#define REPRO_STAGES_RETRIEVAL_TEST_HARNESSES_H_

#include <memory>
#include <string>

#include "absl/status/statusor.h"
#include "stages/corpus/corpus.pb.h"
#include "stages/retrieval/lsa_embedder.h"
#include "stages/retrieval/retrieval.pb.h"
#include "stages/retrieval/retrieval_corpus.h"

namespace repro::retrieval::testing {

HarnessConfig UnitFilesHarness();
HarnessConfig UnitChunksHarness();
absl::StatusOr<std::string> TrainUnitLsaModel(const Corpus& corpus);

struct UnitCorpus {
  corpus::Snapshot snapshot;
  corpus::ChunkSet chunks;
  std::unique_ptr<Corpus> corpus;
  std::string model_bytes;
  std::unique_ptr<LsaEmbedder> lsa;
};
absl::StatusOr<UnitCorpus> MakeUnitCorpus();

}  // namespace repro::retrieval::testing

#endif  // REPRO_STAGES_RETRIEVAL_TEST_HARNESSES_H_
