#include "stages/experiments/model_pins.h"

#include <string>

#include "gmock/gmock.h"
#include "gtest/gtest.h"

namespace repro::experiments {
namespace {

using ::testing::HasSubstr;

const std::string kA(64, 'a');

std::string Pin(const std::string& set, const std::string& model, const std::string& sha) {
  return "pins { task_set: \"" + set + "\" model: \"" + model +
         "\" model_id: \"lsa/1\" sha256: \"" + sha + "\" }\n";
}

TEST(ModelPinsTest, FindsThePinOfTheTaskSet) {
  absl::StatusOr<ModelPins> pins = ParseModelPins(
      Pin("a_set", "lsa", kA) + Pin("b_set", "lsa", std::string(64, 'b')), "p.textproto");
  ASSERT_TRUE(pins.ok()) << pins.status();
  ModelPinSet set(&*pins, "b_set", "data/experiments/x.pins.textproto",
                  "bazel run //reports:x_pins_refreeze");
  absl::StatusOr<ModelPin> p = set.PinFor("lsa");
  ASSERT_TRUE(p.ok()) << p.status();
  EXPECT_EQ(p->sha256(), std::string(64, 'b'));
}

TEST(ModelPinsTest, MissingPinAndMissingFileNameTheRefreezeCommand) {
  absl::StatusOr<ModelPins> pins = ParseModelPins(Pin("a_set", "lsa", kA), "p.textproto");
  ASSERT_TRUE(pins.ok());
  ModelPinSet set(&*pins, "a_set", "data/experiments/x.pins.textproto",
                  "bazel run //reports:x_pins_refreeze");
  absl::Status s = set.PinFor("other").status();
  EXPECT_EQ(s.code(), absl::StatusCode::kFailedPrecondition);
  EXPECT_THAT(s.message(), HasSubstr("data/experiments/x.pins.textproto: no pin for model other of "
                                     "task set a_set; run `bazel run //reports:x_pins_refreeze`"));
  ModelPinSet none(nullptr, "a_set", "data/experiments/x.pins.textproto",
                   "bazel run //reports:x_pins_refreeze");
  EXPECT_THAT(none.PinFor("lsa").status().message(),
              HasSubstr("data/experiments/x.pins.textproto (absent): no pin for model lsa"));
  EXPECT_THAT(set.Explain(absl::FailedPreconditionError("sha256 mismatch")).message(),
              HasSubstr("sha256 mismatch (pinned in data/experiments/x.pins.textproto; if the new "
                        "model is intended, run `bazel run //reports:x_pins_refreeze`"));
  // Only a mismatch gets the refreeze hint: a file that is not a cache at all
  // is not fixed by pinning it again.
  const absl::Status not_a_cache = absl::InvalidArgumentError("c.sqlite: not a vector cache");
  EXPECT_EQ(set.Explain(not_a_cache), not_a_cache);
  EXPECT_EQ(set.Explain(absl::OkStatus()), absl::OkStatus());
}

TEST(ModelPinsTest, RejectsBadFiles) {
  EXPECT_THAT(
      ParseModelPins(Pin("a", "lsa", "abc"), "p.textproto").status().message(),
      HasSubstr("p.textproto: pins[0].sha256: expected 64 lowercase hex digits, found \"abc\""));
  EXPECT_THAT(
      ParseModelPins(Pin("b", "lsa", kA) + Pin("a", "lsa", kA), "p.textproto").status().message(),
      HasSubstr(
          "pins[1].(task_set, model): expected after (b, lsa): sorted and unique, found (a, lsa)"));
  EXPECT_THAT(
      ParseModelPins(Pin("a", "lsa", kA) + Pin("a", "lsa", kA), "p.textproto").status().message(),
      HasSubstr("pins[1].(task_set, model)"));
  EXPECT_THAT(ParseModelPins("pins { model: \"x\" }", "p.textproto").status().message(),
              HasSubstr("pins[0].task_set: expected a value, found none"));
  EXPECT_THAT(ParseModelPins("pins { bogus: 1 }", "p.textproto").status().message(),
              HasSubstr("p.textproto:1:"));
}

TEST(ModelPinsTest, VectorCachePinIsCheckedAndMissingOneNamesTheRefreezeCommand) {
  absl::StatusOr<ModelPins> pins = ParseModelPins(
      Pin("a_set", "lsa", kA) + "vector_cache { sha256: \"" + kA + "\" bytes: 4096 }\n",
      "p.textproto");
  ASSERT_TRUE(pins.ok()) << pins.status();
  ModelPinSet set(&*pins, "a_set", "data/experiments/x.pins.textproto",
                  "bazel run //reports:x_pins_refreeze");
  absl::StatusOr<VectorCachePin> cache = set.VectorCache();
  ASSERT_TRUE(cache.ok()) << cache.status();
  EXPECT_EQ(cache->sha256(), kA);
  EXPECT_EQ(cache->bytes(), 4096u);

  ModelPinSet none(nullptr, "a_set", "data/experiments/x.pins.textproto",
                   "bazel run //reports:x_pins_refreeze");
  absl::Status s = none.VectorCache().status();
  EXPECT_EQ(s.code(), absl::StatusCode::kFailedPrecondition);
  EXPECT_THAT(s.message(),
              HasSubstr("data/experiments/x.pins.textproto (absent): no pin of the experiment's "
                        "vector cache; run `bazel run //reports:x_pins_refreeze`"));
  EXPECT_THAT(
      ParseModelPins("vector_cache { sha256: \"abc\" bytes: 1 }", "p.textproto").status().message(),
      HasSubstr(
          "p.textproto: vector_cache.sha256: expected 64 lowercase hex digits, found \"abc\""));
  EXPECT_THAT(
      ParseModelPins("vector_cache { sha256: \"" + kA + "\" }", "p.textproto").status().message(),
      HasSubstr("p.textproto: vector_cache.bytes: expected the file's size, found 0"));
}

TEST(ModelPinsTest, RunCachePinIsCheckedAndMissingOneNamesTheRefreezeCommand) {
  absl::StatusOr<ModelPins> pins =
      ParseModelPins("run_cache { sha256: \"" + kA + "\" bytes: 8192 }\n", "p.textproto");
  ASSERT_TRUE(pins.ok()) << pins.status();
  ModelPinSet set(&*pins, "a_set", "data/experiments/x.pins.textproto",
                  "bazel run //reports:x_pins_refreeze");
  EXPECT_EQ(set.RunCache()->bytes(), 8192u);
  EXPECT_THAT(set.VectorCache().status().message(),
              HasSubstr("no pin of the experiment's vector cache"));
  ModelPinSet none(nullptr, "a_set", "data/experiments/x.pins.textproto",
                   "bazel run //reports:x_pins_refreeze");
  EXPECT_THAT(none.RunCache().status().message(),
              HasSubstr("data/experiments/x.pins.textproto (absent): no pin of the experiment's "
                        "run cache; run `bazel run //reports:x_pins_refreeze`"));
  EXPECT_THAT(
      ParseModelPins("run_cache { sha256: \"" + kA + "\" }", "p.textproto").status().message(),
      HasSubstr("p.textproto: run_cache.bytes: expected the file's size, found 0"));
}

TEST(ModelPinsTest, ModelNameOfAnArtifact) {
  EXPECT_EQ(ModelNameOf("bazel-out/k8-opt/bin/stages/grid/models/fixture/lsa_code_256.pb"),
            "lsa_code_256");
}

}  // namespace
}  // namespace repro::experiments
