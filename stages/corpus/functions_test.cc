#include "stages/corpus/functions.h"

#include "absl/strings/str_cat.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "stages/framework/pipeline/file_io.h"
#include "stages/framework/pipeline/stage_proto.h"

// Reads the language folders' rules files and samples from the runfiles
// (the test's data; bazel test runs it in the runfiles root).

namespace repro {
namespace corpus {
namespace {

using ::testing::ElementsAre;
using ::testing::HasSubstr;

constexpr char kFolders[] = "stages/corpus/languages/";

languages::Rules RulesOf(const std::string& language) {
  languages::Rules rules;
  const absl::Status s =
      ReadProtoFile(absl::StrCat(kFolders, language, "/rules.textproto"), &rules);
  EXPECT_TRUE(s.ok()) << s;
  return rules;
}

std::unique_ptr<FunctionParser> Parser(const std::string& language) {
  absl::StatusOr<std::unique_ptr<FunctionParser>> p = FunctionParser::Create(RulesOf(language));
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

// The functions of a language folder's sample, which parses without error.
std::vector<std::string> SampleFunctions(const std::string& language, const std::string& sample,
                                         const std::string& grammar) {
  absl::StatusOr<std::string> source = ReadFile(absl::StrCat(kFolders, language, "/", sample));
  EXPECT_TRUE(source.ok()) << source.status();
  std::unique_ptr<FunctionParser> parser = Parser(language);
  EXPECT_EQ(parser->grammar(), grammar);
  absl::StatusOr<FileFunctions> result = parser->Parse(source.ok() ? *source : "");
  EXPECT_TRUE(result.ok()) << result.status();
  if (!result.ok()) return {};
  EXPECT_FALSE(result->has_error);
  return Describe(*result);
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
  std::unique_ptr<FunctionParser> parser = Parser("go");
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
  std::unique_ptr<FunctionParser> parser = Parser("go");
  auto result = parser->Parse("package p\n\nfunc A() {\n\tx := \n}\n");
  ASSERT_TRUE(result.ok());
  EXPECT_TRUE(result->has_error);
  result = parser->Parse("func e({g\n");
  ASSERT_TRUE(result.ok());
  EXPECT_THAT(Describe(*result), ElementsAre("e:1-1"));
}

TEST(GoFunctions, ReusableAcrossFiles) {
  std::unique_ptr<FunctionParser> parser = Parser("go");
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
  EXPECT_THAT(SampleFunctions("python", "sample.py", "tree-sitter-python 0.23.6"),
              ElementsAre("normalize:7-9", "Queue.__init__:15-16", "Queue.size:19-20",
                          "Queue.push:22-27", "cached:31-32", "fetch:35-37"));
}

TEST(PythonFunctions, NestedClassesQualifyAndFunctionsInFunctionsDoNot) {
  std::unique_ptr<FunctionParser> parser = Parser("python");
  auto result = parser->Parse(
      "class Outer:\n"             // 1
      "    class Inner:\n"         // 2
      "        def deep(self):\n"  // 3
      "            pass\n"         // 4
      "    def shallow(self):\n"   // 5
      "        class Local:\n"     // 6
      "            def hidden(self):\n"
      "                pass\n"    // 8
      "        return Local\n");  // 9
  ASSERT_TRUE(result.ok());
  EXPECT_THAT(Describe(*result), ElementsAre("Outer.Inner.deep:3-4", "Outer.shallow:5-9"));
}

// Constructors are Type.Type; interface and enum methods are chunks; the
// Javadoc comment is not part of a method.
TEST(JavaFunctions, TheSample) {
  EXPECT_THAT(SampleFunctions("java", "Sample.java", "tree-sitter-java 0.23.5"),
              ElementsAre("Sample.Sample:10-10", "Sample.push:13-15", "Sample.size:17-19",
                          "Sample.normalize:21-23", "Sample.Visitor.visit:26-26",
                          "Sample.Kind.isFile:33-35"));
}

// Exported functions, methods (a getter by its property) and arrow
// functions bound to a name; a plain constant is not a function.
TEST(JavaScriptFunctions, TheSample) {
  EXPECT_THAT(SampleFunctions("javascript", "sample.js", "tree-sitter-javascript 0.23.1"),
              ElementsAre("normalize:5-7", "Queue.push:12-14", "Queue.size:16-18", "cached:21-21",
                          "load:23-26"));
  std::unique_ptr<FunctionParser> parser = Parser("javascript");
  auto result = parser->Parse("const limit = 5;\nlet f = function () {};\n");
  ASSERT_TRUE(result.ok());
  EXPECT_THAT(Describe(*result), ElementsAre("f:2-2"));
}

// impl blocks name their type without type arguments (a trait
// implementation too); a module names its functions.
TEST(RustFunctions, TheSample) {
  EXPECT_THAT(SampleFunctions("rust", "sample.rs", "tree-sitter-rust 0.23.3"),
              ElementsAre("Queue.new:11-13", "Queue.push:15-17", "Queue.default:21-23",
                          "normalize:26-28", "tests.normalizes:32-34"));
}

TEST(FunctionParser, RulesAndGrammarAreChecked) {
  languages::Rules rules = RulesOf("python");
  rules.set_language("cobol");
  EXPECT_THAT(FunctionParser::Create(rules).status().message(),
              HasSubstr("no tree-sitter grammar for language 'cobol' is linked (linked: "));
  rules = RulesOf("python");
  rules.set_extensions(0, "py");
  EXPECT_THAT(FunctionParser::Create(rules).status().message(),
              HasSubstr("rules of language 'python', field extensions: expected a file name "
                        "ending such as \".py\", found 'py'"));
  rules = RulesOf("python");
  rules.mutable_containers(0)->clear_body_field();
  EXPECT_THAT(FunctionParser::Create(rules).status().message(),
              HasSubstr("field containers.body_field: expected a field name, found none"));
}

}  // namespace
}  // namespace corpus
}  // namespace repro
