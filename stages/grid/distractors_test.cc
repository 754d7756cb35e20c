#include "stages/grid/distractors.h"

#include <algorithm>

#include "absl/strings/ascii.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "gtest/gtest.h"
#include "stages/corpus/testing/languages.h"
#include "stages/framework/pipeline/status_testing.h"
#include "stages/retrieval/query_vocabulary.h"

namespace repro::grid {
namespace {

constexpr char kQuery[] =
    "The S3 shared cache seems to treat the 'insecure' option backwards. With insecure left at "
    "false the runner talks to our cache server over plain HTTP.";

const corpus::languages::Rules& Go() {
  static const auto* rules = new corpus::languages::Rules(corpus::testing::RulesOf("go"));
  return *rules;
}

TEST(DistractorsTest, NestedAcrossDoses) {
  auto d1 = *GenerateDistractors("T01", kQuery, 1, Go());
  auto d5 = *GenerateDistractors("T01", kQuery, 5, Go());
  auto d10 = *GenerateDistractors("T01", kQuery, 10, Go());
  ASSERT_EQ(d1.size(), 1u);
  ASSERT_EQ(d5.size(), 5u);
  ASSERT_EQ(d10.size(), 10u);
  for (int i = 0; i < 5; ++i) {
    EXPECT_EQ(d5[i].path, d10[i].path);
    EXPECT_EQ(d5[i].source, d10[i].source);
  }
  EXPECT_EQ(d1[0].source, d10[0].source);
}

TEST(DistractorsTest, DeterministicAndTaskSpecific) {
  EXPECT_EQ((*GenerateDistractors("T01", kQuery, 3, Go()))[2].source,
            (*GenerateDistractors("T01", kQuery, 3, Go()))[2].source);
  EXPECT_NE((*GenerateDistractors("T01", kQuery, 1, Go()))[0].source,
            (*GenerateDistractors("T03", kQuery, 1, Go()))[0].source);
}

TEST(DistractorsTest, WordsComeOnlyFromTheQuery) {
  const std::vector<std::string> vocab = retrieval::QueryVocabulary(kQuery);
  const std::vector<DistractorFile> files = *GenerateDistractors("T01", kQuery, 10, Go());
  for (const DistractorFile& f : files) {
    EXPECT_TRUE(IsDistractorPath(f.path)) << f.path;
    // Every comment word after the fixed header is a vocabulary word.
    size_t pos = f.source.find("// ", f.source.find("package distractors"));
    ASSERT_NE(pos, std::string::npos);
    bool any = false;
    for (const std::string& w : vocab) any = any || absl::StrContains(f.source, " " + w + " ");
    EXPECT_TRUE(any);
  }
}

// S002's vocabulary from a long query (docs/grid.md, "Distractors (S002)"):
// every distinct word of the whole text, prose, code and traceback alike,
// none cut off; the distractors draw from all of it and stay nested.
TEST(DistractorsTest, AnIssueOf60KiBGivesTheWordsOfTheWholeText) {
  std::string issue = std::string(kQuery) + "\n\n```\nTraceback (most recent call last):\n";
  for (int i = 0; issue.size() < 60 * 1024; ++i) {
    issue += absl::StrCat("  File \"runner", i, ".py\", line ", i, ", in frame", i, "\n");
  }
  const std::vector<std::string> vocab = retrieval::QueryVocabulary(issue);
  const std::vector<std::string> head = retrieval::QueryVocabulary(kQuery);
  ASSERT_GT(vocab.size(), 2000u);
  EXPECT_TRUE(std::equal(head.begin(), head.end(), vocab.begin()));  // order of first occurrence
  const std::vector<DistractorFile> d10 = *GenerateDistractors("T01", issue, 10, Go());
  const std::vector<DistractorFile> d1 = *GenerateDistractors("T01", issue, 1, Go());
  EXPECT_EQ(d1[0].source, d10[0].source);
  int from_the_traceback = 0;
  for (const DistractorFile& f : d10) {
    from_the_traceback += absl::StrContains(f.path, "runner") || absl::StrContains(f.path, "frame");
  }
  EXPECT_GT(from_the_traceback, 0);  // words past the first KiB are drawn too
}

TEST(DistractorsTest, TooFewWordsIsAnError) {
  absl::StatusOr<std::vector<DistractorFile>> r = GenerateDistractors("T99", "It is on.", 1, Go());
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.status().message().find("task T99: field query"), std::string::npos);
  EXPECT_TRUE(GenerateDistractors("T99", "It is on.", 0, Go()).status().code() ==
              absl::StatusCode::kInvalidArgument);
}

TEST(DistractorsTest, ExampleSource) {
  const DistractorFile f = (*GenerateDistractors("T01", kQuery, 1, Go()))[0];
  EXPECT_TRUE(absl::StartsWith(f.path, "__harness_distractors__/d00_"));
  EXPECT_NE(f.source.find("package distractors\n"), std::string::npos);
  EXPECT_NE(f.source.find("Record0 struct {"), std::string::npos);
  EXPECT_NE(f.source.find("Matches0(input string, limit int) bool {"), std::string::npos);
}

TEST(DistractorsTest, GoTextAndPath) {
  const DistractorFile f = (*GenerateDistractors("T01", kQuery, 1, Go()))[0];
  EXPECT_EQ(f.path, "__harness_distractors__/d00_option_backwards.go");
  EXPECT_EQ(f.source,
            "// Code generated for the E04 S002 perturbation. DO NOT EDIT.\n"
            "// Synthetic distractor 0 for task T01: its words come only from the task query.\n"
            "\n"
            "package distractors\n"
            "\n"
            "// OptionBackwardsRecord0 keeps the option backwards state of a plain cache.\n"
            "type OptionBackwardsRecord0 struct {\n"
            "\tHttpText    string\n"
            "\tSharedCount int\n"
            "}\n"
            "\n"
            "// RunnerBackwardsMatches0 reports whether the runner backwards matches the treat.\n"
            "func RunnerBackwardsMatches0(input string, limit int) bool {\n"
            "\t// false option http shared\n"
            "\treturn input == \"runner backwards\" && limit > 94\n"
            "}\n"
            "\n"
            "// FalseOptionValue returns the false option of the option backwards.\n"
            "func (r *OptionBackwardsRecord0) FalseOptionValue(fallback string) string {\n"
            "\tif r.SharedCount > 94 {\n"
            "\t\treturn r.HttpText + \" plain cache\"\n"
            "\t}\n"
            "\treturn fallback\n"
            "}\n");
}

TEST(DistractorsTest, IdentifierFormsAndLeadingDigits) {
  const std::map<std::string, std::string> values = {{"Type", "X404PageRecord0"},
                                                     {"type", "x404PageRecord0"},
                                                     {"type_snake", "x_404_page_record_0"}};
  EXPECT_EQ(*FillDistractorTemplate("python", "class {{Type}}: {{type_snake}} {{type}}", values),
            "class X404PageRecord0: x_404_page_record_0 x404PageRecord0");
  corpus::languages::Rules rules = Go();
  rules.set_distractor_template("{{Type}} {{type}} {{type_snake}} {{Func}}");
  const std::string query = "404 page served after redirect";
  const absl::StatusOr<std::vector<DistractorFile>> files =
      GenerateDistractors("T07", query, 10, rules);
  ASSERT_TRUE(files.ok()) << files.status();
  for (const DistractorFile& f : *files) {
    for (absl::string_view word : absl::StrSplit(f.source, ' ')) {
      EXPECT_FALSE(absl::ascii_isdigit(static_cast<unsigned char>(word[0]))) << f.source;
    }
  }
}

TEST(DistractorsTest, TemplateErrorsNameTheRulesFileAndField) {
  corpus::languages::Rules rules = Go();
  rules.set_language("cobol");
  rules.clear_distractor_template();
  EXPECT_TRUE(IsError(GenerateDistractors("T01", kQuery, 1, rules),
                      absl::StatusCode::kInvalidArgument,
                      "stages/corpus/languages/cobol/rules.textproto, field distractor_template: "
                      "expected the text of an S002 distractor file, found none"));
  rules.set_distractor_template("x {{a}} {{unknown}}");
  EXPECT_TRUE(IsError(GenerateDistractors("T01", kQuery, 1, rules),
                      absl::StatusCode::kInvalidArgument, "found {{unknown}}"));
  rules.set_distractor_template("x {{a");
  EXPECT_TRUE(IsError(GenerateDistractors("T01", kQuery, 1, rules),
                      absl::StatusCode::kInvalidArgument,
                      "expected \"}}\" after the \"{{\" at byte 2, found none"));
  rules.set_distractor_template("x");
  rules.clear_extensions();
  EXPECT_TRUE(IsError(GenerateDistractors("T01", kQuery, 1, rules),
                      absl::StatusCode::kInvalidArgument,
                      "cobol/rules.textproto, field extensions: expected at least one"));
}

}  // namespace
}  // namespace repro::grid
