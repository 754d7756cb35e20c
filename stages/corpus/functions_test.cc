#include "stages/corpus/functions.h"

#include <filesystem>
#include <functional>
#include <utility>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "stages/corpus/languages/grammar_registry.h"
#include "stages/corpus/testing/languages.h"
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

using testing::RulesOf;

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

// The functions of `source`, which parses without error, as Describe
// gives them.
std::vector<std::string> CleanFunctions(FunctionParser* parser, absl::string_view source) {
  absl::StatusOr<FileFunctions> result = parser->Parse(source);
  EXPECT_TRUE(result.ok()) << result.status();
  if (!result.ok()) return {};
  EXPECT_FALSE(result->has_error);
  return Describe(*result);
}

std::vector<std::string> CleanFunctions(const std::string& language, absl::string_view source) {
  std::unique_ptr<FunctionParser> parser = Parser(language);
  if (parser == nullptr) return {};
  return CleanFunctions(parser.get(), source);
}

// The functions of a language folder's sample, which parses without error.
std::vector<std::string> SampleFunctions(const std::string& language, const std::string& sample,
                                         const std::string& grammar) {
  absl::StatusOr<std::string> source = ReadFile(absl::StrCat(kFolders, language, "/", sample));
  EXPECT_TRUE(source.ok()) << source.status();
  std::unique_ptr<FunctionParser> parser = Parser(language);
  EXPECT_EQ(parser->grammar(), grammar);
  return CleanFunctions(parser.get(), source.ok() ? *source : "");
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

// Python: a function nested in a function and the methods of a class in a
// function are chunks of their own, named after what holds them
// ("Outer.shallow.Local.hidden"), and also stay inside the enclosing
// function's lines; a def under an `if` or a `try` of the module is one.
TEST(PythonFunctions, NestedFunctionsAndClassesAreChunksOfTheirOwn) {
  const char* src =
      "class Outer:\n"             // 1
      "    class Inner:\n"         // 2
      "        def deep(self):\n"  // 3
      "            pass\n"         // 4
      "    def shallow(self):\n"   // 5
      "        class Local:\n"     // 6
      "            def hidden(self):\n"
      "                pass\n"    // 8
      "        def helper(x):\n"  // 9
      "            return x\n"    // 10
      "        return Local\n"    // 11
      "try:\n"                    // 12
      "    import fast\n"         // 13
      "except ImportError:\n"     // 14
      "    def fast(x):\n"        // 15
      "        return x\n";       // 16
  EXPECT_THAT(
      CleanFunctions("python", src),
      ElementsAre("Outer.Inner.deep:3-4", "Outer.shallow:5-11", "Outer.shallow.Local.hidden:7-8",
                  "Outer.shallow.helper:9-10", "fast:15-16"));
}

// A plain constant is not a function; a function expression bound to a
// name is.
TEST(JavaScriptFunctions, BoundFunctionExpressions) {
  std::unique_ptr<FunctionParser> parser = Parser("javascript");
  auto result = parser->Parse("const limit = 5;\nlet f = function () {};\n");
  ASSERT_TRUE(result.ok());
  EXPECT_THAT(Describe(*result), ElementsAre("f:2-2"));
}

// JavaScript: an object literal's methods and functions bound to its keys
// (named after the variable or the assignment target the object is bound
// to, nested objects by their keys), a class field holding an arrow
// function (Class.field), and a function assigned to module.exports,
// exports.x or any other member (named by the assignment's left side).
TEST(JavaScriptFunctions, ObjectMethodsClassFieldsAndExports) {
  const char* src =
      "const api = {\n"                                        // 1
      "  load(path) { return path; },\n"                       // 2
      "  save: (path) => path,\n"                              // 3
      "  nested: { drop: function () {} },\n"                  // 4
      "  limit: 5,\n"                                          // 5
      "};\n"                                                   // 6
      "class View {\n"                                         // 7
      "  onClick = (event) => {\n"                             // 8
      "    return event;\n"                                    // 9
      "  };\n"                                                 // 10
      "  count = 0;\n"                                         // 11
      "}\n"                                                    // 12
      "module.exports = function main() {};\n"                 // 13
      "exports.parse = (text) => text;\n"                      // 14
      "module.exports.helpers = { trim(s) { return s; } };\n"  // 15
      "api.limit = 6;\n";                                      // 16
  EXPECT_THAT(CleanFunctions("javascript", src),
              ElementsAre("api.load:2-2", "api.save:3-3", "api.nested.drop:4-4",
                          "View.onClick:8-10", "module.exports:13-13", "exports.parse:14-14",
                          "module.exports.helpers.trim:15-15"));
}

// Rust: a trait's default method is a chunk (Trait.method) beside its
// required one; a fn nested in a fn and the methods of an impl inside a fn
// are chunks of their own named after the fn ("outer.inner",
// "outer.Local.get"), and also stay inside its lines.
TEST(RustFunctions, TraitDefaultMethodsAndItemsInsideFunctions) {
  const char* src =
      "trait Shape {\n"                            // 1
      "    fn area(&self) -> f64;\n"               // 2
      "    fn describe(&self) -> String {\n"       // 3
      "        format!(\"{}\", self.area())\n"     // 4
      "    }\n"                                    // 5
      "}\n"                                        // 6
      "fn outer() -> u32 {\n"                      // 7
      "    struct Local(u32);\n"                   // 8
      "    impl Local {\n"                         // 9
      "        fn get(&self) -> u32 { self.0 }\n"  // 10
      "    }\n"                                    // 11
      "    fn inner() -> u32 { 1 }\n"              // 12
      "    let add = |x: u32| x + 1;\n"            // 13
      "    add(Local(inner()).get())\n"            // 14
      "}\n";                                       // 15
  EXPECT_THAT(CleanFunctions("rust", src),
              ElementsAre("Shape.area:2-2", "Shape.describe:3-5", "outer:7-15",
                          "outer.Local.get:10-10", "outer.inner:12-12"));
}

// Ruby: singleton methods, `def self.x` and the methods of a `class << self`
// block, are named as the class's own (Class.x), beside its instance
// methods.
TEST(RubyFunctions, SingletonMethodsAndClassSelfBlocks) {
  const char* src =
      "class Cache\n"            // 1
      "  def self.default\n"     // 2
      "    new\n"                // 3
      "  end\n"                  // 4
      "  class << self\n"        // 5
      "    def build(n)\n"       // 6
      "      new\n"              // 7
      "    end\n"                // 8
      "    attr_reader :size\n"  // 9
      "  end\n"                  // 10
      "  def fetch(key)\n"       // 11
      "    key\n"                // 12
      "  end\n"                  // 13
      "end\n";                   // 14
  EXPECT_THAT(CleanFunctions("ruby", src),
              ElementsAre("Cache.default:2-4", "Cache.build:6-8", "Cache.fetch:11-13"));
}

// Java: a method a reader would call one is a chunk wherever it is: in an
// anonymous class bound to a field (named after the field), in an enum
// constant's body (after the constant), in an anonymous class passed as an
// argument or returned (after the enclosing method), in a local class; a
// lambda bound to a field is one. Every method's name ends with its
// parameter types, so two overloads are two names; a nested chunk also
// stays inside its enclosing one.
TEST(JavaFunctions, NestedMethodsAndOverloads) {
  std::unique_ptr<FunctionParser> parser = Parser("java");
  auto result = parser->Parse(
      "class Adapters {\n"                                                    // 1
      "  static final Adapter<Boolean> BOOLEAN = new Adapter<Boolean>() {\n"  // 2
      "    @Override public void write(Writer out, Boolean v) {}\n"           // 3
      "  };\n"                                                                // 4
      "  static final Comparator<String> BY_LENGTH = (a, b) -> a.length() - b.length();\n"
      "  int count = 0;\n"  // 6
      "  enum Policy {\n"   // 7
      "    IDENTITY {\n"    // 8
      "      String translate(java.lang.reflect.Field f) { return f.getName(); }\n"
      "    };\n"                                                     // 10
      "    abstract String translate(java.lang.reflect.Field f);\n"  // 11
      "  }\n"                                                        // 12
      "  Runnable task(final int n) {\n"                             // 13
      "    class Local { void go(String... args) {} }\n"             // 14
      "    return new Runnable() {\n"                                // 15
      "      public void run() {}\n"                                 // 16
      "    };\n"                                                     // 17
      "  }\n"                                                        // 18
      "  void parse(int[] a, Map<String,  List<Integer>> m) {}\n"    // 19
      "  void parse(String s) {}\n"                                  // 20
      "  Adapters() {}\n"                                            // 21
      "}\n");                                                        // 22
  ASSERT_TRUE(result.ok()) << result.status();
  EXPECT_FALSE(result->has_error);
  EXPECT_THAT(Describe(*result),
              ElementsAre("Adapters.BOOLEAN.write(Writer, Boolean):3-3", "Adapters.BY_LENGTH:5-5",
                          "Adapters.Policy.IDENTITY.translate(java.lang.reflect.Field):9-9",
                          "Adapters.Policy.translate(java.lang.reflect.Field):11-11",
                          "Adapters.task(int):13-18", "Adapters.task.Local.go(String...):14-14",
                          "Adapters.task.run():16-16",
                          "Adapters.parse(int[], Map<String, List<Integer>>):19-19",
                          "Adapters.parse(String):20-20", "Adapters.Adapters():21-21"));
}

// The node that holds changed lines outside every chunk, for the lock
// review: a Java field's two lines are its field_declaration, a blank line
// between two methods is the class body, blank lines past the end the root.
std::string TypeHolding(FunctionParser* parser, absl::string_view src, uint32_t first,
                        uint32_t last) {
  absl::StatusOr<NodeKind> kind = parser->NodeHolding(src, first, last);
  if (!kind.ok()) return kind.status().ToString();
  return kind->root ? absl::StrCat("root ", kind->type) : kind->type;
}

TEST(FunctionParserNodeType, TheSmallestNamedNodeHoldingTheLines) {
  std::unique_ptr<FunctionParser> parser = Parser("java");
  const char* src =
      "class Money {\n"                    // 1
      "  static final String[] UNITS =\n"  // 2
      "      {\"cent\", \"euro\"};\n"      // 3
      "  void add() {}\n"                  // 4
      "\n"                                 // 5
      "  void sub() {}\n"                  // 6
      "}\n";                               // 7
  EXPECT_EQ(TypeHolding(parser.get(), src, 2, 3), "field_declaration");
  EXPECT_EQ(TypeHolding(parser.get(), src, 4, 6), "class_body");
  EXPECT_EQ(TypeHolding(parser.get(), src, 5, 5), "root program");
  EXPECT_EQ(TypeHolding(parser.get(), src, 40, 41), "root program");
}

// Every language folder's sample (grammar.textproto's `sample`) parses
// without an error, with the grammar the folder pins, into exactly the
// chunks its sample_chunks.txt lists ("name:start-end" a line, in order):
// a new language folder is tested by its own data. What each sample shows
// is said in its comments (Python: decorators excluded as in ast's lineno,
// a nested function a chunk of its own; Java: constructors Type.Type,
// interface and enum methods; JavaScript: a getter by its property, arrow
// functions bound to a name; Rust: impl types without type arguments, a
// module's functions).
TEST(EveryLanguage, TheSampleHasTheChunksItsFolderLists) {
  int folders = 0;
  for (const auto& entry : std::filesystem::directory_iterator(kFolders)) {
    if (!std::filesystem::exists(entry.path() / "grammar.textproto")) continue;
    ++folders;
    const std::string language = entry.path().filename().string();
    languages::Grammar grammar;
    ASSERT_TRUE(
        ReadProtoFile(absl::StrCat(kFolders, language, "/grammar.textproto"), &grammar).ok());
    absl::StatusOr<std::string> expected =
        ReadFile(absl::StrCat(kFolders, language, "/sample_chunks.txt"));
    ASSERT_TRUE(expected.ok()) << language << ": " << expected.status();
    std::vector<std::string> want = absl::StrSplit(*expected, '\n', absl::SkipEmpty());
    EXPECT_EQ(SampleFunctions(language, grammar.sample(),
                              absl::StrCat(grammar.npm_package(), " ", grammar.version())),
              want)
        << language;
  }
  EXPECT_GE(folders, 5);
}

// A file nested 50,000 levels deep (valid Go, 100 KB) is walked without
// recursion: its functions are found, its comments blanked, and the first
// error of a broken one is found at the bottom.
TEST(GoFunctions, FiftyThousandLevelsOfNesting) {
  constexpr int kLevels = 50000;
  const std::string deep =
      absl::StrCat("var x = ", std::string(kLevels, '('), "1", std::string(kLevels, ')'), "\n");
  std::unique_ptr<FunctionParser> parser = Parser("go");
  const std::string src = absl::StrCat("package p\n", deep, "// c\nfunc F() {}\n");
  absl::StatusOr<FileFunctions> result = parser->Parse(src);
  ASSERT_TRUE(result.ok()) << result.status();
  EXPECT_FALSE(result->has_error);
  EXPECT_THAT(Describe(*result), ElementsAre("F:4-4"));
  absl::StatusOr<BlankedFile> blanked = parser->BlankComments(src);
  ASSERT_TRUE(blanked.ok()) << blanked.status();
  EXPECT_EQ(blanked->comments, 1);
  EXPECT_EQ(blanked->text, absl::StrCat("package p\n", deep, "    \nfunc F() {}\n"));

  const std::string broken = absl::StrCat("package p\nvar x = ", std::string(kLevels, '('), "\n1 +",
                                          std::string(kLevels, ')'), "\n");
  result = parser->Parse(broken);
  ASSERT_TRUE(result.ok()) << result.status();
  EXPECT_TRUE(result->has_error);
  EXPECT_EQ(result->first_error_line, 3u);
}

}  // namespace
}  // namespace corpus
}  // namespace repro
