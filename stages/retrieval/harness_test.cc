#include "stages/retrieval/harness.h"

#include <cstdlib>
#include <memory>
#include <string>
#include <vector>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "stages/framework/pipeline/file_io.h"
#include "stages/framework/pipeline/sha256.h"
#include "stages/framework/pipeline/status_testing.h"
#include "stages/retrieval/bm25.h"
#include "stages/retrieval/dense_backend.h"
#include "stages/retrieval/harness_config.h"
#include "stages/retrieval/lsa_embedder.h"
#include "stages/retrieval/lsa_trainer.h"
#include "stages/retrieval/test_corpus.h"
#include "stages/retrieval/test_harnesses.h"
#include "stages/retrieval/tokenizer.h"

namespace repro::retrieval {
namespace {

using ::testing::HasSubstr;
using testing::MakeSnapshot;
using testing::NaiveChunkFile;
using testing::NaiveChunks;
using testing::SmallGoSnapshot;

// H000, and H008 over a 16-dim LSA model: an LSA harness's model is pinned by
// the experiment and checked when it is opened (dense_backend.h), not by the
// harness.
HarnessConfig FilesConfig() { return testing::UnitFilesHarness(); }
HarnessConfig ChunksConfig() { return testing::UnitChunksHarness(); }

class HarnessTest : public ::testing::Test {
 protected:
  void SetUp() override {
    absl::StatusOr<testing::UnitCorpus> u = testing::MakeUnitCorpus();
    ASSERT_TRUE(u.ok()) << u.status();
    snapshot_ = u->snapshot;
    chunks_ = u->chunks;
    corpus_ = std::move(u->corpus);
    model_bytes_ = u->model_bytes;
    lsa_ = std::move(u->lsa);
  }

  HarnessResult Run(const HarnessConfig& config, const Corpus& corpus, absl::string_view q) {
    absl::StatusOr<HarnessRun> r =
        RunHarness(config, corpus, config.has_dense() ? lsa_.get() : nullptr, q);
    EXPECT_TRUE(r.ok()) << r.status();
    return r.ok() ? r->result : HarnessResult();
  }

  corpus::Snapshot snapshot_;
  corpus::ChunkSet chunks_;
  std::unique_ptr<Corpus> corpus_;
  std::string model_bytes_;
  std::unique_ptr<LsaEmbedder> lsa_;
};

TEST_F(HarnessTest, FilesHarnessRanksFilesByBm25) {
  const std::string q = "The S3 cache uses http when insecure";
  HarnessResult r = Run(FilesConfig(), *corpus_, q);
  ASSERT_GE(r.files_size(), 1);
  EXPECT_EQ(r.files(0).path(), "cache/s3/client.go");
  // Scores equal an independent BM25 index over the file documents.
  Bm25Index::Builder b;
  for (size_t f = 0; f < corpus_->files().size(); ++f) b.AddText(corpus_->FileDocument(f));
  Bm25Index index = std::move(b).Build();
  std::vector<ScoredId> expected = index.SearchText(q);
  ASSERT_EQ(r.files_size(), static_cast<int>(expected.size()));
  for (int i = 0; i < r.files_size(); ++i) {
    EXPECT_EQ(r.files(i).path(), corpus_->files()[expected[i].id].path);
    EXPECT_EQ(r.files(i).score(), expected[i].score);
  }
  // Functions: those of the ranked files, in file order; within s3/client.go
  // Client.scheme (mentions http, insecure) before newClient (insecure only).
  ASSERT_GE(r.functions_size(), 2);
  EXPECT_EQ(r.functions(0).path(), "cache/s3/client.go");
  EXPECT_EQ(r.functions(0).function(), "Client.scheme");
  EXPECT_EQ(r.functions(1).function(), "newClient");
  EXPECT_GT(r.functions(0).score(), r.functions(1).score());
  EXPECT_EQ(r.index_stats().files(), 5u);
  EXPECT_EQ(r.index_stats().documents(), 5u);
  EXPECT_EQ(r.index_stats().dense_dim(), 0u);
  EXPECT_TRUE(r.dense_model_sha256().empty());
}

TEST_F(HarnessTest, ChunkHarnessFusesBm25AndDense) {
  HarnessConfig config = ChunksConfig();
  HarnessResult r = Run(config, *corpus_, "windows volume drive letter");
  ASSERT_GE(r.files_size(), 1);
  EXPECT_EQ(r.files(0).path(), "executors/docker/volumes/windows_parser.go");
  EXPECT_FALSE(r.dense_query_empty());
  EXPECT_EQ(r.dense_model_sha256(), Sha256Hex(model_bytes_));
  EXPECT_EQ(r.index_stats().dense_dim(), 16u);
  EXPECT_EQ(r.index_stats().chunks(), corpus_->chunks().size());
  // Every chunk is in the dense leg, so every file is returned.
  EXPECT_EQ(r.files_size(), 5);
  // File scores are non-increasing, and the function list has no rest chunk.
  for (int i = 1; i < r.files_size(); ++i) EXPECT_GE(r.files(i - 1).score(), r.files(i).score());
  for (const RankedFunction& f : r.functions()) EXPECT_FALSE(f.function().empty());
  // The top fused chunk is first in both legs: 1/61 + 1/61.
  EXPECT_EQ(r.functions(0).function(), "windowsParser.ParseVolume");
  EXPECT_DOUBLE_EQ(r.functions(0).score(), 2.0 / 61.0);
  EXPECT_EQ(r.files(0).score(), r.functions(0).score());
}

TEST_F(HarnessTest, CandidateLimitCutsFiles) {
  HarnessConfig config = ChunksConfig();
  config.set_candidate_limit(2);
  HarnessResult r = Run(config, *corpus_, "cache bucket");
  EXPECT_EQ(r.files_size(), 2);
  HarnessConfig files = FilesConfig();
  files.set_candidate_limit(1);
  EXPECT_EQ(Run(files, *corpus_, "cache volume trace").files_size(), 1);
}

// A query may be a whole issue, up to 64 KiB (stages/corpus/task_spec.h):
// 60 KiB of title, prose, a code block and a repeated traceback, whose only
// corpus words are the title's, ranks as the title alone does in both the
// BM25 leg and the LSA leg.
TEST_F(HarnessTest, AnIssueOf60KiBIsAQueryLikeAnyOther) {
  const std::string title = "windows volume drive letter";
  std::string issue =
      title + "\n\nSteps to reproduce:\n\n```toml\n[runners]\n  zeta = \"q\"\n```\n";
  while (issue.size() < 60 * 1024) {
    issue += "Traceback (most recent call last):\n  File \"zebra.py\", line 12, in quokka\n";
  }
  for (const HarnessConfig& config : {FilesConfig(), ChunksConfig()}) {
    const HarnessResult long_query = Run(config, *corpus_, issue);
    const HarnessResult short_query = Run(config, *corpus_, title);
    ASSERT_GE(long_query.files_size(), 1) << config.name();
    EXPECT_EQ(long_query.files(0).path(), short_query.files(0).path()) << config.name();
    EXPECT_EQ(long_query.files(0).path(), "executors/docker/volumes/windows_parser.go");
  }
}

TEST_F(HarnessTest, QueryWithNoKnownTokenGivesEmptyResult) {
  HarnessResult r0 = Run(FilesConfig(), *corpus_, "zebra quokka");
  EXPECT_EQ(r0.files_size(), 0);
  EXPECT_EQ(r0.functions_size(), 0);
  HarnessResult r8 = Run(ChunksConfig(), *corpus_, "zebra quokka");
  EXPECT_TRUE(r8.dense_query_empty());
  EXPECT_EQ(r8.files_size(), 0);
  EXPECT_EQ(r8.functions_size(), 0);
  EXPECT_EQ(r8.query_tokens_size(), 2);
}

TEST_F(HarnessTest, EmptyCorpus) {
  corpus::Snapshot empty = MakeSnapshot("unit", {});
  absl::StatusOr<Corpus> c = Corpus::Create(empty, NaiveChunks(empty));
  ASSERT_TRUE(c.ok());
  EXPECT_EQ(Run(FilesConfig(), *c, "cache").files_size(), 0);
  HarnessResult r = Run(ChunksConfig(), *c, "cache");
  EXPECT_EQ(r.files_size(), 0);
  EXPECT_EQ(r.index_stats().dense_vectors(), 0u);
}

TEST_F(HarnessTest, ModelHashMismatchStopsWhenTheModelIsOpened) {
  const std::string path = std::string(getenv("TEST_TMPDIR")) + "/lsa_unit.pb";
  ASSERT_TRUE(WriteFileAtomically(path, model_bytes_).ok());
  const std::string pinned(64, 'a');
  absl::StatusOr<std::unique_ptr<EmbeddingBackend>> b =
      OpenPinnedBackend(ChunksConfig(), "unit", path, {"lsa-unit/1", pinned, ""});
  ASSERT_FALSE(b.ok());
  EXPECT_EQ(b.status().code(), absl::StatusCode::kFailedPrecondition);
  EXPECT_THAT(b.status().message(),
              HasSubstr("harness H008: " + path + ": LSA model sha256 mismatch: expected " +
                        pinned + ", found " + Sha256Hex(model_bytes_)));
  absl::StatusOr<std::unique_ptr<EmbeddingBackend>> id =
      OpenPinnedBackend(ChunksConfig(), "unit", path, {"lsa-other/1", Sha256Hex(model_bytes_), ""});
  EXPECT_THAT(id.status().message(), HasSubstr("model id: expected lsa-other/1, found lsa-unit/1"));
  absl::StatusOr<std::unique_ptr<EmbeddingBackend>> ok =
      OpenPinnedBackend(ChunksConfig(), "unit", path, {"lsa-unit/1", Sha256Hex(model_bytes_), ""});
  ASSERT_TRUE(ok.ok()) << ok.status();
  EXPECT_EQ((*ok)->model_sha256(), Sha256Hex(model_bytes_));
  EXPECT_THAT(OpenPinnedBackend(ChunksConfig(), "unit", path, {}).status().message(),
              HasSubstr("an LSA model is opened only against its pin"));
}

TEST_F(HarnessTest, ModelMustBePresentExactlyForDenseHarnesses) {
  absl::StatusOr<HarnessRun> r = RunHarness(ChunksConfig(), *corpus_, nullptr, "cache");
  EXPECT_TRUE(IsError(r, absl::StatusCode::kFailedPrecondition,
                      "harness H008: needs a dense model, none given"));
  r = RunHarness(FilesConfig(), *corpus_, lsa_.get(), "cache");
  EXPECT_TRUE(
      IsError(r, absl::StatusCode::kInvalidArgument, "DOCUMENT_UNIT_FILES has no dense leg"));
  HarnessConfig wide = ChunksConfig();
  wide.mutable_dense()->set_dims(32);
  r = RunHarness(wide, *corpus_, lsa_.get(), "cache");
  EXPECT_TRUE(IsError(r, absl::StatusCode::kFailedPrecondition,
                      "dense dims mismatch: expected 32, found 16"));
}

TEST_F(HarnessTest, DistractorsAreSearchedLikeRealFiles) {
  const std::string path = "__harness_distractors__/d0.go";
  const std::string content =
      "package distractor\n\nfunc windowsVolumeDriveLetter() {\n\t_ = \"windows volume drive "
      "letter windows volume drive letter\"\n}\n";
  corpus::ChunkSet extended = chunks_;
  NaiveChunkFile(path, content, &extended);
  absl::StatusOr<Corpus> c = Corpus::Create(snapshot_, extended, {{path, content}});
  ASSERT_TRUE(c.ok()) << c.status();
  HarnessResult r0 = Run(FilesConfig(), *c, "windows volume drive letter");
  ASSERT_GE(r0.files_size(), 2);
  EXPECT_EQ(r0.files(0).path(), path);
  HarnessResult r8 = Run(ChunksConfig(), *c, "windows volume drive letter");
  bool found = false;
  for (const RankedFile& f : r8.files()) found |= f.path() == path;
  EXPECT_TRUE(found);
  EXPECT_EQ(r8.index_stats().files(), 6u);
}

TEST_F(HarnessTest, ResultsAreByteIdenticalAcrossRuns) {
  HarnessConfig config = ChunksConfig();
  const std::string q = "trace buffer limit write";
  const std::string a = Run(config, *corpus_, q).SerializeAsString();
  const std::string b = Run(config, *corpus_, q).SerializeAsString();
  EXPECT_EQ(a, b);
  EXPECT_EQ(Run(FilesConfig(), *corpus_, q).SerializeAsString(),
            Run(FilesConfig(), *corpus_, q).SerializeAsString());
}

}  // namespace
}  // namespace repro::retrieval
