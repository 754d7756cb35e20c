#include "stages/grid/aggregate/corpus_shard.h"

#include <cstdlib>
#include <fstream>
#include <string>
#include <vector>

#include "gtest/gtest.h"

namespace repro::grid {
namespace {

// An input of role `role` whose file, <name>.textproto in TEST_TMPDIR, holds `text`.
Stage::Input TextInput(const std::string& role, const std::string& name, const std::string& text) {
  const char* dir = std::getenv("TEST_TMPDIR");
  const std::string path = std::string(dir ? dir : "/tmp") + "/" + name + ".textproto";
  std::ofstream(path) << text;
  return {role, path, "x/" + name + ".textproto"};
}

// T1 at base: a.go (the gold file, changed since the stale tree), b.go
// (unchanged) and c.go (added); the stale tree also held d.go.
Stage Trees() {
  std::vector<Stage::Input> in = {
      TextInput(
          "base/T1", "base",
          "commit: \"b\" files { path: \"a.go\" blob_id: \"a2\" } "
          "files { path: \"b.go\" blob_id: \"b1\" } files { path: \"c.go\" blob_id: \"c1\" }"),
      TextInput(
          "stale_k3/T1", "stale",
          "commit: \"s\" files { path: \"a.go\" blob_id: \"a1\" } "
          "files { path: \"b.go\" blob_id: \"b1\" } files { path: \"d.go\" blob_id: \"d1\" }"),
      TextInput("labels/T1", "labels", "task_id: \"T1\" gold_files: \"a.go\"")};
  return Stage("//stages/grid/by_experiment:x/corpus_000", in, {});
}

TEST(EffectiveDoseTest, CountsWhatChangedBetweenTheStaleTreeAndBase) {
  absl::StatusOr<StalenessDose> dose = EffectiveDose(Trees(), "T1", "stale_k3/", 3);
  ASSERT_TRUE(dose.ok()) << dose.status();
  EXPECT_EQ(dose->task_id(), "T1");
  EXPECT_EQ(dose->depth(), 3);
  EXPECT_EQ(dose->stale_commit(), "s");
  EXPECT_EQ(dose->files_added(), 1);
  EXPECT_EQ(dose->files_removed(), 1);
  EXPECT_EQ(dose->files_changed(), 1);
  EXPECT_EQ(dose->gold_files(), 1);
  EXPECT_TRUE(dose->gold_changed());
  EXPECT_EQ(dose->gold_missing(), 0);
}

TEST(EffectiveDoseTest, AMissingStaleTreeIsNamed) {
  absl::StatusOr<StalenessDose> dose = EffectiveDose(Trees(), "T1", "stale_k5/", 5);
  ASSERT_FALSE(dose.ok());
  EXPECT_NE(dose.status().ToString().find("stale_k5/T1"), std::string::npos) << dose.status();
}

}  // namespace
}  // namespace repro::grid
