#include "stages/retrieval/lsa_embedder.h"

#include <cmath>
#include <string>
#include <vector>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "stages/framework/pipeline/sha256.h"
#include "stages/framework/pipeline/status_testing.h"
#include "stages/retrieval/lsa_trainer.h"
#include "stages/retrieval/tokenizer.h"

namespace repro::retrieval {
namespace {

using ::testing::HasSubstr;

// A hand-made model: vocabulary {cache, client, volume}, idf {1, 2, 4},
// projection (3 x 2 rows) cache -> (1, 0), client -> (0, 1), volume -> (1, 1).
std::string HandModel() {
  LsaModel m;
  m.mutable_config()->set_model_id("hand/1");
  m.mutable_config()->set_tokenizer(std::string(kTokenizerVersion));
  m.mutable_config()->set_dims(2);
  for (const char* t : {"cache", "client", "volume"}) m.add_vocabulary(t);
  for (float f : {1.0f, 2.0f, 4.0f}) m.add_idf(f);
  for (float f : {3.0f, 1.0f}) m.add_singular_values(f);
  for (float f : {1.0f, 0.0f, 0.0f, 1.0f, 1.0f, 1.0f}) m.add_projection(f);
  m.set_rank(2);
  return SerializeLsaModel(m);
}

TEST(LsaEmbedderTest, HandComputedVector) {
  absl::StatusOr<std::unique_ptr<LsaEmbedder>> e = LsaEmbedder::FromArtifact(HandModel(), "hand");
  ASSERT_TRUE(e.ok()) << e.status();
  EXPECT_EQ((*e)->dims(), 2);
  EXPECT_EQ((*e)->model_id(), "hand/1");
  EXPECT_EQ((*e)->model_sha256(), Sha256Hex(HandModel()));
  // "cache cache client unknown":
  //   x[cache]  = (1 + ln 2) * 1 = 1.693147180559945
  //   x[client] = (1 + ln 1) * 2 = 2
  //   y = 1.693147 * (1, 0) + 2 * (0, 1) = (1.693147, 2)
  //   |y| = sqrt(1.693147^2 + 4) = 2.620448...
  //   vector = (0.646129..., 0.763228...)
  std::vector<float> v;
  ASSERT_TRUE((*e)->Embed({"cache cache client unknown"}, &v).ok());
  ASSERT_EQ(v.size(), 2u);
  const double y0 = 1.0 + std::log(2.0), y1 = 2.0;
  const double norm = std::sqrt(y0 * y0 + y1 * y1);
  EXPECT_EQ(v[0], static_cast<float>(y0 / norm));
  EXPECT_EQ(v[1], static_cast<float>(y1 / norm));
  EXPECT_NEAR(v[0], 0.646129, 1e-6);
  EXPECT_NEAR(v[1], 0.763228, 1e-6);
}

TEST(LsaEmbedderTest, TextWithoutVocabularyIsZero) {
  auto e = LsaEmbedder::FromArtifact(HandModel(), "hand");
  ASSERT_TRUE(e.ok());
  std::vector<float> v;
  ASSERT_TRUE((*e)->Embed({"nothing known here", "volume"}, &v).ok());
  ASSERT_EQ(v.size(), 4u);
  EXPECT_EQ(v[0], 0.0f);
  EXPECT_EQ(v[1], 0.0f);
  EXPECT_FLOAT_EQ(v[2], static_cast<float>(1 / std::sqrt(2.0)));
  std::vector<float> one(2);
  EXPECT_FALSE((*e)->EmbedOne("", absl::MakeSpan(one)));
}

TEST(LsaEmbedderTest, PinnedHashMismatchStops) {
  const std::string expected(64, '0');
  auto e = LsaEmbedder::FromArtifact(HandModel(), "models/lsa.pb", expected);
  ASSERT_FALSE(e.ok());
  EXPECT_EQ(e.status().code(), absl::StatusCode::kFailedPrecondition);
  EXPECT_THAT(e.status().message(),
              HasSubstr("models/lsa.pb: LSA model sha256 mismatch: expected " + expected +
                        ", found " + Sha256Hex(HandModel())));
  EXPECT_TRUE(LsaEmbedder::FromArtifact(HandModel(), "m", Sha256Hex(HandModel())).ok());
}

TEST(LsaEmbedderTest, RejectsBadArtifacts) {
  EXPECT_TRUE(IsError(LsaEmbedder::FromArtifact("\xff\xff\xff", "junk"),
                      absl::StatusCode::kInvalidArgument, "junk: not an LsaModel artifact"));
  LsaModel m;
  m.mutable_config()->set_tokenizer(std::string(kTokenizerVersion));
  m.mutable_config()->set_dims(2);
  m.add_vocabulary("a1");
  m.add_idf(1);
  m.add_projection(1);  // one float short
  m.add_singular_values(1);
  m.add_singular_values(1);
  auto e = LsaEmbedder::FromArtifact(SerializeLsaModel(m), "short");
  EXPECT_TRUE(IsError(e, absl::StatusCode::kInvalidArgument, "inconsistent LsaModel shape"));
  m.mutable_config()->set_tokenizer("other/9");
  EXPECT_THAT(LsaEmbedder::FromArtifact(SerializeLsaModel(m), "t").status().message(),
              HasSubstr("tokenizer"));
}

}  // namespace
}  // namespace repro::retrieval
