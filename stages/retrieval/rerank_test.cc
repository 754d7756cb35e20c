#include "stages/retrieval/rerank.h"

#include <cmath>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "stages/framework/pipeline/status_testing.h"
#include "stages/retrieval/harness_config.h"
#include "stages/retrieval/test_harnesses.h"

namespace repro::retrieval {
namespace {

using ::testing::HasSubstr;

constexpr char kContext[] = "harness R000, task T1, condition baseline";
// Every unit file has "func" and "return": H000 ranks all five.
constexpr char kQuery[] = "func return: the S3 cache uses http when insecure";

// R000 over the unit corpus: the unit LSA model scoring H000's top 3.
HarnessConfig Reranker(int k) {
  HarnessConfig r = testing::UnitChunksHarness();
  r.set_name("R000");
  r.set_document_unit(DOCUMENT_UNIT_FILES);
  r.clear_tokenizer();
  r.clear_bm25();
  r.clear_fusion();
  r.mutable_rerank()->set_first_stage("H000");
  r.mutable_rerank()->set_k(k);
  r.mutable_rerank()->set_scorer(RERANK_SCORER_DENSE);
  return r;
}

// A scorer that changes the pool as told, after reversing it.
class BadScorer : public PoolScorer {
 public:
  enum class Fault { kNone, kDrop, kAdd, kDuplicate, kChangeContent, kNaN };
  explicit BadScorer(Fault fault) : fault_(fault) {}
  absl::StatusOr<std::vector<PoolCandidate>> Rerank(
      absl::string_view, const std::vector<PoolCandidate>& pool) override {
    std::vector<PoolCandidate> out(pool.rbegin(), pool.rend());
    switch (fault_) {
      case Fault::kNone:
        break;
      case Fault::kDrop:
        out.pop_back();
        break;
      case Fault::kAdd:
        out.push_back({"not/in/pool.go", "00", 1});
        break;
      case Fault::kDuplicate:
        out.back() = out.front();
        break;
      case Fault::kChangeContent:
        out[1].sha256 = std::string(64, 'f');
        break;
      case Fault::kNaN:
        out[0].score = std::nan("");
        break;
    }
    return out;
  }

 private:
  Fault fault_;
};

class RerankTest : public ::testing::Test {
 protected:
  void SetUp() override {
    absl::StatusOr<testing::UnitCorpus> u = testing::MakeUnitCorpus();
    ASSERT_TRUE(u.ok()) << u.status();
    unit_ = std::move(*u);
  }

  absl::StatusOr<RerankerRun> Run(const HarnessConfig& reranker, PoolScorer& scorer) {
    return RunReranker(reranker, testing::UnitFilesHarness(), *unit_.corpus, nullptr, nullptr,
                       kQuery, kQuery, scorer, kContext);
  }

  HarnessResult FirstStage() {
    absl::StatusOr<HarnessRun> r =
        RunHarness(testing::UnitFilesHarness(), *unit_.corpus, nullptr, kQuery);
    EXPECT_TRUE(r.ok()) << r.status();
    return r.ok() ? r->result : HarnessResult();
  }

  testing::UnitCorpus unit_;
};

TEST(RerankConfigTest, ValidatesTheRerankBlock) {
  EXPECT_TRUE(ValidateHarnessConfig(Reranker(3), "R000.textproto").ok());
  HarnessConfig no_k = Reranker(3);
  no_k.mutable_rerank()->clear_k();
  EXPECT_THAT(ValidateHarnessConfig(no_k, "R000.textproto").message(),
              HasSubstr("HarnessConfig.rerank.k: expected a value"));
  HarnessConfig bm25 = Reranker(3);
  *bm25.mutable_bm25() = testing::UnitFilesHarness().bm25();
  EXPECT_THAT(ValidateHarnessConfig(bm25, "R000.textproto").message(),
              HasSubstr("HarnessConfig.bm25: expected absent for a reranker"));
  HarnessConfig self = Reranker(3);
  self.mutable_rerank()->set_first_stage("R000");
  EXPECT_THAT(ValidateHarnessConfig(self, "R000.textproto").message(),
              HasSubstr("rerank.first_stage: expected the name of another harness"));
  HarnessConfig cached = Reranker(3);
  cached.mutable_pinned_runs()->set_system("an LLM");
  EXPECT_THAT(ValidateHarnessConfig(cached, "R000.textproto").message(),
              HasSubstr("HarnessConfig.pinned_runs: expected absent for a reranker"));
}

TEST(RerankConfigTest, AnExternalScorerIsTheExternalBlock) {
  HarnessConfig r = Reranker(3);
  r.clear_dense();
  r.mutable_rerank()->set_scorer(RERANK_SCORER_EXTERNAL);
  EXPECT_THAT(ValidateHarnessConfig(r, "R001.textproto").message(),
              HasSubstr("HarnessConfig.external: expected a value"));
  r.mutable_external()->set_program("//data/harnesses/external:rerank_example");
  r.mutable_external()->set_timeout_seconds(60);
  r.mutable_external()->set_memory_mb(1024);
  EXPECT_TRUE(ValidateHarnessConfig(r, "R001.textproto").ok());
  *r.mutable_dense() = Reranker(3).dense();
  EXPECT_THAT(ValidateHarnessConfig(r, "R001.textproto").message(),
              HasSubstr("HarnessConfig.dense: expected absent for an external harness"));
}

TEST(RerankConfigTest, ValidatesTheFirstStageInTheGrid) {
  const std::vector<std::string> sources = {"H000.textproto", "R000.textproto"};
  EXPECT_TRUE(ValidateRerankers({testing::UnitFilesHarness(), Reranker(200)}, sources).ok());
  EXPECT_THAT(ValidateRerankers({testing::UnitFilesHarness(), Reranker(201)}, sources).message(),
              HasSubstr("R000.textproto: HarnessConfig.rerank.k: expected at most 200 (the "
                        "candidate_limit of \"H000\"), found 201"));
  HarnessConfig elsewhere = Reranker(3);
  elsewhere.mutable_rerank()->set_first_stage("H009");
  EXPECT_THAT(ValidateRerankers({testing::UnitFilesHarness(), elsewhere}, sources).message(),
              HasSubstr("rerank.first_stage: expected a harness of the grid (H000, R000), found "
                        "\"H009\""));
  HarnessConfig chained = Reranker(3);
  chained.set_name("R001");
  chained.mutable_rerank()->set_first_stage("R000");
  EXPECT_THAT(ValidateRerankers({testing::UnitFilesHarness(), Reranker(3), chained},
                                {"H000.textproto", "R000.textproto", "R001.textproto"})
                  .message(),
              HasSubstr("expected a built-in harness (BM25, dense, hybrid), found \"R000\", a "
                        "reranker"));
  HarnessConfig pinned;
  pinned.set_name("P000");
  pinned.set_candidate_limit(200);
  pinned.mutable_pinned_runs()->set_system("an LLM");
  HarnessConfig on_pinned = Reranker(3);
  on_pinned.mutable_rerank()->set_first_stage("P000");
  EXPECT_THAT(
      ValidateRerankers({pinned, on_pinned}, {"P000.textproto", "R000.textproto"}).message(),
      HasSubstr("found \"P000\", a pinned-runs harness"));
}

TEST_F(RerankTest, DenseScorerReordersThePoolAndKeepsTheTail) {
  const HarnessResult first = FirstStage();
  ASSERT_EQ(first.files_size(), 5);
  EmbeddedChunkVectors vectors(*unit_.lsa);
  absl::StatusOr<std::unique_ptr<DenseFileScorer>> scorer =
      DenseFileScorer::Create(*unit_.corpus, vectors);
  ASSERT_TRUE(scorer.ok()) << scorer.status();
  absl::StatusOr<RerankerRun> run = Run(Reranker(3), **scorer);
  ASSERT_TRUE(run.ok()) << run.status();
  const HarnessResult& r = run->run.result;
  EXPECT_EQ(run->pool.size(), 3u);
  EXPECT_EQ(r.harness(), "R000");
  ASSERT_EQ(r.files_size(), first.files_size());
  std::vector<std::string> top, first_top;
  for (int i = 0; i < 3; ++i) {
    top.push_back(r.files(i).path());
    first_top.push_back(first.files(i).path());
    if (i > 0) {
      EXPECT_GE(r.files(i - 1).score(), r.files(i).score());
    }
  }
  EXPECT_THAT(top, ::testing::UnorderedElementsAreArray(first_top));
  for (int i = 3; i < r.files_size(); ++i) {
    EXPECT_EQ(r.files(i).path(), first.files(i).path());
    EXPECT_EQ(r.files(i).score(), first.files(i).score());
  }
  EXPECT_EQ(r.functions_size(), first.functions_size());
}

TEST_F(RerankTest, AScorerThatKeepsThePoolPasses) {
  BadScorer scorer(BadScorer::Fault::kNone);
  absl::StatusOr<RerankerRun> run = Run(Reranker(3), scorer);
  ASSERT_TRUE(run.ok()) << run.status();
  const HarnessResult first = FirstStage();
  EXPECT_EQ(run->run.result.files(0).path(), first.files(2).path());
  EXPECT_EQ(run->run.result.files(2).path(), first.files(0).path());
}

TEST_F(RerankTest, AScorerThatChangesThePoolStopsTheCell) {
  const HarnessResult first = FirstStage();
  ASSERT_GE(first.files_size(), 3);
  const std::string prefix = std::string(kContext) + ": reranker R000: candidate ";
  const struct {
    BadScorer::Fault fault;
    std::string message;
  } cases[] = {
      {BadScorer::Fault::kDrop, prefix + first.files(0).path() +
                                    ": expected in the reranked list (3 candidates), found 2 "
                                    "without it: the pool is not preserved"},
      {BadScorer::Fault::kAdd, prefix + "not/in/pool.go (reranked rank 4): expected a candidate "
                                        "of the first stage's top 3, found one outside it"},
      {BadScorer::Fault::kDuplicate,
       prefix + first.files(2).path() + " (reranked rank 3): expected once, found twice"},
      {BadScorer::Fault::kChangeContent,
       prefix + first.files(1).path() + " (reranked rank 2): content sha256 expected "},
      {BadScorer::Fault::kNaN,
       prefix + first.files(2).path() + " (reranked rank 1): score expected finite, found nan"},
  };
  for (const auto& c : cases) {
    BadScorer scorer(c.fault);
    EXPECT_TRUE(
        IsError(Run(Reranker(3), scorer), absl::StatusCode::kFailedPrecondition, c.message));
  }
}

}  // namespace
}  // namespace repro::retrieval
