// S003's blanking (FunctionParser::BlankComments) over each language's
// queries/comments.scm, and the checks of the query files when rules load.
#include <memory>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "stages/corpus/functions.h"
#include "stages/corpus/languages/grammar_registry.h"
#include "stages/corpus/testing/languages.h"
#include "stages/framework/pipeline/file_io.h"
#include "stages/framework/pipeline/stage_proto.h"

// Reads the language folders' rules, query files and samples from the
// runfiles (the test's data; bazel test runs it in the runfiles root).

namespace repro {
namespace corpus {
namespace {

using ::testing::ElementsAre;
using ::testing::HasSubstr;
using testing::RulesOf;

std::unique_ptr<FunctionParser> Parser(const std::string& language) {
  return testing::OrDie(FunctionParser::Create(RulesOf(language)));
}

// Each language's comments.scm blanks what the rules' comment node types
// and Python's docstring rule blanked before the queries (the expected
// texts and counts are the output of the tree walker they replace,
// CommentWalk of internal/comment_blanking.cc at 4cf797d): comments anywhere, a nested Rust block
// comment once, Python's module, def and class docstrings (after a comment too; with ';' an empty
// tuple), never a string that is not a block's first statement.
TEST(EveryLanguage, CommentsBlankAsTheOldWalkerDid) {
  struct Case {
    std::string language, source, want;
    int comments;
  };
  const std::vector<Case> cases = {
      {"go",
       "package p\n"
       "\n"
       "// Doc says what F does.\n"
       "func F() int { /* inline */ return 1 } // trailing\n",
       "package p\n"
       "\n"
       "                        \n"
       "func F() int {              return 1 }            \n",
       3},
      {"java",
       "/** Javadoc. */\n"
       "class A {\n"
       "  // line\n"
       "  int f() { return /* block */ 1; }\n"
       "}\n",
       "               \n"
       "class A {\n"
       "         \n"
       "  int f() { return             1; }\n"
       "}\n",
       3},
      {"javascript",
       "// line\n"
       "function f() { /* block */ return 1; }\n"
       "/** JSDoc */\n"
       "const g = () => 2; // end\n",
       "       \n"
       "function f() {             return 1; }\n"
       "            \n"
       "const g = () => 2;       \n",
       4},
      {"python",
       "# lead\n"
       "\"\"\"Module doc.\"\"\"\n"
       "def f():\n"
       "    # first\n"
       "    \"\"\"Doc.\"\"\"; return 1\n"
       "def g():\n"
       "    x = 1\n"
       "    \"not a docstring\"\n"
       "class K:\n"
       "    '''Class doc.'''\n"
       "    y = \"s\"  # trailing\n",
       "      \n"
       "                 \n"
       "def f():\n"
       "           \n"
       "    (        ); return 1\n"
       "def g():\n"
       "    x = 1\n"
       "    \"not a docstring\"\n"
       "class K:\n"
       "                    \n"
       "    y = \"s\"            \n",
       6},
      {"ruby",
       "# line\n"
       "def f\n"
       "  1 # trailing\n"
       "end\n"
       "=begin\n"
       "block\n"
       "=end\n"
       "x = 2\n",
       "      \n"
       "def f\n"
       "  1           \n"
       "end\n"
       "      \n"
       "     \n"
       "    \n"
       "x = 2\n",
       3},
      {"rust",
       "/// Doc.\n"
       "fn f() -> i32 { /* block /* nested */ */ 1 } // end\n"
       "//! inner\n",
       "        \n"
       "fn f() -> i32 {                          1 }       \n"
       "         \n",
       4},
  };
  for (const Case& c : cases) {
    std::unique_ptr<FunctionParser> parser = Parser(c.language);
    ASSERT_NE(parser, nullptr);
    absl::StatusOr<BlankedFile> blanked = parser->BlankComments(c.source);
    ASSERT_TRUE(blanked.ok()) << blanked.status();
    EXPECT_EQ(blanked->text, c.want) << c.language;
    EXPECT_EQ(blanked->comments, c.comments) << c.language;
    EXPECT_FALSE(blanked->has_error) << c.language;
  }
}

// A query file that does not compile, that captures a name its transform
// does not read, or that no transform reads stops when the rules load,
// naming the file, the line and column, the byte offset and the error or
// the capture.
TEST(FunctionParser, QueryFilesAreCheckedWhenTheRulesLoad) {
  const std::string file = "stages/corpus/languages/go/queries/comments.scm";
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"(comment) @comment\n(comment @comment\n",
       file + ":2:10 (byte 28): syntax error (ts_query_new)"},
      {"(coment) @comment\n", file + ":1:2 (byte 1): unknown node type (ts_query_new)"},
      {"(comment) @comment\n(comment) @coment\n",
       file + ":2:11 (byte 29): capture @coment is not one the transform reads (it reads "
              "@comment, @docstring)"},
  };
  for (const auto& [text, message] : cases) {
    languages::Rules rules = RulesOf("go");
    rules.mutable_queries(0)->set_text(text);
    EXPECT_THAT(ValidateRules(rules, RulesFile("go")).message(), HasSubstr(message)) << text;
    EXPECT_THAT(FunctionParser::Create(rules).status().message(), HasSubstr(message)) << text;
  }
  languages::Rules rules = RulesOf("go");
  rules.mutable_queries(0)->set_name("renames");
  rules.mutable_queries(0)->set_path("stages/corpus/languages/go/queries/renames.scm");
  EXPECT_THAT(ValidateRules(rules, RulesFile("go")).message(),
              HasSubstr("stages/corpus/languages/go/queries/renames.scm: no transform reads a "
                        "query file renames.scm (known: comments.scm, identifiers.scm)"));
}

// Rules loaded without their query files (a stage that was not given
// them) blank nothing silently: BlankComments refuses.
TEST(FunctionParser, BlankingWithoutTheCommentsQueryIsAnError) {
  languages::Rules rules = RulesOf("go");
  rules.clear_queries();
  absl::StatusOr<std::unique_ptr<FunctionParser>> parser = FunctionParser::Create(rules);
  ASSERT_TRUE(parser.ok()) << parser.status();
  EXPECT_THAT((*parser)->BlankComments("package p // c\n").status().message(),
              HasSubstr("hold no query stages/corpus/languages/go/queries/comments.scm"));
}

// A docstring followed by ';' (Python's ast accepts all three first cases)
// blanks to an empty tuple of the same length and lines: the statements
// after it still parse.
TEST(PythonComments, DocstringFollowedBySemicolonStillParses) {
  std::unique_ptr<FunctionParser> parser = Parser("python");
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"def f():\n    \"\"\"doc\"\"\"; return 1\n", "def f():\n    (       ); return 1\n"},
      {"\"\"\"module doc\"\"\"; import os\n", "(              ); import os\n"},
      {"class A: \"\"\"doc\"\"\"; x = 1\n", "class A: (       ); x = 1\n"},
      {"def g():\n    '''two\n    lines''' ; return 2\n",
       "def g():\n    (     \n" + std::string(11, ' ') + ") ; return 2\n"},
  };
  for (const auto& [source, want] : cases) {
    absl::StatusOr<BlankedFile> blanked = parser->BlankComments(source);
    ASSERT_TRUE(blanked.ok()) << blanked.status();
    EXPECT_FALSE(blanked->has_error) << source;
    EXPECT_EQ(blanked->comments, 1) << source;
    EXPECT_EQ(blanked->text, want) << source;
    absl::StatusOr<FileFunctions> after = parser->Parse(blanked->text);
    ASSERT_TRUE(after.ok()) << after.status();
    EXPECT_FALSE(after->has_error) << blanked->text;
  }
  // Without a ';' a docstring is all spaces, as before.
  absl::StatusOr<BlankedFile> plain = parser->BlankComments("def f():\n    \"\"\"doc\"\"\"\n");
  ASSERT_TRUE(plain.ok());
  EXPECT_EQ(plain->text, "def f():\n             \n");
}

}  // namespace
}  // namespace corpus
}  // namespace repro
