#include "stages/inspect/explain/source_diff.h"

#include <cstdlib>
#include <filesystem>
#include <optional>
#include <string>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "stages/framework/pipeline/status_testing.h"
#include "stages/inspect/explain/test_schemas.h"

namespace repro::explain {
namespace {

using ::testing::ElementsAre;
using ::testing::IsEmpty;

TEST(DescribeChangeTest, NamesTheChangedFieldOfAHarness) {
  const std::string header =
      "# proto-file: stages/retrieval/retrieval.proto\n# proto-message: "
      "repro.retrieval.HarnessConfig\n";
  EXPECT_THAT(DescribeChange(TestSchemas(), "data/harnesses/H008.textproto",
                             header + "name: \"H008\"\nfusion { rrf_k: 60 }\n",
                             header + "name: \"H008\"\nfusion { rrf_k: 30 }\n"),
              ElementsAre("fusion.rrf_k: 60 -> 30"));
}

TEST(DescribeChangeTest, NamesATaskByItsId) {
  const std::string header =
      "# proto-file: stages/corpus/task.proto\n# proto-message: repro.corpus.TaskSet\n";
  EXPECT_THAT(
      DescribeChange(
          TestSchemas(), "data/x/tasks.textproto",
          header + "tasks { id: \"F01\" query: \"a\" }\ntasks { id: \"F02\" query: \"b\" }\n",
          header + "tasks { id: \"F01\" query: \"a\" }\ntasks { id: \"F02\" query: \"c\" }\n"),
      ElementsAre("tasks[F02].query: \"b\" -> \"c\""));
}

TEST(DescribeChangeTest, ACommentChangesNoField) {
  const std::string header =
      "# proto-file: stages/corpus/task.proto\n# proto-message: repro.corpus.TaskSet\n";
  EXPECT_THAT(DescribeChange(TestSchemas(), "t.textproto", header + "tasks { id: \"F01\" }\n",
                             header + "# a comment\ntasks { id: \"F01\" }\n"),
              IsEmpty());
}

TEST(DescribeChangeTest, JsonLinesByRecordId) {
  EXPECT_THAT(DescribeChange(TestSchemas(), "tasks.jsonl",
                             "{\"id\":\"M1\",\"query\":\"a\"}\n{\"id\":\"M2\",\"query\":\"b\"}\n",
                             "{\"id\":\"M1\",\"query\":\"z\"}\n{\"id\":\"M3\",\"query\":\"b\"}\n"),
              ElementsAre("task M2 removed", "task M1 query: \"a\" -> \"z\"", "task M3 added"));
}

TEST(DescribeChangeTest, UnknownSchemaOrFormatGivesNoLine) {
  EXPECT_THAT(DescribeChange(TestSchemas(), "x.textproto", "# proto-message: no.Such\na: 1\n",
                             "# proto-message: no.Such\na: 2\n"),
              IsEmpty());
  EXPECT_THAT(DescribeChange(TestSchemas(), "x.bin", "a", "b"), IsEmpty());
}

TEST(AuthoredFieldDigestsTest, NamesEachTaskFieldThatChangedInATextProto) {
  const std::string header =
      "# proto-file: stages/corpus/task.proto\n# proto-message: repro.corpus.TaskSet\n";
  std::optional<AuthoredFields> before =
      AuthoredFieldDigests(TestSchemas(), "t.textproto",
                           header +
                               "repository: \"r\"\ntasks { id: \"G10\" query: \"a\" }\n"
                               "tasks { id: \"G11\" query: \"b\" }\n");
  std::optional<AuthoredFields> after =
      AuthoredFieldDigests(TestSchemas(), "t.textproto",
                           header +
                               "repository: \"r2\"\ntasks { id: \"G10\" query: \"z\" "
                               "notes: \"n\" }\ntasks { id: \"G12\" query: \"b\" }\n");
  ASSERT_TRUE(before && after);
  EXPECT_EQ(before->path, "t.textproto");
  EXPECT_EQ(before->sha256.size(), static_cast<size_t>(kDigestHexDigits));
  EXPECT_THAT(DescribeFieldChanges(*before, *after),
              ElementsAre("task G11 removed", "repository changed", "task G10 notes added",
                          "task G10 query changed", "task G12 added"));
}

TEST(AuthoredFieldDigestsTest, JsonLinesAndFilesThatAreNoTaskFile) {
  std::optional<AuthoredFields> before = AuthoredFieldDigests(
      TestSchemas(), "t.jsonl", "{\"id\":\"M1\",\"query\":\"a\",\"notes\":\"x\"}\n");
  std::optional<AuthoredFields> after =
      AuthoredFieldDigests(TestSchemas(), "t.jsonl", "{\"id\":\"M1\",\"query\":\"b\"}\n");
  ASSERT_TRUE(before && after);
  EXPECT_THAT(DescribeFieldChanges(*before, *after),
              ElementsAre("task M1 notes removed", "task M1 query changed"));
  EXPECT_FALSE(AuthoredFieldDigests(TestSchemas(), "h.textproto",
                                    "# proto-file: stages/retrieval/retrieval.proto\n# "
                                    "proto-message: repro.retrieval.HarnessConfig\n"));
  EXPECT_FALSE(AuthoredFieldDigests(TestSchemas(), "t.jsonl", "not json\n"));
}

TEST(IsPlainRelativePathTest, RefusesWhatCouldLeaveTheWorkspace) {
  EXPECT_TRUE(IsPlainRelativePath("data/harnesses/H008.textproto"));
  EXPECT_TRUE(IsPlainRelativePath("external/x_history/commits/ab/tree.z"));
  EXPECT_FALSE(IsPlainRelativePath("/etc/passwd"));
  EXPECT_FALSE(IsPlainRelativePath("data/../../x"));
  EXPECT_FALSE(IsPlainRelativePath("data//x"));
  EXPECT_FALSE(IsPlainRelativePath("data/x y"));
  EXPECT_FALSE(IsPlainRelativePath("-n"));
}

TEST(ParseRevisionsTest, RefusesARevisionThatGitWouldReadAsAnOption) {
  absl::StatusOr<std::vector<std::string>> revs = ParseRevisions("HEAD,abc123,,v1.0");
  ASSERT_TRUE(revs.ok()) << revs.status();
  EXPECT_THAT(*revs, ElementsAre("HEAD", "abc123", "v1.0"));
  EXPECT_TRUE(IsError(ParseRevisions("HEAD,--output=/tmp/x"), absl::StatusCode::kInvalidArgument,
                      "--revision: '--output=/tmp/x' starts with '-'; expected a git revision"));
}

// A revision that looks like an option reaches `git show` as a revision
// (after --end-of-options): found nowhere, and no file written.
TEST(SourceBytesTest, ARevisionIsNeverAnOptionOfGitShow) {
  const std::string ws = std::string(std::getenv("TEST_TMPDIR")) + "/ws";
  ASSERT_EQ(std::system(("git init -q " + ws + " && echo a > " + ws + "/a.txt && git -C " + ws +
                         " add a.txt && git -C " + ws +
                         " -c user.name=t -c user.email=t@localhost commit -qm a")
                            .c_str()),
            0);
  const SourceBytes sources(ws, "", {"--output=" + ws + "/../leak"}, TestSchemas());
  EXPECT_EQ(sources.AtRevision("a.txt"), std::nullopt);
  EXPECT_FALSE(std::filesystem::exists(ws + "/../leak:a.txt"));
  EXPECT_EQ(SourceBytes(ws, "", {"HEAD"}, TestSchemas()).AtRevision("a.txt"), "a\n");
}

}  // namespace
}  // namespace repro::explain
