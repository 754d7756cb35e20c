#include "stages/retrieval/lsa_trainer.h"

#include <cmath>
#include <string>
#include <vector>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "stages/framework/pipeline/status_testing.h"
#include "stages/retrieval/lsa_embedder.h"
#include "stages/retrieval/tokenizer.h"

namespace repro::retrieval {
namespace {

using ::testing::HasSubstr;

LsaTrainingConfig Config(int dims) {
  LsaTrainingConfig c;
  c.set_model_id("lsa-test/1");
  c.set_tokenizer(std::string(kTokenizerVersion));
  c.set_training_repository("fixture");
  c.set_training_commit(std::string(40, 'a'));
  c.set_dims(dims);
  c.set_min_df(2);
  c.set_oversample(10);
  c.set_power_iterations(4);
  for (int s : {0, 0, 0, 1}) c.add_seed(s);
  return c;
}

// Two topics: S3 cache clients, and Windows docker volumes.
std::vector<std::string> Documents() {
  return {
      "cache/s3.go\nfunc newS3Client(insecure bool) cache client http https",
      "cache/s3.go\nfunc (c *s3Client) Upload() cache bucket http",
      "cache/gcs.go\nfunc newGcsClient() cache client bucket https",
      "cache/azure.go\nfunc (a *azureAdapter) Upload() cache blob client",
      "docker/volumes/parser.go\nfunc ParseVolume(spec string) windows volume drive",
      "docker/volumes/windows.go\nfunc (p *windowsParser) ParseVolume() volume drive letter",
      "docker/volumes/linux.go\nfunc (p *linuxParser) ParseVolume() volume mount",
      "docker/executor.go\nfunc (e *executor) createVolumes() docker volume mount",
  };
}

TEST(LsaTrainerTest, VocabularyIdfAndShape) {
  absl::StatusOr<LsaModel> m = TrainLsaModel(Config(3), Documents(), "snap", "chunker/1");
  ASSERT_TRUE(m.ok()) << m.status();
  EXPECT_EQ(m->training_documents(), 8u);
  EXPECT_EQ(m->training_snapshot_sha256(), "snap");
  EXPECT_EQ(m->chunker(), "chunker/1");
  ASSERT_GT(m->vocabulary_size(), 0);
  for (int i = 1; i < m->vocabulary_size(); ++i) {
    EXPECT_LT(m->vocabulary(i - 1), m->vocabulary(i));
  }
  // "cache" occurs in 4 of 8 documents (paths included): idf = ln(9/5) + 1.
  auto it = std::find(m->vocabulary().begin(), m->vocabulary().end(), "cache");
  ASSERT_NE(it, m->vocabulary().end());
  const int ci = static_cast<int>(it - m->vocabulary().begin());
  EXPECT_FLOAT_EQ(m->idf(ci), static_cast<float>(std::log(9.0 / 5.0) + 1.0));
  // Terms in a single document are not in the vocabulary (min_df 2).
  EXPECT_EQ(std::find(m->vocabulary().begin(), m->vocabulary().end(), "gcs"),
            m->vocabulary().end());
  EXPECT_EQ(m->rank(), 3u);
  EXPECT_EQ(m->singular_values_size(), 3);
  EXPECT_EQ(m->projection_size(), m->vocabulary_size() * 3);
  EXPECT_GE(m->singular_values(0), m->singular_values(1));
  EXPECT_GE(m->singular_values(1), m->singular_values(2));
}

TEST(LsaTrainerTest, ArtifactBytesAreReproducible) {
  absl::StatusOr<LsaModel> a = TrainLsaModel(Config(4), Documents(), "snap", "c");
  absl::StatusOr<LsaModel> b = TrainLsaModel(Config(4), Documents(), "snap", "c");
  ASSERT_TRUE(a.ok() && b.ok());
  EXPECT_EQ(SerializeLsaModel(*a), SerializeLsaModel(*b));
}

TEST(LsaTrainerTest, DimsBeyondRankArePaddedWithZeros) {
  absl::StatusOr<LsaModel> m = TrainLsaModel(Config(256), Documents(), "snap", "c");
  ASSERT_TRUE(m.ok()) << m.status();
  EXPECT_EQ(m->rank(), 8u);  // min(8 documents, vocabulary)
  EXPECT_EQ(m->singular_values_size(), 256);
  EXPECT_EQ(m->singular_values(200), 0.0f);
  EXPECT_EQ(m->projection(255), 0.0f);  // term 0, dimension 255
}

TEST(LsaTrainerTest, TopicsSeparate) {
  absl::StatusOr<LsaModel> m = TrainLsaModel(Config(2), Documents(), "snap", "c");
  ASSERT_TRUE(m.ok()) << m.status();
  absl::StatusOr<std::unique_ptr<LsaEmbedder>> e =
      LsaEmbedder::FromArtifact(SerializeLsaModel(*m), "test");
  ASSERT_TRUE(e.ok()) << e.status();
  std::vector<float> v;
  ASSERT_TRUE((*e)->Embed({"s3 cache client bucket", "cache/azure.go client blob",
                           "windows volume drive parser"},
                          &v)
                  .ok());
  auto dot = [&v](int a, int b) {
    double s = 0;
    for (int j = 0; j < 2; ++j) s += v[a * 2 + j] * v[b * 2 + j];
    return s;
  };
  EXPECT_GT(dot(0, 1), dot(0, 2));
}

TEST(LsaTrainerTest, ConfigErrorsNameTheField) {
  LsaTrainingConfig c = Config(3);
  c.clear_min_df();
  EXPECT_THAT(ValidateLsaTrainingConfig(c, "x.textproto").message(),
              HasSubstr("x.textproto: LsaTrainingConfig.min_df is required"));
  c = Config(3);
  c.set_tokenizer("code-tokenizer/0");
  EXPECT_THAT(ValidateLsaTrainingConfig(c, "x").message(),
              HasSubstr("expected \"code-tokenizer/1\", found \"code-tokenizer/0\""));
  c = Config(3);
  c.set_seed(3, 2);
  EXPECT_THAT(ValidateLsaTrainingConfig(c, "x").message(), HasSubstr("seed[3]"));
  c = Config(3);
  c.set_training_commit("HEAD");
  EXPECT_TRUE(IsError(ValidateLsaTrainingConfig(c, "x"), absl::StatusCode::kInvalidArgument,
                      "x: LsaTrainingConfig.training_commit: expected 40 lower-case hex digits, "
                      "found \"HEAD\""));
}

TEST(LsaTrainerTest, EmptyCorpusIsAnError) {
  absl::StatusOr<LsaModel> m = TrainLsaModel(Config(3), {}, "snap", "c");
  EXPECT_TRUE(IsError(m, absl::StatusCode::kInvalidArgument,
                      "LSA training: empty vocabulary (0 documents, min_df "));
}

}  // namespace
}  // namespace repro::retrieval
