#include "stages/retrieval/pinned_backends.h"

#include "gmock/gmock.h"
#include "gtest/gtest.h"

namespace repro::retrieval {
namespace {

using ::testing::HasSubstr;

HarnessConfig Lsa(const std::string& name, const std::string& model) {
  HarnessConfig c;
  c.set_name(name);
  c.mutable_dense()->set_backend(DENSE_BACKEND_LSA);
  c.mutable_dense()->set_lsa_model(model);
  return c;
}

TEST(PinnedBackendsTest, ModelNameIsTheConfigStem) {
  EXPECT_EQ(LsaModelName(Lsa("H", "//data/e04/harnesses:lsa_code_256.textproto")), "lsa_code_256");
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

}  // namespace
}  // namespace repro::retrieval
