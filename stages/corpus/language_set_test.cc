#include "stages/corpus/language_set.h"

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

}  // namespace
}  // namespace corpus
}  // namespace repro
