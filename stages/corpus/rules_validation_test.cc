// The checks of a rules file against its grammar when rules load
// (ValidateRules, FunctionParser::Create; rules_validation.cc).
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

using ::testing::HasSubstr;
using testing::RulesOf;

TEST(FunctionParser, RulesAndGrammarAreChecked) {
  languages::Rules rules = RulesOf("python");
  rules.set_language("cobol");
  EXPECT_THAT(FunctionParser::Create(rules).status().message(),
              HasSubstr("no tree-sitter grammar for language 'cobol' is linked (linked: "));
  rules = RulesOf("python");
  rules.set_extensions(0, "py");
  EXPECT_THAT(
      FunctionParser::Create(rules).status().message(),
      HasSubstr(
          "stages/corpus/languages/python/rules.textproto, field extensions: expected a file name "
          "ending such as \".py\", found 'py'"));
  rules = RulesOf("python");
  rules.mutable_containers(0)->clear_body_field();
  EXPECT_THAT(FunctionParser::Create(rules).status().message(),
              HasSubstr("field containers.body_field: expected a field name, found none"));
}

// A typo in a rules file is an error naming the file, the field and the
// value, when the rules are loaded: a node type or field the grammar does
// not have, a glob fnmatch(3) cannot read.
TEST(FunctionParser, RulesAreCheckedAgainstTheGrammarAndGlobSyntax) {
  const std::string file = "stages/corpus/languages/go/rules.textproto";
  const std::vector<std::pair<std::function<void(languages::Rules*)>, std::string>> cases = {
      {[](languages::Rules* r) { r->mutable_chunks(0)->set_name_field("nmae"); },
       "field chunks.name_field: expected a field name of tree-sitter-go 0.23.4, found \"nmae\""},
      {[](languages::Rules* r) { r->mutable_chunks(0)->set_node_type("funktion_declaration"); },
       "field chunks.node_type: expected a named node type of tree-sitter-go 0.23.4, found "
       "\"funktion_declaration\""},
      {[](languages::Rules* r) { r->mutable_chunks(1)->set_receiver_field("reciever"); },
       "field chunks.receiver_field: expected a field name of tree-sitter-go 0.23.4, found "
       "\"reciever\""},
      {[](languages::Rules* r) { r->set_wrapper_types(0, "ERR"); },
       "field wrapper_types: expected a named node type of tree-sitter-go 0.23.4, found \"ERR\""},
      {[](languages::Rules* r) { r->set_non_gold_basename_globs(0, "*_test.go["); },
       "field non_gold_basename_globs: expected a glob (fnmatch(3)), found \"*_test.go[\": "
       "'[' at byte 10 opens a bracket expression that no ']' closes"},
      {[](languages::Rules* r) { r->set_non_gold_path_globs(0, "docs/*\\"); },
       "field non_gold_path_globs: expected a glob (fnmatch(3)), found \"docs/*\\\\\": "
       "'\\' at byte 7 escapes nothing"},
  };
  for (const auto& [edit, message] : cases) {
    languages::Rules rules = RulesOf("go");
    edit(&rules);
    EXPECT_THAT(FunctionParser::Create(rules).status().message(),
                HasSubstr(absl::StrCat(file, ", ", message)));
    EXPECT_THAT(ValidateRules(rules, file).message(), HasSubstr(message));
  }
  EXPECT_TRUE(ValidateRules(RulesOf("go"), file).ok());
}

// A grammar whose pin could not be fetched is linked as a stub that
// registers its fetch error (toolchain/tree_sitter_grammar.bzl): the rules
// of its language are refused with that error, its entry point never
// called, and every other language reads as before.
TEST(FunctionParser, AGrammarThatCouldNotBeFetchedStopsOnlyItsLanguage) {
  const std::string error =
      "the grammar tree-sitter-unfetched@0.23.0 pinned in "
      "stages/corpus/languages/unfetched/grammar.textproto could not be fetched: sha256 mismatch";
  languages::RegisterGrammar(
      "unfetched",
      +[]() -> const TSLanguage* {
        ADD_FAILURE() << "the entry point of a grammar that was not fetched was called";
        return nullptr;
      },
      "tree-sitter-unfetched 0.23.0", error.c_str());
  languages::Rules rules = RulesOf("go");
  rules.set_language("unfetched");
  rules.set_extensions(0, ".unf");
  EXPECT_THAT(FunctionParser::Create(rules).status().message(),
              HasSubstr(absl::StrCat("stages/corpus/languages/unfetched/rules.textproto: language "
                                     "'unfetched': ",
                                     error)));
  EXPECT_TRUE(FunctionParser::Create(RulesOf("go")).ok());
  EXPECT_TRUE(FunctionParser::Create(RulesOf("python")).ok());
}

}  // namespace
}  // namespace corpus
}  // namespace repro
