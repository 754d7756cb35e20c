#include "stages/corpus/go_functions.h"

#include "gtest/gtest.h"

namespace repro {
namespace corpus {
namespace {

std::vector<std::string> Describe(const GoFileFunctions& f) {
  std::vector<std::string> out;
  for (const GoFunction& g : f.functions) {
    out.push_back(g.name + ":" + std::to_string(g.start_line) + "-" + std::to_string(g.end_line));
  }
  return out;
}

TEST(GoFunctionParserTest, FunctionsMethodsAndGenerics) {
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
  GoFunctionParser parser;
  auto result = parser.Parse(src);
  ASSERT_TRUE(result.ok()) << result.status();
  EXPECT_FALSE(result->has_error);
  EXPECT_EQ(
      Describe(*result),
      (std::vector<std::string>{"Plain:4-6", "Stack.Push:8-10", "Map.Len:11-11", "Value.Kind:12-14",
                                "Paren.Odd:15-15", "Generic:16-20", "asm:21-21"}));
}

TEST(GoFunctionParserTest, FlagsSyntaxErrors) {
  GoFunctionParser parser;
  auto result = parser.Parse("package p\n\nfunc A() {\n\tx := \n}\n");
  ASSERT_TRUE(result.ok());
  EXPECT_TRUE(result->has_error);
}

TEST(GoFunctionParserTest, ReusableAcrossFiles) {
  GoFunctionParser parser;
  for (int i = 0; i < 3; ++i) {
    auto result = parser.Parse("package p\nfunc F() {}\n");
    ASSERT_TRUE(result.ok());
    ASSERT_EQ(result->functions.size(), 1u);
    EXPECT_EQ(result->functions[0].name, "F");
  }
}

}  // namespace
}  // namespace corpus
}  // namespace repro
