#include "stages/corpus/labels.h"

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "stages/corpus/chunker.h"
#include "stages/corpus/testing/languages.h"
#include "stages/framework/metrics/function_recall.h"
#include "stages/framework/pipeline/sha256.h"

namespace repro {
namespace corpus {
namespace {

using ::testing::ElementsAre;
using ::testing::HasSubstr;

Chunk Fn(const std::string& path, const std::string& name, uint32_t s, uint32_t e) {
  Chunk c;
  c.set_path(path);
  c.set_function(name);
  c.set_start_line(s);
  c.set_end_line(e);
  return c;
}

ChunkSet BaseChunks() {
  ChunkSet set;
  *set.add_chunks() = Fn("a/a.go", "A", 10, 20);
  *set.add_chunks() = Fn("a/a.go", "T.B", 22, 30);
  *set.add_chunks() = Fn("a/a.go", "C", 32, 40);
  *set.add_chunks() = Fn("a/a.go", "", 1, 45);
  *set.add_chunks() = Fn("b/b.go", "", 1, 5);
  return set;
}

// The chunks of Java source `src` as the file Money.java.
ChunkSet MoneyJavaChunks(const char* src) {
  ChunkSet set;
  std::unique_ptr<FunctionParser> parser =
      testing::OrDie(FunctionParser::Create(testing::RulesOf("java")));
  EXPECT_TRUE(ChunkFile(*parser, "Money.java", src, set.mutable_chunks()).ok());
  return set;
}

LanguageSet JavaLanguages() {
  return testing::OrDie(LanguageSet::Create({testing::RulesOf("java")}));
}

Task MakeTask() {
  Task t;
  t.set_id("X01");
  t.set_base_commit("b");
  t.set_fix_commit("f");
  return t;
}

TEST(DeriveLabelsTest, FiltersRowsAndAppliesOverlapAndInsertionRules) {
  std::vector<NameStatusRow> ns = {{"M", "a/a.go", ""},       {"M", "a/a_test.go", ""},
                                   {"A", "n.go", ""},         {"R090", "o.go", "p.go"},
                                   {"M", "b/b.go", ""},       {"M", "README.md", ""},
                                   {"M", "vendor/x/y.go", ""}};
  std::map<std::string, std::vector<OldSideChange>> changes;
  changes["a/a.go"] = {{20, 1}, {30, 0}, {32, 0}};  // end of A; insertion at T.B's
                                                    // closing line; start of C
  changes["b/b.go"] = {{3, 1}};
  auto d = DeriveLabels(MakeTask(), ns, changes, BaseChunks(), {"a/a.go"}, testing::GoLanguages());
  ASSERT_TRUE(d.ok()) << d.status();
  EXPECT_THAT(d->labels.gold_files(), ElementsAre("a/a.go", "b/b.go"));
  ASSERT_EQ(d->labels.gold_functions_size(), 2);
  // A: line 20 overlaps [10,20]. T.B: insertion after 30 is not < end 30.
  // C: insertion after 32 has 32 <= 32 < 40.
  EXPECT_EQ(d->labels.gold_functions(0).function(), "A");
  EXPECT_EQ(d->labels.gold_functions(1).function(), "C");
  ASSERT_EQ(d->gold_in_stale.size(), 2u);
  EXPECT_TRUE(d->gold_in_stale[0].exists());
  EXPECT_FALSE(d->gold_in_stale[1].exists());
}

// A changed file whose path is not valid UTF-8 is not in the snapshot
// (Snapshot.skipped): never gold, listed with its path escaped and why.
TEST(DeriveLabelsTest, APathThatIsNotUtf8IsNotGoldAndListedEscaped) {
  std::vector<NameStatusRow> ns = {{"M", "a/a.go", ""},
                                   {"M", "l\xe9gacy.go", ""},
                                   {"M", "notes\xff.txt", ""},
                                   {"R100", "o\xff.go", "p.go"}};
  std::map<std::string, std::vector<OldSideChange>> changes;
  changes["a/a.go"] = {{20, 1}};
  changes["l\xe9gacy.go"] = {{1, 1}};
  auto d = DeriveLabels(MakeTask(), ns, changes, BaseChunks(), {}, testing::GoLanguages());
  ASSERT_TRUE(d.ok()) << d.status();
  EXPECT_THAT(d->labels.gold_files(), ElementsAre("a/a.go"));
  ASSERT_EQ(d->labels.not_gold_size(), 3);
  EXPECT_EQ(d->labels.not_gold(0).path(), "l\\xe9gacy.go");
  EXPECT_EQ(d->labels.not_gold(0).reason(),
            "path not valid UTF-8 (skipped by the snapshot, escaped here)");
  EXPECT_EQ(d->labels.not_gold(1).path(), "notes\\xff.txt");
  EXPECT_EQ(d->labels.not_gold(1).reason(), "not a file of the set's languages");
  EXPECT_EQ(d->labels.not_gold(2).path(), "o\\xff.go -> p.go");
  EXPECT_EQ(d->labels.not_gold(2).reason(), "renamed");
}

TEST(DeriveLabelsTest, GoldFileWithoutChunksIsAnError) {
  std::vector<NameStatusRow> ns = {{"M", "c/c.go", ""}};
  std::map<std::string, std::vector<OldSideChange>> changes;
  changes["c/c.go"] = {{1, 1}};
  auto d = DeriveLabels(MakeTask(), ns, changes, BaseChunks(), {}, testing::GoLanguages());
  ASSERT_FALSE(d.ok());
  EXPECT_THAT(d.status().message(), HasSubstr("task X01: gold file c/c.go has no chunks"));
}

TEST(DeriveLabelsTest, GoldFileWithoutDiffSectionIsAnError) {
  std::vector<NameStatusRow> ns = {{"M", "a/a.go", ""}};
  auto d = DeriveLabels(MakeTask(), ns, {}, BaseChunks(), {}, testing::GoLanguages());
  ASSERT_FALSE(d.ok());
  EXPECT_THAT(d.status().message(), HasSubstr("no section in the -U0 diff"));
}

TEST(CompareLabelsTest, ListsEveryDifference) {
  DerivedLabels d;
  d.labels.add_gold_files("a/a.go");
  GoldFunction* g = d.labels.add_gold_functions();
  g->set_file("a/a.go");
  g->set_function("A");
  g->set_base_start_line(10);
  g->set_base_end_line(20);
  GoldInStale s;
  s.set_file("a/a.go");
  s.set_exists(true);
  d.gold_in_stale.push_back(s);

  Task t = MakeTask();
  t.add_gold_files("a/a.go");
  *t.add_gold_functions() = *g;
  *t.add_gold_in_stale() = s;
  EXPECT_TRUE(CompareLabels(d, t).empty());

  t.mutable_gold_functions(0)->set_base_end_line(21);
  t.add_gold_files("z.go");
  t.mutable_gold_in_stale(0)->set_exists(false);
  std::vector<std::string> diffs = CompareLabels(d, t);
  EXPECT_THAT(diffs, ElementsAre("gold file expected, not derived: z.go",
                                 "gold function expected, not derived: a/a.go A [10-21]",
                                 "gold function derived, not expected: a/a.go A [10-20]",
                                 "gold_in_stale of a/a.go: expected false, derived true"));
}

}  // namespace
// Java, chunked by its rules: a change in a method of an anonymous class
// bound to a field, in an enum constant's method and in one of two
// overloads makes each its own gold function (the overload named with its
// parameter types), and function recall counts them apart: ranking the
// other overload finds none of them.
TEST(DeriveLabelsTest, JavaNestedMethodsAndOverloadsAreGoldFunctionsOfTheirOwn) {
  const char* src =
      "class Money {\n"                                              // 1
      "  static final Codec<Money> TEXT = new Codec<Money>() {\n"    // 2
      "    public String encode(Money m) {\n"                        // 3
      "      return m.text;\n"                                       // 4
      "    }\n"                                                      // 5
      "  };\n"                                                       // 6
      "  enum Rounding {\n"                                          // 7
      "    UP {\n"                                                   // 8
      "      long divide(long a, long b) { return a / b; }\n"        // 9
      "    };\n"                                                     // 10
      "    abstract long divide(long a, long b);\n"                  // 11
      "  }\n"                                                        // 12
      "  static Money parse(String text) { return null; }\n"         // 13
      "  static Money parse(String a, String c) { return null; }\n"  // 14
      "}\n";                                                         // 15
  const ChunkSet base = MoneyJavaChunks(src);
  std::map<std::string, std::vector<OldSideChange>> changes;
  changes["Money.java"] = {{4, 1}, {9, 1}, {14, 1}};
  const LanguageSet java = JavaLanguages();
  auto d = DeriveLabels(MakeTask(), {{"M", "Money.java", ""}}, changes, base, {}, java);
  ASSERT_TRUE(d.ok()) << d.status();
  std::vector<metrics::FunctionRef> gold;
  for (const GoldFunction& g : d->labels.gold_functions())
    gold.emplace_back(g.file(), g.function());
  EXPECT_THAT(
      gold, ElementsAre(metrics::FunctionRef("Money.java", "Money.TEXT.encode(Money)"),
                        metrics::FunctionRef("Money.java", "Money.Rounding.UP.divide(long, long)"),
                        metrics::FunctionRef("Money.java", "Money.parse(String, String)")));
  auto recall = metrics::FunctionRecallAtK({{"Money.java", "Money.parse(String)"}}, gold, 10);
  ASSERT_TRUE(recall.ok()) << recall.status();
  EXPECT_EQ(recall->gold_functions, 3);
  EXPECT_EQ(recall->recall, 0);
}

// A gold file whose changed lines lie outside every chunk is listed with
// those lines and the construct of the base tree that holds them, so the
// lock's review can say why the file has no gold function.
TEST(DeriveLabelsTest, AGoldFileWithoutAGoldFunctionSaysWhereItsChangesLie) {
  const char* src =
      "class Money {\n"                    // 1
      "  static final String[] UNITS =\n"  // 2
      "      {\"cent\", \"euro\"};\n"      // 3
      "  long cents() { return 0; }\n"     // 4
      "}\n";                               // 5
  ChunkSet base_chunks = MoneyJavaChunks(src);
  *base_chunks.add_chunks() = Fn("Plain.java", "", 1, 3);
  Snapshot base;
  SourceFile* f = base.add_files();
  f->set_path("Money.java");
  f->set_content(src);
  std::map<std::string, std::vector<OldSideChange>> changes;
  changes["Money.java"] = {{2, 2}};
  changes["Plain.java"] = {{1, 0}, {3, 1}};
  const LanguageSet java = JavaLanguages();
  auto d = DeriveLabels(MakeTask(), {{"M", "Money.java", ""}, {"M", "Plain.java", ""}}, changes,
                        base_chunks, {}, java);
  ASSERT_TRUE(d.ok()) << d.status();
  EXPECT_EQ(d->labels.gold_functions_size(), 0);
  ASSERT_TRUE(AddNodeTypes(base, changes, java, &d->labels).ok());
  ASSERT_EQ(d->labels.functionless_gold_files_size(), 2);
  EXPECT_EQ(d->labels.functionless_gold_files(0).file(), "Money.java");
  EXPECT_EQ(d->labels.functionless_gold_files(0).changed_lines(), "2-3");
  EXPECT_EQ(d->labels.functionless_gold_files(0).node_type(), "field_declaration");
  EXPECT_FALSE(d->labels.functionless_gold_files(0).top_level());
  // Absent from the snapshot: its lines, no construct.
  EXPECT_EQ(d->labels.functionless_gold_files(1).changed_lines(), "after 1, 3");
  EXPECT_EQ(d->labels.functionless_gold_files(1).node_type(), "");
  // An insertion after a method's last line: the node around the point,
  // up to the next non-blank line (the class's closing brace).
  changes["Money.java"] = {{4, 0}};
  d->labels.mutable_functionless_gold_files(0)->set_changed_lines("after 4");
  ASSERT_TRUE(AddNodeTypes(base, changes, java, &d->labels).ok());
  EXPECT_EQ(d->labels.functionless_gold_files(0).node_type(), "class_body");
  EXPECT_EQ(SpanOf(changes["Plain.java"]).first, 1u);
  EXPECT_EQ(SpanOf(changes["Plain.java"]).last, 3u);
}

TEST(NoGoldFileSummaryTest, CountsWhatTheFixChanged) {
  EXPECT_EQ(NoGoldFileSummary({}), "no file changed");
  EXPECT_EQ(NoGoldFileSummary({{"R100", "a.go", "b.go"}, {"R090", "c.go", "d.go"}}),
            "2 files renamed, 0 indexed source lines changed");
  EXPECT_EQ(
      NoGoldFileSummary(
          {{"A", "n.go", ""}, {"D", "o.go", ""}, {"M", "x_test.go", ""}, {"M", "README.md", ""}}),
      "1 file added, 1 file deleted, 2 files changed outside the indexed sources (tests, "
      "vendored, generated or other-language files), 0 indexed source lines changed");
}

TEST(NoGoldFileErrorTest, APatchTouchingOnlyTestsNamesTheFieldPatch) {
  Task t;
  t.set_id("X01");
  t.set_patch("diff --git a/a_test.go b/a_test.go\n");
  const absl::Status s = NoGoldFileError("p.textproto (tasks[0])", t, {{"M", "a_test.go", ""}});
  EXPECT_EQ(s.code(), absl::StatusCode::kFailedPrecondition);
  EXPECT_THAT(s.message(), HasSubstr("p.textproto (tasks[0]): task X01, field patch: the fix "
                                     "changes no indexed source line ("));
  EXPECT_THAT(s.message(), HasSubstr("a patch must modify a source file that is not a test"));
  t.clear_patch();
  t.set_fix_commit(std::string(40, 'f'));
  EXPECT_THAT(NoGoldFileError("t.jsonl:2", t, {}).message(),
              HasSubstr("t.jsonl:2: task X01, field fix_commit: the fix changes no indexed source "
                        "line (no file changed)"));
}

TEST(CheckPatchDigestTest, TheDiffReadMustBeThePatchs) {
  Task t;
  t.set_id("X01");
  t.set_patch("diff --git a/a.go b/a.go\n");
  const std::string digest = Sha256Hex(t.patch());
  EXPECT_TRUE(CheckPatchDigest("p.textproto (tasks[0])", t, digest + "\n", "d/patch.sha256").ok());
  const absl::Status s =
      CheckPatchDigest("p.textproto (tasks[0])", t, std::string(64, '0'), "d/patch.sha256");
  EXPECT_EQ(s.code(), absl::StatusCode::kFailedPrecondition);
  EXPECT_THAT(s.message(),
              HasSubstr("p.textproto (tasks[0]): task X01, field patch: the diff "
                        "read (d/patch.sha256) is of a patch of sha256 " +
                        std::string(64, '0') + ", the task's patch has sha256 " + digest));
}

}  // namespace corpus
}  // namespace repro
