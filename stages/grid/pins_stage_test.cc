#include "stages/grid/pins_stage.h"

#include <cstdio>
#include <cstdlib>
#include <string>

#include "absl/strings/str_cat.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "stages/framework/pipeline/sha256.h"
#include "stages/framework/pipeline/status_testing.h"
#include "stages/retrieval/run_cache.h"
#include "stages/retrieval/vector_cache.h"

namespace repro::grid {
namespace {

using ::testing::HasSubstr;

std::string TempPath(const std::string& name) {
  const char* dir = std::getenv("TEST_TMPDIR");
  return std::string(dir ? dir : "/tmp") + "/" + name;
}

// The pins stage of experiment "x" with `cache` as its vector_cache input.
Stage PinsStage(const std::string& cache) {
  return Stage("//stages/grid/by_experiment:x/pins", {{"vector_cache", cache, "cache/x.sqlite"}},
               {{"x.pins.textproto", TempPath("x.pins.textproto")}});
}

TEST(PinsStageTest, PinsAFilledVectorCache) {
  const std::string path = TempPath("filled.sqlite");
  {
    auto w = retrieval::VectorCacheWriter::Open(path);
    ASSERT_TRUE(w.ok()) << w.status();
    ASSERT_TRUE(
        (*w)->PutMany({{{"m", std::string(64, 'e'), Sha256Hex("alpha")}, {0.6f, 0.8f}}}).ok());
  }
  Stage stage = PinsStage(path);
  ASSERT_TRUE(WritePins(stage, "fixture", "x").ok());
  const std::string& pins = stage.written().at("x.pins.textproto");
  EXPECT_THAT(pins, HasSubstr(absl::StrCat("vector_cache {\n  sha256: \"", *Sha256File(path))));
  EXPECT_THAT(pins, HasSubstr("# `bazel run //reports:x_pins_refreeze`"));
}

TEST(PinsStageTest, AFileThatIsNotAVectorCacheIsNotPinned) {
  const std::string path = TempPath("not_sqlite.sqlite");
  FILE* f = std::fopen(path.c_str(), "w");
  ASSERT_NE(f, nullptr);
  std::fputs("a text file, not a SQLite vector cache\n", f);
  std::fclose(f);
  Stage stage = PinsStage(path);
  EXPECT_TRUE(IsError(WritePins(stage, "fixture", "x"), absl::StatusCode::kInvalidArgument,
                      "pins: the experiment's vector cache " + path +
                          ": not a vector cache (SQLite: file is not a database); expected the "
                          "SQLite file that `bazel run //stages/grid:fill_vector_cache` fills"));
  EXPECT_TRUE(stage.written().empty());
}

TEST(PinsStageTest, PinsAFilledRunCacheAndRefusesAVectorCacheInItsPlace) {
  const std::string path = TempPath("runs.sqlite");
  {
    auto w = retrieval::RunCacheWriter::Open(path);
    ASSERT_TRUE(w.ok()) << w.status();
    ASSERT_TRUE(
        (*w)->PutMany({{{"P000", Sha256Hex("c"), Sha256Hex("q")}, "F01 Q0 0 1 1 x\n"}}).ok());
  }
  Stage stage("//stages/grid/by_experiment:x/pins", {{"run_cache", path, "cache/runs.sqlite"}},
              {{"x.pins.textproto", TempPath("x.pins.textproto")}});
  ASSERT_TRUE(WritePins(stage, "fixture", "x").ok());
  EXPECT_THAT(stage.written().at("x.pins.textproto"),
              HasSubstr(absl::StrCat("run_cache {\n  sha256: \"", *Sha256File(path))));

  const std::string vectors = TempPath("vectors_as_runs.sqlite");
  ASSERT_TRUE((*retrieval::VectorCacheWriter::Open(vectors))
                  ->PutMany({{{"m", std::string(64, 'e'), Sha256Hex("a")}, {1.0f, 0.0f}}})
                  .ok());
  Stage wrong("//stages/grid/by_experiment:x/pins", {{"run_cache", vectors, "cache/v.sqlite"}},
              {{"x.pins.textproto", TempPath("x.pins.textproto")}});
  EXPECT_TRUE(IsError(
      WritePins(wrong, "fixture", "x"), absl::StatusCode::kInvalidArgument,
      "pins: the experiment's run cache " + vectors + ": not a run cache (no table `runs`)"));
}

}  // namespace
}  // namespace repro::grid
