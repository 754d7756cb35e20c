#include "stages/corpus/functions.h"

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "stages/framework/pipeline/file_io.h"
#include "stages/framework/pipeline/stage_proto.h"

// Arguments: <go/rules.textproto> <python/rules.textproto> <python/sample.py>.

namespace repro {
namespace corpus {
namespace {

using ::testing::ElementsAre;
using ::testing::HasSubstr;

std::string Arg(int i) {
  const std::vector<std::string> args = ::testing::internal::GetArgvs();
  return i < static_cast<int>(args.size()) ? args[i] : "";
}

languages::Rules RulesAt(int arg) {
  languages::Rules rules;
  const absl::Status s = ReadProtoFile(Arg(arg), &rules);
  EXPECT_TRUE(s.ok()) << s;
  return rules;
}

std::unique_ptr<FunctionParser> Parser(int rules_arg) {
  absl::StatusOr<std::unique_ptr<FunctionParser>> p = FunctionParser::Create(RulesAt(rules_arg));
  EXPECT_TRUE(p.ok()) << p.status();
  return p.ok() ? *std::move(p) : nullptr;
}

std::vector<std::string> Describe(const FileFunctions& f) {
  std::vector<std::string> out;
  for (const Function& g : f.functions) {
    out.push_back(g.name + ":" + std::to_string(g.start_line) + "-" + std::to_string(g.end_line));
  }
  return out;
}

TEST(GoFunctions, FunctionsMethodsAndGenerics) {
  const char* src =
      "package p\n"                                       // 1
      "\n"                                                // 2
      "// Doc comment is not part of the function.\n"     // 3
      "func Plain(a int) int {\n"                         // 4
      "\treturn a\n"                                      // 5
      "}\n"                                               // 6
      "\n"                                                // 7
      "func (s *Stack[T]) Push(v T) {\n"                  // 8
      "\ts.items = append(s.items, v)\n"                  // 9
      "}\n"                                               // 10
      "func (m Map[K, V]) Len() int { return len(m) }\n"  // 11
      "func (Value) Kind() string {\n"                    // 12
      "\treturn \"v\"\n"                                  // 13
      "}\n"                                               // 14
      "func (p *(Paren)) Odd() {}\n"                      // 15
      "func Generic[T any](x T) T {\n"                    // 16
      "\tf := func() {}\n"                                // 17
      "\tf()\n"                                           // 18
      "\treturn x\n"                                      // 19
      "}\n"                                               // 20
      "func asm(x int) int\n";                            // 21
  std::unique_ptr<FunctionParser> parser = Parser(1);
  EXPECT_EQ(parser->grammar(), "tree-sitter-go 0.23.4");
  auto result = parser->Parse(src);
  ASSERT_TRUE(result.ok()) << result.status();
  EXPECT_FALSE(result->has_error);
  EXPECT_EQ(
      Describe(*result),
      (std::vector<std::string>{"Plain:4-6", "Stack.Push:8-10", "Map.Len:11-11", "Value.Kind:12-14",
                                "Paren.Odd:15-15", "Generic:16-20", "asm:21-21"}));
}

TEST(GoFunctions, FlagsSyntaxErrorsAndFindsFunctionsInErrorNodes) {
  std::unique_ptr<FunctionParser> parser = Parser(1);
  auto result = parser->Parse("package p\n\nfunc A() {\n\tx := \n}\n");
  ASSERT_TRUE(result.ok());
  EXPECT_TRUE(result->has_error);
  result = parser->Parse("func e({g\n");
  ASSERT_TRUE(result.ok());
  EXPECT_THAT(Describe(*result), ElementsAre("e:1-1"));
}

TEST(GoFunctions, ReusableAcrossFiles) {
  std::unique_ptr<FunctionParser> parser = Parser(1);
  for (int i = 0; i < 3; ++i) {
    auto result = parser->Parse("package p\nfunc F() {}\n");
    ASSERT_TRUE(result.ok());
    ASSERT_EQ(result->functions.size(), 1u);
    EXPECT_EQ(result->functions[0].name, "F");
  }
}

// The folder's sample: module functions, methods (decorated too), a nested
// function (part of its method), async code; decorators are not part of a
// function, as in the ast module's lineno.
TEST(PythonFunctions, TheSample) {
  absl::StatusOr<std::string> sample = ReadFile(Arg(3));
  ASSERT_TRUE(sample.ok()) << sample.status();
  std::unique_ptr<FunctionParser> parser = Parser(2);
  EXPECT_EQ(parser->grammar(), "tree-sitter-python 0.23.6");
  auto result = parser->Parse(*sample);
  ASSERT_TRUE(result.ok()) << result.status();
  EXPECT_FALSE(result->has_error);
  EXPECT_THAT(Describe(*result),
              ElementsAre("normalize:7-9", "Queue.__init__:15-16", "Queue.size:19-20",
                          "Queue.push:22-27", "cached:31-32", "fetch:35-37"));
}

TEST(PythonFunctions, NestedClassesQualifyAndFunctionsInFunctionsDoNot) {
  std::unique_ptr<FunctionParser> parser = Parser(2);
  auto result = parser->Parse(
      "class Outer:\n"              // 1
      "    class Inner:\n"          // 2
      "        def deep(self):\n"   // 3
      "            pass\n"          // 4
      "    def shallow(self):\n"    // 5
      "        class Local:\n"      // 6
      "            def hidden(self):\n"
      "                pass\n"      // 8
      "        return Local\n");    // 9
  ASSERT_TRUE(result.ok());
  EXPECT_THAT(Describe(*result), ElementsAre("Outer.Inner.deep:3-4", "Outer.shallow:5-9"));
}

TEST(FunctionParser, RulesAndGrammarAreChecked) {
  languages::Rules rules = RulesAt(2);
  rules.set_language("cobol");
  EXPECT_THAT(FunctionParser::Create(rules).status().message(),
              HasSubstr("no tree-sitter grammar for language 'cobol' is linked (linked: "));
  rules = RulesAt(2);
  rules.set_extensions(0, "py");
  EXPECT_THAT(FunctionParser::Create(rules).status().message(),
              HasSubstr("rules of language 'python', field extensions: expected a file name "
                        "ending such as \".py\", found 'py'"));
  rules = RulesAt(2);
  rules.mutable_containers(0)->clear_body_field();
  EXPECT_THAT(FunctionParser::Create(rules).status().message(),
              HasSubstr("field containers.body_field: expected a field name, found none"));
}

}  // namespace
}  // namespace corpus
}  // namespace repro
