#include "stages/corpus/task_spec.h"

#include <string>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "stages/framework/pipeline/sha256.h"

namespace repro {
namespace corpus {
namespace {

using ::testing::HasSubstr;
using ::testing::Not;

const std::string kFix(40, 'f'), kBase(40, 'b'), kStale(40, 'a'), kRoot(40, '1');

const char kSpec[] = R"pb(
  repository: "fixture"
  lsa_training_commit: "bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb"
  tasks {
    id: "F01"
    query: "q"
    reformulation: "r"
    reformulation_provenance: "p"
    fix_commit: "ffffffffffffffffffffffffffffffffffffffff"
    base_commit: "bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb"
    stale_commit: "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"
    fix_date: "2024-01-01T00:00:00Z"
    subsystem: "s"
    gold_files: "x/x.go"
    gold_functions { file: "x/x.go" function: "X" base_start_line: 3 base_end_line: 5 }
    gold_in_stale { file: "x/x.go" exists: true }
  }
)pb";

HistoryView History() {
  HistoryView h;
  h.description = "the test history";
  h.remedy = "rebuild it";
  h.index[kFix] = {"present", {kBase}};
  h.index[kBase] = {"present", {kStale}};
  h.index[kStale] = {"present", {kRoot}};
  h.tree_paths[kBase] = {"x/x.go", "y.go"};
  return h;
}

const SetDefaults kDefaults{"fixture", kBase};

absl::Status Validate(const TaskSet& set, const HistoryView& history) {
  return ValidateTaskSet(set, "tasks.textproto", history, kDefaults).status();
}

TaskSet Spec() {
  auto set = ParseTaskSet(kSpec, "tasks.textproto");
  EXPECT_TRUE(set.ok()) << set.status();
  return *set;
}

TEST(TaskSpecTest, ValidSpecPasses) { EXPECT_TRUE(Validate(Spec(), History()).ok()); }

TEST(TaskSpecTest, ParseErrorNamesLine) {
  auto set = ParseTaskSet("tasks { id: \"F01\"\n  nonsense: 1 }", "t.textproto");
  ASSERT_FALSE(set.ok());
  EXPECT_THAT(set.status().message(), HasSubstr("t.textproto:2"));
}

TEST(TaskSpecTest, DuplicateId) {
  TaskSet s = Spec();
  *s.add_tasks() = s.tasks(0);
  auto st = Validate(s, History());
  EXPECT_THAT(st.message(), HasSubstr("tasks.textproto: task F01 (tasks[1]), field id: duplicate "
                                      "task id \"F01\", first used by tasks[0]"));
}

TEST(TaskSpecTest, UnknownAndMissingCommits) {
  TaskSet s = Spec();
  s.mutable_tasks(0)->set_fix_commit(std::string(40, 'e'));
  HistoryView h = History();
  h.index[std::string(40, 'e')] = {"missing", {}};
  auto st = Validate(s, h);
  EXPECT_THAT(st.message(), HasSubstr("task F01 (tasks[0]), field fix_commit: commit eeee"));
  EXPECT_THAT(st.message(), HasSubstr("is not in the test history; rebuild it"));

  s = Spec();
  s.mutable_tasks(0)->set_stale_commit(std::string(40, 'c'));
  st = Validate(s, History());
  EXPECT_THAT(st.message(), HasSubstr("field stale_commit: expected base_commit^1 = aaaa"));
  EXPECT_THAT(st.message(), HasSubstr(", found cccc"));

  s.mutable_tasks(0)->set_base_commit(std::string(40, 'd'));
  st = Validate(s, History());
  EXPECT_THAT(st.message(), HasSubstr("field base_commit: commit dddd"));
}

TEST(TaskSpecTest, ParentageIsChecked) {
  // Without an authored base_commit, the base is fix^1.
  TaskSet s = Spec();
  s.mutable_tasks(0)->clear_base_commit();
  HistoryView h = History();
  h.index[kFix] = {"present", {kStale}};
  auto st = Validate(s, h);
  EXPECT_THAT(st.message(), HasSubstr("field stale_commit: expected base_commit^1 = 1111"));
  h.index[kFix] = {"present", {kBase, kStale}};
  st = Validate(s, h);
  EXPECT_THAT(st.message(),
              HasSubstr("field fix_commit: commit " + kFix +
                        " has 2 parents; without an explicit base_commit the protocol needs a "
                        "one-parent fix"));
}

TEST(TaskSpecTest, AnExplicitBaseIsTheBase) {
  // A fix that spans commits: the authored base (history.bzl checks that it
  // is an ancestor of the fix), whatever the fix's parents.
  HistoryView h = History();
  h.index[kFix] = {"present", {kRoot, kStale}};
  absl::StatusOr<TaskSet> v = ValidateTaskSet(Spec(), "tasks.textproto", h, kDefaults);
  ASSERT_TRUE(v.ok()) << v.status();
  EXPECT_EQ(v->tasks(0).base_commit(), kBase);
  EXPECT_EQ(v->tasks(0).stale_commit(), kStale);
}

// A task given as a patch: base_commit and patch, no fix_commit.
TaskSet PatchSpec(const std::string& patch) {
  TaskSet set = Spec();
  Task& t = *set.mutable_tasks(0);
  t.clear_fix_commit();
  t.set_patch(patch);
  t.set_test_patch("diff --git a/x/x_test.go b/x/x_test.go\n");
  return set;
}

const char kPatch[] =
    "diff --git a/x/x.go b/x/x.go\n--- a/x/x.go\n+++ b/x/x.go\n@@ -3 +3 @@\n-a\n+b\n";
const std::string kTree(40, 'e');

HistoryView PatchHistory() {
  HistoryView h = History();
  h.patch_trees[{kBase, Sha256Hex(kPatch)}] = kTree;
  return h;
}

TEST(TaskSpecTest, APatchOnItsBaseDerivesTheFixTree) {
  absl::StatusOr<TaskSet> v =
      ValidateTaskSet(PatchSpec(kPatch), "tasks.textproto", PatchHistory(), kDefaults);
  ASSERT_TRUE(v.ok()) << v.status();
  EXPECT_EQ(v->tasks(0).fix_tree(), kTree);
  EXPECT_EQ(v->tasks(0).fix_commit(), "");
  EXPECT_EQ(v->tasks(0).base_commit(), kBase);
  EXPECT_EQ(v->tasks(0).stale_commit(), kStale);
}

TEST(TaskSpecTest, APatchNamesItsBaseAndNoFixCommit) {
  TaskSet both = PatchSpec(kPatch);
  both.mutable_tasks(0)->set_fix_commit(kFix);
  EXPECT_THAT(Validate(both, PatchHistory()).message(),
              HasSubstr("task F01 (tasks[0]), field patch: a task names exactly one of "
                        "fix_commit and patch, found both"));
  TaskSet no_base = PatchSpec(kPatch);
  no_base.mutable_tasks(0)->clear_base_commit();
  EXPECT_THAT(Validate(no_base, PatchHistory()).message(),
              HasSubstr("task F01 (tasks[0]), field base_commit: empty; a task given as a patch"));
}

TEST(TaskSpecTest, APatchTheHistoryDidNotApplyIsNamed) {
  // Another patch than the one the repository rule applied (a stale
  // repository), and an authored fix_tree that is not the derived one.
  EXPECT_THAT(Validate(PatchSpec("diff --git a/y.go b/y.go\n"), PatchHistory()).message(),
              HasSubstr("field patch: the history repository applied no patch of sha256 "));
  TaskSet written = PatchSpec(kPatch);
  written.mutable_tasks(0)->set_fix_tree(std::string(40, 'd'));
  EXPECT_THAT(Validate(written, PatchHistory()).message(),
              HasSubstr("field fix_tree: expected the tree of patch on base_commit = " + kTree));
}

TEST(TaskSpecTest, PatchTreesAreParsedStrictly) {
  const std::string row = kBase + "\t" + std::string(64, '0') + "\t" + kTree + "\n";
  auto trees = ParsePatchTrees(row, "patches.tsv");
  ASSERT_TRUE(trees.ok()) << trees.status();
  EXPECT_EQ(trees->at({kBase, std::string(64, '0')}), kTree);
  EXPECT_THAT(
      ParsePatchTrees(row + kBase + "\tabc\t" + kTree + "\n", "patches.tsv").status().message(),
      HasSubstr("patches.tsv:2: field patch sha256 (expected 64 hex characters)"));
}

TEST(TaskSpecTest, GoldFileAbsentAtBase) {
  HistoryView h = History();
  h.tree_paths[kBase] = {"y.go"};
  auto st = Validate(Spec(), h);
  EXPECT_THAT(st.message(),
              HasSubstr("task F01 (tasks[0]), field gold_files[0]: gold file x/x.go is "
                        "absent at base_commit bbbb"));
}

TEST(TaskSpecTest, LabelShapeProblemsAreAllListed) {
  TaskSet s = Spec();
  Task* t = s.mutable_tasks(0);
  t->set_query("");
  t->mutable_gold_functions(0)->set_file("z.go");
  t->mutable_gold_functions(0)->set_base_end_line(1);
  t->clear_gold_in_stale();
  auto st = Validate(s, History());
  EXPECT_THAT(st.message(), HasSubstr("4 problem(s)"));
  EXPECT_THAT(st.message(), HasSubstr("field query: empty"));
  EXPECT_THAT(st.message(), HasSubstr("field gold_functions[0].file: \"z.go\" is not a gold file"));
  EXPECT_THAT(st.message(), HasSubstr("expected 1 <= base_start_line <= base_end_line, found 3-1"));
  EXPECT_THAT(st.message(), HasSubstr("field gold_in_stale: no entry for gold file \"x/x.go\""));
}

TEST(TaskSpecTest, ControlCharactersInAuthoredTextAreNamed) {
  TaskSet s = Spec();
  Task* t = s.mutable_tasks(0);
  t->set_query(std::string("windows\0volume", 14));
  t->set_reformulation("a\rb");
  t->set_subsystem("x\x7f");
  t->mutable_gold_functions(0)->set_function("X\x1b[31m");
  s.set_lsa_training_note("note \xc2\x85 next line");
  auto st = Validate(s, History());
  EXPECT_THAT(st.message(), HasSubstr("5 problem(s)"));
  EXPECT_THAT(st.message(),
              HasSubstr("tasks.textproto: task F01 (tasks[0]), field query: control character "
                        "U+0000 at byte 7 (authored text may hold tab and newline, no other "
                        "control character)"));
  EXPECT_THAT(st.message(), HasSubstr("task F01 (tasks[0]), field reformulation: control "
                                      "character U+000D at byte 1"));
  EXPECT_THAT(st.message(), HasSubstr("field subsystem: control character U+007F at byte 1"));
  EXPECT_THAT(st.message(), HasSubstr("field gold_functions[0].function: control character "
                                      "U+001B at byte 1"));
  EXPECT_THAT(st.message(), HasSubstr("tasks.textproto: field lsa_training_note: control "
                                      "character U+0085 at byte 5"));
  // Tab and newline are text.
  s = Spec();
  s.mutable_tasks(0)->set_query("line one\n\tline two");
  EXPECT_TRUE(Validate(s, History()).ok());
  // From the text file itself, and an id holding one is printed escaped.
  std::string text = kSpec;
  text.replace(text.find("id: \"F01\""), 9, "id: \"F\\001\"");
  auto parsed = ParseTaskSet(text, "tasks.textproto");
  ASSERT_TRUE(parsed.ok()) << parsed.status();
  EXPECT_THAT(Validate(*parsed, History()).message(),
              HasSubstr("task \"F\\x01\" (tasks[0]), field id: control character U+0001 at "
                        "byte 1"));
}

// A query may be a whole issue, up to 64 KiB; one byte more is named, and
// so is a reformulation over the bound.
TEST(TaskSpecTest, AQueryMayBeAsLongAsAnIssueUpTo64KiB) {
  TaskSet s = Spec();
  std::string issue = "Title: cache misses after upgrade\n\n```\nTraceback:\n\tat x.go:3\n```\n";
  issue.resize(kMaxQueryBytes, 'w');
  s.mutable_tasks(0)->set_query(issue);
  s.mutable_tasks(0)->set_reformulation(issue);
  EXPECT_TRUE(Validate(s, History()).ok());
  s.mutable_tasks(0)->set_query(issue + "x");
  s.mutable_tasks(0)->set_reformulation(issue + "yy");
  auto st = Validate(s, History());
  EXPECT_THAT(st.message(), HasSubstr("2 problem(s)"));
  EXPECT_THAT(st.message(), HasSubstr("tasks.textproto: task F01 (tasks[0]), field query: 65537 "
                                      "bytes, expected at most 65536 (64 KiB"));
  EXPECT_THAT(st.message(), HasSubstr("field reformulation: 65538 bytes, expected at most 65536"));
}

TEST(TaskSpecTest, DirectionalFormattingCharactersAreRefused) {
  // A right-to-left override (U+202E, UTF-8 E2 80 AE) shows "gnp.exe" as
  // "exe.png"; an isolate (U+2066) and an embedding (U+202A) too.
  TaskSet s = Spec();
  s.mutable_tasks(0)->set_query("cache key \xe2\x80\xaegnp.exe");
  s.mutable_tasks(0)->set_notes("\xe2\x81\xa6x");
  s.set_lsa_training_note("ab\xe2\x80\xaa");
  auto st = Validate(s, History());
  EXPECT_THAT(st.message(), HasSubstr("3 problem(s)"));
  EXPECT_THAT(st.message(),
              HasSubstr("task F01 (tasks[0]), field query: explicit directional formatting "
                        "character U+202E at byte 10 (an embedding, override or isolate"));
  EXPECT_THAT(st.message(), HasSubstr("field notes: explicit directional formatting character "
                                      "U+2066 at byte 0"));
  EXPECT_THAT(st.message(), HasSubstr("field lsa_training_note: explicit directional formatting "
                                      "character U+202A at byte 2"));
  // Other characters of that block are text: a left-to-right mark (U+200E),
  // an en dash (U+2013), a per mille sign (U+2030).
  s = Spec();
  s.mutable_tasks(0)->set_query("a\xe2\x80\x8e b \xe2\x80\x93 c \xe2\x80\xb0");
  EXPECT_TRUE(Validate(s, History()).ok());
}

TEST(TaskSpecTest, AuthoredFieldsAloneDeriveTheCommits) {
  TaskSet s;
  Task* t = s.add_tasks();
  t->set_id("F01");
  t->set_query("q");
  t->set_fix_commit(kFix);
  absl::StatusOr<TaskSet> v = ValidateTaskSet(s, "tasks.jsonl", History(), kDefaults);
  ASSERT_TRUE(v.ok()) << v.status();
  EXPECT_EQ(v->repository(), "fixture");
  EXPECT_EQ(v->lsa_training_commit(), kBase);
  EXPECT_EQ(v->tasks(0).base_commit(), kBase);
  EXPECT_EQ(v->tasks(0).stale_commit(), kStale);
  EXPECT_EQ(v->tasks(0).gold_files_size(), 0);
  // A base that is a root commit has no stale corpus.
  HistoryView h = History();
  h.index[kBase] = {"present", {}};
  EXPECT_THAT(Validate(s, h).message(),
              HasSubstr("field stale_commit: base_commit " + kBase + " is a root commit"));
  // A file value other than the resolved one: the repository is out of date.
  s.set_lsa_training_commit(kStale);
  EXPECT_THAT(Validate(s, History()).message(),
              HasSubstr("field lsa_training_commit: the repository rule used \"" + kBase));
  // Gold functions without gold files.
  s.clear_lsa_training_commit();
  t->add_gold_functions()->set_file("x/x.go");
  EXPECT_THAT(Validate(s, History()).message(),
              HasSubstr("field gold_files: no gold file, but gold_functions or gold_in_stale"));
}

TEST(TaskSpecTest, JsonLinesGiveTheSameSetAsTheTextProto) {
  const std::string line =
      R"({"id": "F01", "query": "q", "reformulation": "r", "reformulation_provenance": "p", )"
      R"("fix_commit": ")" +
      kFix + R"(", "base_commit": ")" + kBase + R"(", "stale_commit": ")" + kStale +
      R"(", "fix_date": "2024-01-01T00:00:00Z", "subsystem": "s", "gold_files": ["x/x.go"], )"
      R"("gold_functions": [{"file": "x/x.go", "function": "X", "base_start_line": 3, )"
      R"("base_end_line": 5}], "gold_in_stale": {"x/x.go": true}})";
  absl::StatusOr<TaskSet> jsonl = ParseTaskSet("\n" + line + "\n\n", "tasks.jsonl");
  ASSERT_TRUE(jsonl.ok()) << jsonl.status();
  absl::StatusOr<TaskSet> a = ValidateTaskSet(*jsonl, "tasks.jsonl", History(), kDefaults);
  absl::StatusOr<TaskSet> b = ValidateTaskSet(Spec(), "tasks.textproto", History(), kDefaults);
  ASSERT_TRUE(a.ok() && b.ok()) << a.status() << b.status();
  EXPECT_EQ(a->SerializeAsString(), b->SerializeAsString());
}

TEST(TaskSpecTest, JsonLinesErrorsNameTheLineAndTheField) {
  const std::string text =
      "{\"id\": \"F01\", \"query\": \"q\"}\n{\"id\": 3}\n{\"idd\": \"x\"}\n{broken\n";
  absl::StatusOr<TaskSet> s = ParseTaskSet(text, "t.jsonl");
  ASSERT_FALSE(s.ok());
  EXPECT_THAT(s.status().message(), HasSubstr("3 line(s) of the task file do not parse"));
  EXPECT_THAT(s.status().message(), HasSubstr("t.jsonl:2: (id): invalid value 3 for type "
                                              "TYPE_STRING"));
  EXPECT_THAT(s.status().message(), HasSubstr("t.jsonl:3: idd: Cannot find field."));
  EXPECT_THAT(s.status().message(),
              HasSubstr("t.jsonl:4: invalid JSON: [json.exception.parse_error"));
  // A repeated key would silently replace a value: an error.
  s = ParseTaskSet("{\"id\": \"F01\", \"fix_commit\": \"a\", \"fix_commit\": \"b\"}\n", "t.jsonl");
  EXPECT_THAT(s.status().message(),
              HasSubstr("t.jsonl:1: invalid JSON: duplicate key 'fix_commit' in one object"));
}

// protobuf's JSON parser accepts a field's lowerCamelCase name too, the last
// of two spellings winning: the fetch read fix_commit, the labels another fix.
TEST(TaskSpecTest, JsonLinesAcceptOneSpellingOfEachField) {
  const std::string f1(40, '1'), f2(40, '2');
  absl::StatusOr<TaskSet> s =
      ParseTaskSet(absl::StrCat("{\"id\":\"A01\",\"query\":\"q\",\"fix_commit\":\"", f1,
                                "\",\"fixCommit\":\"", f2, "\"}\n"),
                   "t.jsonl");
  ASSERT_FALSE(s.ok());
  EXPECT_THAT(s.status().message(),
              HasSubstr("t.jsonl:1: unknown field \"fixCommit\" (the field is fix_commit: task "
                        "files use the snake_case names only)"));
  s = ParseTaskSet("{\"id\":\"A01\",\"query\":\"q\",\"baseCommit\":\"x\"}\n", "t.jsonl");
  EXPECT_THAT(s.status().message(), HasSubstr("t.jsonl:1: unknown field \"baseCommit\""));
  // The snake_case names parse.
  s = ParseTaskSet(absl::StrCat("{\"id\":\"A01\",\"query\":\"q\",\"fix_commit\":\"", f1, "\"}\n"),
                   "t.jsonl");
  ASSERT_TRUE(s.ok()) << s.status();
  EXPECT_EQ(s->tasks(0).fix_commit(), f1);
}

TEST(TaskSpecTest, FindTask) {
  TaskSet s = Spec();
  ASSERT_TRUE(FindTask(s, "F01").ok());
  EXPECT_THAT(FindTask(s, "F09").status().message(), HasSubstr("ids: F01"));
}

}  // namespace
}  // namespace corpus
}  // namespace repro
