#include "stages/corpus/language_set.h"

#include <cstdlib>
#include <fstream>
#include <string>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "stages/corpus/testing/languages.h"

namespace repro {
namespace corpus {
namespace {

using testing::GoLanguages;
using ::testing::HasSubstr;
using testing::RulesOf;

TEST(LanguageSet, GoFilesOutsideVendorIncludingTests) {
  const LanguageSet go = GoLanguages();
  EXPECT_TRUE(go.IsCorpusPath("shells/cache.go"));
  EXPECT_TRUE(go.IsCorpusPath("shells/cache_test.go"));
  EXPECT_TRUE(go.IsCorpusPath("main.go"));
  EXPECT_FALSE(go.IsCorpusPath("vendor/github.com/x/y.go"));
  EXPECT_FALSE(go.IsCorpusPath("tools/vendor/x.go"));
  EXPECT_TRUE(go.IsCorpusPath("vendors/x.go"));
  EXPECT_TRUE(go.IsCorpusPath("myvendor/x.go"));
  EXPECT_TRUE(go.IsCorpusPath("vendor.go"));
  EXPECT_FALSE(go.IsCorpusPath("README.md"));
  EXPECT_FALSE(go.IsCorpusPath("x.go.orig"));
  EXPECT_FALSE(go.IsCorpusPath("tools/x.py"));
}

TEST(LanguageSet, GoGoldCandidates) {
  const LanguageSet go = GoLanguages();
  EXPECT_TRUE(go.IsGoldCandidatePath("shells/cache.go"));
  EXPECT_FALSE(go.IsGoldCandidatePath("shells/cache_test.go"));
  EXPECT_FALSE(go.IsGoldCandidatePath("common/mock_Network.go"));
  EXPECT_FALSE(go.IsGoldCandidatePath("helpers/mocks.go"));
  EXPECT_FALSE(go.IsGoldCandidatePath("helpers/network_mock.go"));
  EXPECT_FALSE(go.IsGoldCandidatePath("helpers/mocks/network.go"));
  EXPECT_TRUE(go.IsGoldCandidatePath("mocks/network.go"));  // "/mocks/" only, as before
  EXPECT_FALSE(go.IsGoldCandidatePath("api/runner.pb.go"));
  EXPECT_FALSE(go.IsGoldCandidatePath("executors/docker/bindata.go"));
  EXPECT_FALSE(go.IsGoldCandidatePath("apis/zz_generated.deepcopy.go"));
  EXPECT_FALSE(go.IsGoldCandidatePath("vendor/a/b.go"));
  EXPECT_FALSE(go.IsGoldCandidatePath("x/vendor/b.go"));
  EXPECT_FALSE(go.IsGoldCandidatePath("Godeps/_workspace/src/a.go"));
  EXPECT_FALSE(go.IsGoldCandidatePath("docs/example.go"));
  EXPECT_FALSE(go.IsGoldCandidatePath("shells/cache.sh"));
  EXPECT_TRUE(go.IsGoldCandidatePath("subdocs/example.go"));
}

TEST(LanguageSet, PythonAndGoTogether) {
  absl::StatusOr<LanguageSet> both = LanguageSet::Create({RulesOf("python"), RulesOf("go")});
  ASSERT_TRUE(both.ok()) << both.status();
  EXPECT_EQ(both->LanguageOf("src/_pytest/main.py")->language(), "python");
  EXPECT_EQ(both->LanguageOf("cmd/main.go")->language(), "go");
  EXPECT_EQ(both->LanguageOf("src/pkg/__pycache__/x.py"), nullptr);
  EXPECT_EQ(both->LanguageOf("vendor/lib/x.py"), nullptr);  // Go's excluded directory
  EXPECT_TRUE(both->IsGoldCandidatePath("src/_pytest/main.py"));
  EXPECT_FALSE(both->IsGoldCandidatePath("testing/test_main.py"));
  EXPECT_FALSE(both->IsGoldCandidatePath("src/_pytest/test_x.py"));
  EXPECT_FALSE(both->IsGoldCandidatePath("pkg/tests/helpers.py"));
  EXPECT_FALSE(both->IsGoldCandidatePath("conftest.py"));
  EXPECT_FALSE(both->IsGoldCandidatePath("cmd/main_test.go"));
  // Why not: the first matching rule of the path's language, named.
  EXPECT_EQ(both->NonGoldRule("src/_pytest/main.py"), "");
  EXPECT_EQ(both->NonGoldRule("testing/test_main.py"), "python non_gold_path_globs \"testing/*\"");
  EXPECT_EQ(both->NonGoldRule("src/_pytest/test_x.py"),
            "python non_gold_basename_globs \"test_*.py\"");
  EXPECT_EQ(both->NonGoldRule("cmd/main_test.go"), "go non_gold_basename_globs \"*_test.go\"");
  EXPECT_EQ(both->NonGoldRule("README.md"), "not a file of the set's languages");
}

TEST(LanguageSet, AnExtensionBelongsToOneLanguage) {
  languages::Rules other = RulesOf("python");
  other.set_language("python2");
  EXPECT_THAT(LanguageSet::Create({RulesOf("python"), other}).status().message(),
              HasSubstr("extension .py belongs to both python and python2"));
}

// The three typos of issue 51 in Go's rules: each stops a set of Go
// (naming the file, field and value) and no set without Go.
TEST(LanguageSet, ARulesTypoStopsOnlyTheSetsOfItsLanguage) {
  const std::string file = "stages/corpus/languages/go/rules.textproto, field ";
  languages::Rules name = RulesOf("go");
  name.mutable_chunks(0)->set_name_field("nmae");
  languages::Rules type = RulesOf("go");
  type.mutable_chunks(0)->set_node_type("funktion_declaration");
  languages::Rules glob = RulesOf("go");
  glob.set_non_gold_basename_globs(0, "*_test.go[");
  EXPECT_THAT(LanguageSet::Create({RulesOf("python"), name}).status().message(),
              HasSubstr(file + "chunks.name_field: expected a field name of tree-sitter-go "
                               "0.23.4, found \"nmae\""));
  EXPECT_THAT(LanguageSet::Create({type}).status().message(),
              HasSubstr(file + "chunks.node_type: expected a named node type of tree-sitter-go "
                               "0.23.4, found \"funktion_declaration\""));
  EXPECT_THAT(LanguageSet::Create({glob}).status().message(),
              HasSubstr(file + "non_gold_basename_globs: expected a glob (fnmatch(3)), found "
                               "\"*_test.go[\""));
  EXPECT_TRUE(LanguageSet::Create({RulesOf("python")}).ok());
}

// A stage's loader adds the inputs "queries/<language>/<name>" to the
// language's rules (rules.bzl gives them with the rules file) and checks
// them before the stage runs: a broken query file stops, naming the file,
// line, column and byte.
TEST(LanguageSet, FromStageReadsTheQueryFilesAndChecksThem) {
  const std::string folder = "stages/corpus/languages/go/";
  const Stage good(
      "//x:y",
      {{"rules/go", folder + "rules.textproto", folder + "rules.textproto"},
       {"queries/go/comments", folder + "queries/comments.scm", folder + "queries/comments.scm"}},
      {});
  absl::StatusOr<LanguageSet> set = LanguageSet::FromStage(good);
  ASSERT_TRUE(set.ok()) << set.status();
  ASSERT_EQ(set->rules().at(0).queries_size(), 1);
  EXPECT_EQ(set->rules().at(0).queries(0).name(), "comments");
  EXPECT_EQ(set->rules().at(0).queries(0).path(), folder + "queries/comments.scm");

  const std::string broken = std::string(std::getenv("TEST_TMPDIR")) + "/comments.scm";
  std::ofstream(broken) << "(comment @comment)\n";
  const Stage bad("//x:y",
                  {{"rules/go", folder + "rules.textproto", folder + "rules.textproto"},
                   {"queries/go/comments", broken, broken}},
                  {});
  EXPECT_EQ(LanguageSet::FromStage(bad).status().message(),
            folder + "queries/comments.scm:1:10 (byte 9): syntax error (ts_query_new)");
}

}  // namespace
}  // namespace corpus
}  // namespace repro
