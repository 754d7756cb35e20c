#include "stages/corpus/index/set_index.h"

#include <cstdlib>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "stages/framework/pipeline/file_io.h"

namespace repro::corpus {
namespace {

using ::testing::ElementsAre;
using ::testing::HasSubstr;

std::string WriteIndex(const std::string& name, const std::string& text) {
  const std::string path = absl::StrCat(std::getenv("TEST_TMPDIR"), "/", name, ".textproto");
  EXPECT_TRUE(WriteFileAtomically(path, text).ok());
  return path;
}

std::string Artifact(const std::string& task, const std::string& role, const std::string& path) {
  return absl::StrCat("artifacts { task: \"", task, "\" role: \"", role, "\" path: \"", path,
                      "\" }\n");
}

TEST(SetIndexTest, HarnessPathsInTheExperimentsOrderPastTen) {
  std::string text = "name: \"x\"\n" + Artifact("-", "task_set", "t.pb");
  for (int i = 11; i >= 0; --i)
    text += Artifact("-", absl::StrCat("harness/", i), absl::StrCat("H", i, ".textproto"));
  const std::string path = WriteIndex("order", text);
  absl::StatusOr<SetIndex> index = LoadSet({path}, "x");
  ASSERT_TRUE(index.ok()) << index.status();
  absl::StatusOr<std::vector<std::string>> paths = HarnessPaths(*index);
  ASSERT_TRUE(paths.ok()) << paths.status();
  ASSERT_EQ(paths->size(), 12u);
  for (int i = 0; i < 12; ++i) EXPECT_EQ((*paths)[i], absl::StrCat("H", i, ".textproto"));
}

TEST(SetIndexTest, TasksInFirstRowOrderAndTheSetWideRowsApart) {
  const std::string path =
      WriteIndex("tasks", "name: \"s\"\nlock_file: \"data/s/tasks.lock.textproto\"\n" +
                              Artifact("T2", "labels", "a") + Artifact("-", "lock", "l") +
                              Artifact("T1", "labels", "b") + Artifact("T2", "base_chunks", "c"));
  absl::StatusOr<SetIndex> index = ReadSetIndex(path);
  ASSERT_TRUE(index.ok()) << index.status();
  EXPECT_EQ(index->name, "s");
  EXPECT_EQ(index->lock_file, "data/s/tasks.lock.textproto");
  EXPECT_THAT(index->tasks, ElementsAre("T2", "T1"));
  EXPECT_EQ(*PathOf(*index, "T1", "labels"), "b");
  EXPECT_THAT(PathOf(*index, "T1", "base_chunks").status().message(),
              HasSubstr("set s: no base_chunks for task T1"));
}

TEST(SetIndexTest, ANotConfiguredSetSaysWhy) {
  // The writer escapes what the text format needs (artifact_index.bzl).
  const std::string path =
      WriteIndex("nc", "name: \"g\"\nnot_configured: \"set \\\"GITLAB_RUNNER_GIT\\\"\\nfirst\"\n");
  absl::StatusOr<SetIndex> index = LoadSet({path}, "g");
  ASSERT_FALSE(index.ok());
  EXPECT_EQ(index.status().code(), absl::StatusCode::kFailedPrecondition);
  EXPECT_THAT(index.status().message(), HasSubstr("set \"GITLAB_RUNNER_GIT\"\nfirst"));
}

TEST(SetIndexTest, BadIndexesAreNamedNotSkipped) {
  const std::string unknown = WriteIndex("field", "name: \"x\"\npins_file: \"p\"\n");
  absl::StatusOr<SetIndex> index = ReadSetIndex(unknown);
  ASSERT_FALSE(index.ok());
  EXPECT_THAT(index.status().message(), HasSubstr(unknown + ":2:"));

  const std::string empty = WriteIndex(
      "empty", "name: \"x\"\n" + Artifact("-", "task_set", "t") + Artifact("T1", "", "p"));
  EXPECT_THAT(ReadSetIndex(empty).status().message(),
              HasSubstr(empty + ": artifacts[1].role: expected a value, found none"));

  const std::string twice = WriteIndex(
      "twice", "name: \"x\"\n" + Artifact("T1", "labels", "a") + Artifact("T1", "labels", "b"));
  EXPECT_THAT(ReadSetIndex(twice).status().message(),
              HasSubstr(twice + ": artifacts[1]: task T1 role labels is given twice"));
}

TEST(SetIndexTest, AGapInTheHarnessIndicesIsAnError) {
  const std::string path = WriteIndex(
      "gap", "name: \"x\"\n" + Artifact("-", "harness/0", "a") + Artifact("-", "harness/2", "b"));
  absl::StatusOr<SetIndex> index = LoadSet({path}, "x");
  ASSERT_TRUE(index.ok()) << index.status();
  EXPECT_THAT(HarnessPaths(*index).status().message(), HasSubstr("role harness/2: expected"));
}

}  // namespace
}  // namespace repro::corpus
