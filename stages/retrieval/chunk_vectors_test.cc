#include "stages/retrieval/chunk_vectors.h"

#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "gtest/gtest.h"
#include "stages/framework/pipeline/status_testing.h"
#include "stages/retrieval/harness.h"
#include "stages/retrieval/lsa_embedder.h"
#include "stages/retrieval/test_corpus.h"
#include "stages/retrieval/test_harnesses.h"

namespace repro::retrieval {
namespace {

using testing::MakeSnapshot;
using testing::NaiveChunkFile;
using testing::NaiveChunks;

HarnessConfig HybridConfig() { return testing::UnitChunksHarness(); }

class ChunkVectorsTest : public ::testing::Test {
 protected:
  void SetUp() override {
    absl::StatusOr<testing::UnitCorpus> u = testing::MakeUnitCorpus();
    ASSERT_TRUE(u.ok()) << u.status();
    unit_ = *std::move(u);
    absl::StatusOr<ChunkEmbeddings> a = EmbedCorpusChunks(*unit_.corpus, *unit_.lsa);
    ASSERT_TRUE(a.ok()) << a.status();
    artifact_ = *std::move(a);
  }

  absl::StatusOr<std::unique_ptr<StoredChunkVectors>> Stored(ChunkEmbeddings a) {
    return StoredChunkVectors::Create(std::move(a), "emb.pb", *unit_.lsa);
  }

  // The corpus with one extra file (an S002 distractor), chunked like the rest.
  Corpus WithDistractor() {
    const std::string path = "__harness_distractors__/d0.go";
    const std::string content = "package distractors\n\nfunc CacheUploadRetry() {\n\treturn\n}\n";
    corpus::ChunkSet chunks = unit_.chunks;
    NaiveChunkFile(path, content, &chunks);
    absl::StatusOr<Corpus> c = Corpus::Create(unit_.snapshot, chunks, {{path, content}});
    EXPECT_TRUE(c.ok()) << c.status();
    return *std::move(c);
  }

  testing::UnitCorpus unit_;
  ChunkEmbeddings artifact_;
};

TEST_F(ChunkVectorsTest, ArtifactHoldsEveryChunkInIdOrderWithItsVector) {
  const size_t n = unit_.corpus->chunks().size();
  EXPECT_EQ(artifact_.model_id(), "lsa-unit/1");
  EXPECT_EQ(artifact_.model_sha256(), unit_.lsa->model_sha256());
  EXPECT_EQ(artifact_.dims(), 16u);
  EXPECT_EQ(artifact_.repository(), unit_.corpus->repository());
  EXPECT_EQ(artifact_.commit(), unit_.corpus->commit());
  EXPECT_EQ(artifact_.snapshot_sha256(), unit_.corpus->snapshot_sha256());
  EXPECT_EQ(artifact_.chunker(), unit_.corpus->chunker());
  ASSERT_EQ(artifact_.count(), n);
  ASSERT_EQ(artifact_.chunks_size(), static_cast<int>(n));
  ASSERT_EQ(artifact_.vectors_size(), static_cast<int>(n * 16));
  std::vector<float> row(16);
  for (size_t c = 0; c < n; ++c) {
    const Corpus::ChunkEntry& ch = unit_.corpus->chunks()[c];
    EXPECT_EQ(artifact_.chunks(c).path(), unit_.corpus->files()[ch.file].path);
    EXPECT_EQ(artifact_.chunks(c).function(), ch.function);
    EXPECT_EQ(artifact_.chunks(c).start_line(), ch.start_line);
    unit_.lsa->EmbedOne(unit_.corpus->ChunkDocument(c), absl::MakeSpan(row));
    for (int d = 0; d < 16; ++d) EXPECT_EQ(artifact_.vectors(c * 16 + d), row[d]) << c;
  }
}

TEST_F(ChunkVectorsTest, ZeroRowsAreKept) {
  // A file with no model term (every token unseen in training) keeps its row.
  corpus::Snapshot s = MakeSnapshot("unit", {{"qqq/zzz.qq", "wwwvvv\n"}});
  corpus::ChunkSet chunks = NaiveChunks(s);
  absl::StatusOr<Corpus> c = Corpus::Create(s, chunks);
  ASSERT_TRUE(c.ok()) << c.status();
  absl::StatusOr<ChunkEmbeddings> a = EmbedCorpusChunks(*c, *unit_.lsa);
  ASSERT_TRUE(a.ok()) << a.status();
  ASSERT_EQ(a->count(), 1u);
  ASSERT_EQ(a->vectors_size(), 16);
  for (float x : a->vectors()) EXPECT_EQ(x, 0.0f);
}

TEST_F(ChunkVectorsTest, StoredVectorsEqualEmbeddedOnesBitForBit) {
  for (const Corpus& corpus : {Corpus(*unit_.corpus), WithDistractor()}) {
    absl::StatusOr<std::unique_ptr<StoredChunkVectors>> stored = Stored(artifact_);
    ASSERT_TRUE(stored.ok()) << stored.status();
    std::vector<float> from_artifact, embedded;
    ASSERT_TRUE((*stored)->Vectors(corpus, &from_artifact).ok());
    EmbeddedChunkVectors direct(*unit_.lsa);
    ASSERT_TRUE(direct.Vectors(corpus, &embedded).ok());
    EXPECT_EQ(from_artifact, embedded);
    EXPECT_EQ(from_artifact.size(), corpus.chunks().size() * 16);
  }
}

TEST_F(ChunkVectorsTest, HarnessRanksTheSameFromTheArtifact) {
  const Corpus corpus = WithDistractor();
  for (const char* q : {"S3 cache upload retry", "qqqzzz"}) {
    absl::StatusOr<std::unique_ptr<StoredChunkVectors>> stored = Stored(artifact_);
    ASSERT_TRUE(stored.ok()) << stored.status();
    absl::StatusOr<HarnessRun> a =
        RunHarness(HybridConfig(), corpus, unit_.lsa.get(), q, stored->get());
    absl::StatusOr<HarnessRun> b = RunHarness(HybridConfig(), corpus, unit_.lsa.get(), q);
    ASSERT_TRUE(a.ok()) << a.status();
    ASSERT_TRUE(b.ok()) << b.status();
    EXPECT_EQ(a->result.SerializeAsString(), b->result.SerializeAsString()) << q;
  }
}

TEST_F(ChunkVectorsTest, HarnessRanksDistractorsFromTheArtifactAsWhenEmbedded) {
  // The distractor's chunk is embedded in the cell and ranks where it would.
  const Corpus corpus = WithDistractor();
  absl::StatusOr<std::unique_ptr<StoredChunkVectors>> stored = Stored(artifact_);
  ASSERT_TRUE(stored.ok()) << stored.status();
  absl::StatusOr<HarnessRun> a =
      RunHarness(HybridConfig(), corpus, unit_.lsa.get(), "cache upload retry", stored->get());
  ASSERT_TRUE(a.ok()) << a.status();
  EXPECT_GT(a->result.index_stats().dense_vectors(), 0u);
  bool distractor_ranked = false;
  for (const RankedFile& f : a->result.files()) {
    distractor_ranked |= f.path() == "__harness_distractors__/d0.go";
  }
  EXPECT_TRUE(distractor_ranked);
  for (const char* q : {"qqqzzz"}) {
    absl::StatusOr<HarnessRun> empty =
        RunHarness(HybridConfig(), corpus, unit_.lsa.get(), q, stored->get());
    ASSERT_TRUE(empty.ok()) << empty.status();
    EXPECT_TRUE(empty->result.dense_query_empty());
    EXPECT_EQ(empty->result.files_size(), 0);
  }
}

TEST_F(ChunkVectorsTest, HarnessRefusesChunkVectorsOfAnotherModelObject) {
  absl::StatusOr<std::unique_ptr<StoredChunkVectors>> stored = Stored(artifact_);
  ASSERT_TRUE(stored.ok()) << stored.status();
  absl::StatusOr<std::unique_ptr<LsaEmbedder>> other =
      LsaEmbedder::FromArtifact(unit_.lsa->model().SerializeAsString(), "other");
  ASSERT_TRUE(other.ok()) << other.status();
  EXPECT_TRUE(
      IsError(RunHarness(HybridConfig(), *unit_.corpus, other->get(), "cache", stored->get()),
              absl::StatusCode::kInvalidArgument,
              "harness H008: chunk vectors of model lsa-unit/1 given, but not of the "
              "harness's dense model (lsa-unit/1)"));
}

TEST_F(ChunkVectorsTest, CreateChecksTheSizeContract) {
  ChunkEmbeddings a = artifact_;
  a.set_dims(0);
  EXPECT_TRUE(IsError(Stored(a), absl::StatusCode::kInvalidArgument,
                      "emb.pb: ChunkEmbeddings.dims: expected >= 1, found 0"));
  a = artifact_;
  a.set_count(a.count() + 1);
  EXPECT_TRUE(IsError(Stored(a), absl::StatusCode::kInvalidArgument,
                      "emb.pb: ChunkEmbeddings.chunks: expected"));
  a = artifact_;
  a.mutable_vectors()->RemoveLast();
  EXPECT_TRUE(IsError(Stored(a), absl::StatusCode::kInvalidArgument,
                      "emb.pb: ChunkEmbeddings.vectors: expected count x dims"));
  a = artifact_;
  a.mutable_chunks()->SwapElements(0, 1);
  EXPECT_TRUE(IsError(Stored(a), absl::StatusCode::kInvalidArgument,
                      "emb.pb: ChunkEmbeddings.chunks[1]: expected a key after"));
}

TEST_F(ChunkVectorsTest, CreateChecksTheModel) {
  ChunkEmbeddings a = artifact_;
  a.set_model_sha256(std::string(64, '0'));
  EXPECT_TRUE(IsError(Stored(a), absl::StatusCode::kFailedPrecondition,
                      "emb.pb: chunk embeddings of model lsa-unit/1 (sha256 " +
                          std::string(64, '0') +
                          "), but the harness's pinned model is lsa-unit/1"));
  a = artifact_;
  a.set_model_id("lsa-other/1");
  EXPECT_TRUE(IsError(Stored(a), absl::StatusCode::kFailedPrecondition,
                      "chunk embeddings of model lsa-other/1"));
  a = artifact_;
  a.set_dims(8);
  a.mutable_vectors()->Truncate(static_cast<int>(a.count() * 8));
  EXPECT_TRUE(IsError(Stored(a), absl::StatusCode::kFailedPrecondition,
                      "emb.pb: ChunkEmbeddings.dims: expected 16 (the model's), found 8"));
}

TEST_F(ChunkVectorsTest, VectorsChecksSnapshotChunkerAndRows) {
  auto vectors = [this](ChunkEmbeddings a) -> absl::Status {
    absl::StatusOr<std::unique_ptr<StoredChunkVectors>> s = Stored(std::move(a));
    if (!s.ok()) return s.status();
    std::vector<float> out;
    absl::Status st = (*s)->Vectors(*unit_.corpus, &out);
    EXPECT_TRUE(st.ok() || out.empty()) << "appended on error";
    return st;
  };
  ChunkEmbeddings a = artifact_;
  a.set_commit(std::string(40, 'f'));
  EXPECT_TRUE(IsError(vectors(a), absl::StatusCode::kFailedPrecondition,
                      "emb.pb: chunk embeddings of snapshot unit@" + std::string(40, 'f')));
  a = artifact_;
  a.set_chunker("other");
  EXPECT_TRUE(IsError(vectors(a), absl::StatusCode::kFailedPrecondition,
                      "emb.pb: ChunkEmbeddings.chunker: expected \"naive"));
  a = artifact_;
  a.mutable_chunks(0)->set_start_line(a.chunks(0).start_line() + 1000);
  EXPECT_TRUE(IsError(vectors(a), absl::StatusCode::kFailedPrecondition,
                      "emb.pb: ChunkEmbeddings.chunks[0]: expected ("));
  a = artifact_;
  a.mutable_chunks()->RemoveLast();
  a.set_count(a.count() - 1);
  a.mutable_vectors()->Truncate(static_cast<int>(a.count() * 16));
  EXPECT_TRUE(IsError(vectors(a), absl::StatusCode::kFailedPrecondition,
                      "of the snapshot, found only " + std::to_string(a.count()) + " rows"));
  a = artifact_;
  ChunkKey* extra = a.add_chunks();
  extra->set_path("zzz.go");
  a.set_count(a.count() + 1);
  for (int d = 0; d < 16; ++d) a.add_vectors(0.0f);
  EXPECT_TRUE(IsError(vectors(a), absl::StatusCode::kFailedPrecondition,
                      "rows (the snapshot's chunks), found " + std::to_string(a.count())));
}

TEST_F(ChunkVectorsTest, ArtifactIsOfASnapshotsOwnChunksOnly) {
  EXPECT_TRUE(IsError(EmbedCorpusChunks(WithDistractor(), *unit_.lsa),
                      absl::StatusCode::kInvalidArgument,
                      "file __harness_distractors__/d0.go is an extra file"));
}

}  // namespace
}  // namespace repro::retrieval
