#include "tools/tasks/importer.h"

#include <map>
#include <string>
#include <utility>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "nlohmann/json.hpp"
#include "stages/corpus/task.pb.h"
#include "stages/corpus/task_spec.h"
#include "stages/framework/pipeline/file_io.h"
#include "stages/framework/pipeline/sha256.h"
#include "stages/framework/pipeline/textproto.h"

namespace repro::tasks {
namespace {

using ::testing::AllOf;
using ::testing::HasSubstr;
using ::testing::Not;

// The test's data, from the runfiles root (bazel test runs there).
constexpr char kSweBench[] = "tools/tasks/testdata/swe_bench.jsonl";
constexpr char kMultiSweBench[] = "tools/tasks/testdata/multi_swe_bench.jsonl";
constexpr char kSwePolyBench[] = "tools/tasks/testdata/swe_polybench.json";
constexpr char kFixtureTasks[] = "data/e04/fixture/patches.textproto";
constexpr char kFixtureLock[] = "data/e04/fixture/patches.lock.textproto";
const std::string kBase(40, 'b');

std::string Read(const std::string& path) {
  absl::StatusOr<std::string> text = ReadFile(path);
  EXPECT_TRUE(text.ok()) << text.status();
  return text.ok() ? *text : "";
}

absl::StatusOr<std::string> Import(absl::string_view text, RecordFormat format,
                                   std::string repo = "", ImportSummary* summary = nullptr) {
  ImportSummary ignored;
  return ImportTasks(text, "in.jsonl", {format, std::move(repo), "in.jsonl"},
                     summary == nullptr ? &ignored : summary);
}

corpus::TaskSet Tasks(const absl::StatusOr<std::string>& jsonl) {
  EXPECT_TRUE(jsonl.ok()) << jsonl.status();
  absl::StatusOr<corpus::TaskSet> set = corpus::ParseTaskLines(jsonl.ok() ? *jsonl : "", "out");
  EXPECT_TRUE(set.ok()) << set.status();
  return set.ok() ? *set : corpus::TaskSet();
}

corpus::TaskSet FixtureTasks() {
  absl::StatusOr<corpus::TaskSet> set = corpus::ParseTaskSet(Read(kFixtureTasks), kFixtureTasks);
  EXPECT_TRUE(set.ok()) << set.status();
  return set.ok() ? *set : corpus::TaskSet();
}

// A SWE-bench record of repository `repo`, with `changes` applied.
std::string Record(const std::string& id, const std::string& repo = "o/r",
                   nlohmann::json changes = nlohmann::json::object()) {
  nlohmann::json r = {{"instance_id", id},    {"repo", repo},
                      {"base_commit", kBase}, {"patch", "diff --git a/x.go b/x.go\n"},
                      {"test_patch", ""},     {"problem_statement", "It fails."},
                      {"hints_text", "x.go"}};
  r.update(changes);
  return r.dump() + "\n";
}

// The history the fixture's lock describes: each base present with its
// stale commit as parent, each patch's tree as the lock froze it.
corpus::HistoryView LockedHistory(const corpus::TaskLock& lock) {
  corpus::HistoryView h;
  h.description = "the E04 fixture history, as its patch lock records it";
  h.remedy = "refreeze the lock";
  for (const corpus::LockedTask& t : lock.tasks()) {
    h.index[t.base_commit()] = {"present", {t.stale_commit()}};
    h.index[t.stale_commit()] = {"present", {}};
    h.patch_trees[{t.base_commit(), t.patch_sha256()}] = t.fix_tree();
  }
  return h;
}

TEST(ImporterTest, SweBenchRecordsGiveTheTasksOfTheFrozenFixturePatchSet) {
  ImportSummary summary;
  const corpus::TaskSet imported =
      Tasks(Import(Read(kSweBench), RecordFormat::kSweBench, "", &summary));
  const corpus::TaskSet fixture = FixtureTasks();
  ASSERT_EQ(imported.tasks_size(), 3);
  ASSERT_EQ(fixture.tasks_size(), 3);
  for (int i = 0; i < 3; ++i) {
    const corpus::Task& got = imported.tasks(i);
    const corpus::Task& want = fixture.tasks(i);
    EXPECT_EQ(got.id(), absl::StrCat("example-org__runner-", 101 + i));
    EXPECT_EQ(got.repo(), "example-org/runner");
    EXPECT_EQ(got.query(), want.query()) << want.id();
    EXPECT_EQ(got.base_commit(), want.base_commit()) << want.id();
    EXPECT_EQ(got.patch(), want.patch()) << want.id();
    EXPECT_EQ(got.test_patch(), want.test_patch()) << want.id();
    EXPECT_EQ(got.notes(), absl::StrCat("imported from a swe-bench record, line ", i + 1,
                                        " of in.jsonl (//tools/tasks:import, docs/tasks.md)"));
    EXPECT_THAT(got.query() + got.notes(), Not(HasSubstr("maintainer")));  // hints_text
  }
  EXPECT_EQ(summary.records, 3);
  EXPECT_EQ(summary.imported, 3);
  EXPECT_EQ(summary.unread_fields, (std::map<std::string, int>{{"FAIL_TO_PASS", 3},
                                                               {"PASS_TO_PASS", 3},
                                                               {"created_at", 3},
                                                               {"environment_setup_commit", 3},
                                                               {"hints_text", 3},
                                                               {"version", 3}}));
}

TEST(ImporterTest, TheImportedFileIsAValidTaskSetOfTheFrozenLock) {
  corpus::TaskLock lock;
  ASSERT_TRUE(ParseTextProto(Read(kFixtureLock), kFixtureLock, &lock).ok());
  const corpus::TaskSet imported = Tasks(Import(Read(kSweBench), RecordFormat::kSweBench));
  absl::StatusOr<corpus::TaskSet> valid =
      corpus::ValidateTaskSet(imported, "swe_bench.jsonl", LockedHistory(lock),
                              {lock.repository(), lock.lsa_training_commit()});
  ASSERT_TRUE(valid.ok()) << valid.status();
  for (int i = 0; i < lock.tasks_size(); ++i) {
    EXPECT_EQ(valid->tasks(i).fix_tree(), lock.tasks(i).fix_tree());
    EXPECT_EQ(valid->tasks(i).stale_commit(), lock.tasks(i).stale_commit());
    EXPECT_EQ(Sha256Hex(valid->tasks(i).patch()), lock.tasks(i).patch_sha256());
  }
}

TEST(ImporterTest, AMultiSweBenchRecordAsksItsResolvedIssues) {
  const corpus::TaskSet t =
      Tasks(Import(Read(kMultiSweBench), RecordFormat::kMultiSweBench, "example-org/runner"));
  ASSERT_EQ(t.tasks_size(), 1);
  EXPECT_EQ(t.tasks(0).id(), "example-org__runner-202");
  EXPECT_EQ(t.tasks(0).query(),
            "The runner starts a job after shutdown began\n\nAfter I stop the runner it "
            "sometimes still starts one more job, even though shutdown had already begun.\n\n"
            "Seen with the shell executor.");
  EXPECT_EQ(t.tasks(0).patch(), FixtureTasks().tasks(1).patch());
  EXPECT_EQ(t.tasks(0).base_commit(), FixtureTasks().tasks(1).base_commit());
  EXPECT_EQ(t.tasks(0).test_patch(), "");
}

TEST(ImporterTest, ASwePolyBenchArrayIsReadByRecordIndex) {
  const corpus::TaskSet t = Tasks(Import(Read(kSwePolyBench), RecordFormat::kSwePolyBench));
  ASSERT_EQ(t.tasks_size(), 1);
  EXPECT_EQ(t.tasks(0).id(), "example-org__runner-303");
  EXPECT_EQ(t.tasks(0).patch(), FixtureTasks().tasks(2).patch());
  EXPECT_EQ(t.tasks(0).test_patch(), FixtureTasks().tasks(2).test_patch());
  EXPECT_THAT(t.tasks(0).notes(), HasSubstr("swe-polybench record, records[0] of"));
}

TEST(ImporterTest, SeveralRepositoriesNeedRepoAndTheOthersAreSkipped) {
  const std::string text = Record("a__b-1", "a/b") + Record("c__d-1", "c/d") +
                           Record("a__b-2", "a/b") + "{\"repo\": \"c/d\"}\n";
  EXPECT_THAT(Import(text, RecordFormat::kSweBench).status().message(),
              HasSubstr("in.jsonl: expected the records of one repository (a task set is one "
                        "repository), found 2: a/b (2), c/d (2); choose one with "
                        "--repo=<owner>/<name>"));
  ImportSummary summary;
  const corpus::TaskSet t = Tasks(Import(text, RecordFormat::kSweBench, "a/b", &summary));
  ASSERT_EQ(t.tasks_size(), 2);
  EXPECT_EQ(t.tasks(1).id(), "a__b-2");
  EXPECT_EQ(summary.other_repositories, 2);
  EXPECT_THAT(Import(text, RecordFormat::kSweBench, "e/f").status().message(),
              HasSubstr("--repo=e/f: expected records of that repository, found none; the "
                        "file's repositories: a/b (2), c/d (2)"));
}

TEST(ImporterTest, AnIssuesCrLfLineEndsBecomeLf) {
  const corpus::TaskSet t =
      Tasks(Import(Record("a__b-1", "o/r", {{"problem_statement", "Title\r\n\r\nBody\r\n"}}),
                   RecordFormat::kSweBench));
  EXPECT_EQ(t.tasks(0).query(), "Title\n\nBody\n");
}

TEST(ImporterTest, BadRecordsAreNamedByLineFieldExpectedAndFound) {
  const std::pair<std::string, std::string> cases[] = {
      {Record("a__b-1") + "{\"repo\": \"o/r\", \n",
       "in.jsonl:2: expected JSON (a record a line), found invalid JSON"},
      {"[1]\n", "in.jsonl: records[0]: expected a JSON object (a record), found a number (1)"},
      {"\"x\"\n", "in.jsonl:1: expected a JSON object (a record), found a string"},
      {Record("a__b-1", "o/r", {{"base_commit", 17}}),
       "in.jsonl:1: field base_commit: expected a string, found a number (17)"},
      {Record("a__b-1", "o/r", {{"problem_statement", nullptr}}),
       "in.jsonl:1: field problem_statement: expected a string, found null"},
      {"{\"repo\": \"o/r\", \"instance_id\": \"a__b-1\"}\n",
       "in.jsonl:1: field base_commit: expected a string, found none (the field is missing)"},
      {Record("a__b-1", "o/r", {{"patch", ""}}),
       "in.jsonl:1: field patch: expected a unified diff, found an empty string"},
      {Record("a__b-1", "o/r", {{"base_commit", "HEAD"}}),
       "in.jsonl:1: field base_commit: expected a commit id of 40 lowercase hex characters, "
       "found \"HEAD\""},
      {Record("a/b-1"),
       "in.jsonl:1: field instance_id: expected 1-64 characters of [A-Za-z0-9_.-] starting with "
       "a letter or digit, found \"a/b-1\""},
      {Record("a__b-1", "o/r", {{"patch", "diff\r\n"}}),
       "in.jsonl:1: field patch: expected text a task file may hold (docs/tasks.md), found "
       "control character U+000D"},
      {Record("a__b-1") + Record("a__b-2") + Record("a__b-1"),
       "in.jsonl:3: field instance_id: expected an id used once, found \"a__b-1\", the id of "
       "in.jsonl:1"},
      {"\n\n", "in.jsonl: expected one or more records, found none"},
      {"{\"instance_id\": \"a\"}\n", "in.jsonl:1: field repo: expected a string, found none"},
  };
  for (const auto& [text, message] : cases) {
    EXPECT_THAT(Import(text, RecordFormat::kSweBench).status().message(), HasSubstr(message))
        << text;
  }
}

TEST(ImporterTest, EveryBadRecordIsListed) {
  const std::string text = Record("a__b-1", "o/r", {{"patch", ""}}) + Record("a__b-2") +
                           Record("a__b-3", "o/r", {{"problem_statement", ""}});
  EXPECT_THAT(Import(text, RecordFormat::kSweBench).status().message(),
              AllOf(HasSubstr("2 problem(s) in in.jsonl:\n"), HasSubstr("in.jsonl:1: field patch"),
                    HasSubstr("in.jsonl:3: field problem_statement: expected the issue's text")));
}

TEST(ImporterTest, AJsonArrayThatIsNotJsonNamesItsLine) {
  EXPECT_THAT(Import("[\n{\"repo\": \"o/r\"},\n{\"repo\" \"o/r\"}\n]\n", RecordFormat::kSweBench)
                  .status()
                  .message(),
              HasSubstr("in.jsonl:3: expected JSON (an array of records), found invalid JSON"));
  EXPECT_THAT(
      Import("[\n" + Record("a__b-1", "o/r", {{"patch", 3}}) + "]", RecordFormat::kSweBench)
          .status()
          .message(),
      HasSubstr("in.jsonl: records[0]: field patch: expected a string, found a number (3)"));
}

TEST(ImporterTest, MultiSweBenchFieldsAreChecked) {
  nlohmann::json r = nlohmann::json::parse(Read(kMultiSweBench));
  const auto message = [&](const char* key, nlohmann::json value) {
    nlohmann::json bad = r;
    bad[key] = std::move(value);
    return std::string(Import(bad.dump() + "\n", RecordFormat::kMultiSweBench).status().message());
  };
  EXPECT_THAT(
      message("number", "202"),
      HasSubstr("in.jsonl:1: field number: expected a pull request number, found a string"));
  EXPECT_THAT(message("base", "main"),
              HasSubstr("in.jsonl:1: field base: expected an object, found a string"));
  EXPECT_THAT(message("resolved_issues", nlohmann::json::array()),
              HasSubstr("field resolved_issues: expected an array of one or more issues, found an "
                        "empty array"));
  const auto issue = [](nlohmann::json title, nlohmann::json body) {
    return nlohmann::json::object({{"title", std::move(title)}, {"body", std::move(body)}});
  };
  EXPECT_THAT(message("resolved_issues", nlohmann::json::array({issue(3, "")})),
              HasSubstr("field resolved_issues[0].title: expected a string, found a number (3)"));
  EXPECT_THAT(
      message("resolved_issues", nlohmann::json::array({issue("T", 4)})),
      HasSubstr("field resolved_issues[0].body: expected a string or null, found a number"));
  // A body may be null or empty: the title alone.
  r["resolved_issues"] = nlohmann::json::array({issue("T", nullptr), issue("U", "")});
  const corpus::TaskSet t = Tasks(Import(r.dump() + "\n", RecordFormat::kMultiSweBench));
  ASSERT_EQ(t.tasks_size(), 1);
  EXPECT_EQ(t.tasks(0).query(), "T\n\nU");
}

TEST(ImporterTest, UnknownFormatsAreNamed) {
  EXPECT_THAT(ParseRecordFormat("swebench").status().message(),
              HasSubstr("--format: expected one of swe-bench (SWE-bench, Lite, Verified), "
                        "multi-swe-bench, swe-polybench, found \"swebench\""));
  for (RecordFormat f :
       {RecordFormat::kSweBench, RecordFormat::kMultiSweBench, RecordFormat::kSwePolyBench}) {
    EXPECT_EQ(*ParseRecordFormat(FormatName(f)), f);
  }
}

}  // namespace
}  // namespace repro::tasks
