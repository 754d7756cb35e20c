#include "stages/grid/conditions/identifiers_renamed.h"

#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "stages/corpus/chunker.h"
#include "stages/corpus/testing/languages.h"
#include "stages/grid/conditions/test_snapshots.h"
#include "stages/grid/conditions/transform_registry.h"

namespace repro::grid {
namespace {

using ::testing::HasSubstr;
using ::testing::Not;

const std::vector<std::string>& Languages() {
  static const auto* const kLanguages =
      new std::vector<std::string>{"go", "java", "javascript", "python", "ruby", "rust"};
  return *kLanguages;
}

corpus::LanguageSet EveryLanguage() {
  std::vector<corpus::languages::Rules> rules;
  for (const std::string& language : Languages()) {
    rules.push_back(corpus::testing::RulesOf(language));
  }
  return corpus::testing::OrDie(corpus::LanguageSet::Create(std::move(rules)));
}

TEST(RenameIdentifiers, GoAndPythonDefinedNamesGoImportedStay) {
  const corpus::Snapshot before = TestSnapshot({
      {"a.go",
       "package a\n\nimport \"fmt\"\n\ntype Greeter struct{ greeting string }\n\n"
       "func (g Greeter) Greet(who string) {\n\tfmt.Println(g.greeting, who)\n}\n"},
      {"m.py",
       "import os\n\n\ndef resolve(relative):\n    base = os.getcwd()\n"
       "    return os.path.join(base, relative)\n"},
  });
  int renamed = 0;
  absl::StatusOr<corpus::Snapshot> after = RenameIdentifiers(before, EveryLanguage(), &renamed);
  ASSERT_TRUE(after.ok()) << after.status();
  EXPECT_EQ(renamed, 8);  // Greeter greeting g Greet who; resolve relative base
  ExpectSameShape(before, *after, EveryLanguage(), /*same_names=*/false);
  const std::string& go = after->files(0).content();
  EXPECT_THAT(go, Not(HasSubstr("Greet")));
  EXPECT_THAT(go, HasSubstr("fmt.Println("));
  const std::string& py = after->files(1).content();
  EXPECT_THAT(py, Not(HasSubstr("relative")));
  EXPECT_THAT(py, HasSubstr("os.path.join("));
  EXPECT_THAT(py, HasSubstr("= os.getcwd()"));
  EXPECT_NE(after->snapshot_sha256(), before.snapshot_sha256());
  absl::StatusOr<corpus::Snapshot> again = RenameIdentifiers(before, EveryLanguage(), nullptr);
  ASSERT_TRUE(again.ok());
  EXPECT_EQ(again->snapshot_sha256(), after->snapshot_sha256());
}

// The registered corpus transform (transform_registry.h): the renamed
// files' chunks carry the base chunks' names, the gold labels, even where a
// function and the rest-of-file chunk share a line range.
TEST(RenameIdentifiersInCorpus, ChunksOfRenamedFilesKeepTheBaseNames) {
  const corpus::Snapshot base = TestSnapshot({
      {"one.py", "def test_init(): pass\n"},
      {"m.go", "package m\n\nfunc Resolve(relative string) string { return relative }\n"},
  });
  const corpus::LanguageSet languages = EveryLanguage();
  absl::StatusOr<corpus::ChunkSet> base_chunks = corpus::ChunkSnapshot(base, languages);
  ASSERT_TRUE(base_chunks.ok()) << base_chunks.status();
  absl::StatusOr<CorpusTransform> transform = FindTransform("identifiers_renamed");
  ASSERT_TRUE(transform.ok()) << transform.status();
  absl::StatusOr<TransformedCorpus> out = (*transform)(base, *base_chunks, languages);
  ASSERT_TRUE(out.ok()) << out.status();
  EXPECT_THAT(out->snapshot.files(0).content(), Not(HasSubstr("Resolve")));
  ASSERT_EQ(out->chunks.chunks_size(), base_chunks->chunks_size());
  for (int i = 0; i < base_chunks->chunks_size(); ++i) {
    const corpus::Chunk& b = base_chunks->chunks(i);
    const corpus::Chunk& c = out->chunks.chunks(i);
    EXPECT_EQ(std::make_tuple(c.path(), c.function(), c.start_line(), c.end_line()),
              std::make_tuple(b.path(), b.function(), b.start_line(), b.end_line()));
  }
  EXPECT_EQ(out->chunks.snapshot_sha256(), out->snapshot.snapshot_sha256());
}

// The files of this test's data (the fixture's Go, Python and JavaScript
// files and each language folder's sample): every one keeps its shape and
// parses without an ERROR or MISSING node after the transform.
TEST(RenameIdentifiers, TheFixturesAndTheLanguageSamples) {
  const corpus::LanguageSet languages = EveryLanguage();
  const std::vector<std::pair<std::string, std::string>> files = ArgumentFiles(languages);
  ASSERT_GE(files.size(), 20u);
  const corpus::Snapshot before = TestSnapshot(files);
  int renamed = 0;
  absl::StatusOr<corpus::Snapshot> after = RenameIdentifiers(before, languages, &renamed);
  ASSERT_TRUE(after.ok()) << after.status();
  EXPECT_GT(renamed, 100);
  ExpectSameShape(before, *after, EveryLanguage(), /*same_names=*/false);
}

}  // namespace
}  // namespace repro::grid
