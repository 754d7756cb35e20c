#include "stages/corpus/functions.h"

#include <filesystem>
#include <functional>
#include <utility>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "stages/corpus/languages/grammar_registry.h"
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

// The rules with the folder's query files, as a stage's loader adds them.
languages::Rules RulesOf(const std::string& language) {
  languages::Rules rules;
  const absl::Status s =
      ReadProtoFile(absl::StrCat(kFolders, language, "/rules.textproto"), &rules);
  EXPECT_TRUE(s.ok()) << s;
  for (const auto& [name, captures] : QueryCaptureNames()) {
    languages::QueryFile* q = rules.add_queries();
    q->set_name(name);
    q->set_path(QueryFile(language, name));
    absl::StatusOr<std::string> text = ReadFile(q->path());
    EXPECT_TRUE(text.ok()) << text.status();
    if (text.ok()) q->set_text(*text);
  }
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
  rules.mutable_queries(0)->set_name("identifiers");
  rules.mutable_queries(0)->set_path("stages/corpus/languages/go/queries/identifiers.scm");
  EXPECT_THAT(ValidateRules(rules, RulesFile("go")).message(),
              HasSubstr("stages/corpus/languages/go/queries/identifiers.scm: no transform reads a "
                        "query file identifiers.scm (known: comments.scm)"));
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
