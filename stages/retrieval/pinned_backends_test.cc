#include "stages/retrieval/pinned_backends.h"

#include <cstdio>
#include <cstdlib>
#include <string>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "stages/framework/pipeline/sha256.h"
#include "stages/framework/pipeline/status_testing.h"

namespace repro::retrieval {
namespace {

using ::testing::HasSubstr;
using ::testing::Not;

HarnessConfig Lsa(const std::string& name, const std::string& model) {
  HarnessConfig c;
  c.set_name(name);
  c.mutable_dense()->set_backend(DENSE_BACKEND_LSA);
  c.mutable_dense()->set_lsa_model(model);
  return c;
}

TEST(PinnedBackendsTest, ModelNameIsTheConfigStem) {
  EXPECT_EQ(LsaModelName(Lsa("H", "//data/harnesses:lsa_code_256.textproto")), "lsa_code_256");
  EXPECT_EQ(LsaModelName(Lsa("H", "//data/x:sub/lsa_small.textproto")), "lsa_small");
  HarnessConfig files;
  files.set_name("H000");
  EXPECT_EQ(LsaModelName(files), "");
}

TEST(PinnedBackendsTest, MissingArtifactAndMissingPinAreNamed) {
  experiments::ModelPinSet no_pins(nullptr, "fixture", "data/experiments/x.pins.textproto",
                                   "bazel run //reports:x_pins_refreeze");
  const std::vector<HarnessConfig> configs = {Lsa("H008", "//d:lsa_a.textproto")};
  absl::Status no_path = OpenHarnessBackends(configs, "fixture", {}, no_pins).status();
  EXPECT_EQ(no_path.code(), absl::StatusCode::kNotFound);
  EXPECT_THAT(no_path.message(), HasSubstr("harness H008: no artifact of its dense model lsa_a"));
  absl::Status no_pin =
      OpenHarnessBackends(configs, "fixture", {{"lsa_a", "/nonexistent"}}, no_pins).status();
  EXPECT_EQ(no_pin.code(), absl::StatusCode::kFailedPrecondition);
  EXPECT_THAT(no_pin.message(),
              HasSubstr("no pin for model lsa_a of task set fixture; run `bazel run "
                        "//reports:x_pins_refreeze`"));
}

HarnessConfig ServerCache(const std::string& name) {
  HarnessConfig c;
  c.set_name(name);
  c.mutable_dense()->set_backend(DENSE_BACKEND_SERVER_CACHE);
  return c;
}

TEST(PinnedBackendsTest, ServerCacheHarnessesReadTheExperimentsVectorCache) {
  EXPECT_EQ(DenseInputName(ServerCache("H008_minilm")), "vector_cache");
  EXPECT_EQ(DenseInputName(Lsa("H008", "//d:lsa_a.textproto")), "lsa_a");
  HarnessConfig files;
  EXPECT_EQ(DenseInputName(files), "");

  experiments::ModelPinSet no_pins(nullptr, "fixture", "data/experiments/x.pins.textproto",
                                   "bazel run //reports:x_pins_refreeze");
  const std::vector<HarnessConfig> configs = {ServerCache("H008_minilm")};
  absl::Status no_path = OpenHarnessBackends(configs, "fixture", {}, no_pins).status();
  EXPECT_EQ(no_path.code(), absl::StatusCode::kNotFound);
  EXPECT_THAT(no_path.message(),
              HasSubstr("harness H008_minilm: no vector cache among the inputs"));
  absl::Status no_pin =
      OpenHarnessBackends(configs, "fixture", {{"vector_cache", "/nonexistent"}}, no_pins).status();
  EXPECT_EQ(no_pin.code(), absl::StatusCode::kFailedPrecondition);
  EXPECT_THAT(no_pin.message(), HasSubstr("no pin of the experiment's vector cache; run `bazel "
                                          "run //reports:x_pins_refreeze`"));
}

TEST(PinnedBackendsTest, AFileThatIsNotACacheGetsNoRefreezeHint) {
  const char* tmp = std::getenv("TEST_TMPDIR");
  const std::string path = std::string(tmp ? tmp : "/tmp") + "/not_a_cache.sqlite";
  FILE* f = std::fopen(path.c_str(), "w");
  ASSERT_NE(f, nullptr);
  std::fputs("hello", f);
  std::fclose(f);
  HarnessConfig config = ServerCache("H008_minilm");
  config.mutable_dense()->set_dims(2);
  PinnedModel* model = config.mutable_dense()->add_pinned_model();
  model->set_corpus_repository("fixture");
  model->set_model_id("m");
  model->set_sha256(std::string(64, 'e'));
  // Pinned as it is (a pin written before the pins stage checked the format).
  experiments::ModelPins pinned;
  pinned.mutable_vector_cache()->set_sha256(*Sha256File(path));
  pinned.mutable_vector_cache()->set_bytes(5);
  experiments::ModelPinSet pins(&pinned, "fixture", "data/experiments/x.pins.textproto",
                                "bazel run //reports:x_pins_refreeze");
  absl::Status s =
      OpenHarnessBackends({config}, "fixture", {{"vector_cache", path}}, pins).status();
  EXPECT_TRUE(IsError(s, absl::StatusCode::kInvalidArgument,
                      "harness H008_minilm: " + path +
                          ": not a vector cache (SQLite: file is not a "
                          "database)"));
  EXPECT_THAT(s.message(), Not(HasSubstr("pins_refreeze")));
  // A mismatch keeps its hint.
  pinned.mutable_vector_cache()->set_sha256(std::string(64, '0'));
  experiments::ModelPinSet other(&pinned, "fixture", "data/experiments/x.pins.textproto",
                                 "bazel run //reports:x_pins_refreeze");
  s = OpenHarnessBackends({config}, "fixture", {{"vector_cache", path}}, other).status();
  EXPECT_TRUE(IsError(s, absl::StatusCode::kFailedPrecondition,
                      "if the new model is intended, run `bazel run //reports:x_pins_refreeze`"));
}

}  // namespace
}  // namespace repro::retrieval
