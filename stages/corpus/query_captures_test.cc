#include "stages/corpus/query_captures.h"

#include <cstring>
#include <string>
#include <vector>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "stages/corpus/languages/grammar_registry.h"

namespace repro::corpus {
namespace {

using ::testing::ElementsAre;
using ::testing::HasSubstr;
using ::testing::IsEmpty;

const TSLanguage* Python() {
  absl::StatusOr<languages::LinkedGrammar> g = languages::FindGrammar("python");
  EXPECT_TRUE(g.ok()) << g.status();
  return g.ok() ? g->language : nullptr;
}

// The texts of the nodes captured as `name`, in the order Run gives them.
std::vector<std::string> Texts(const Query& query, const std::string& source,
                               const std::string& name) {
  TSParser* parser = ts_parser_new();
  ts_parser_set_language(parser, Python());
  TSTree* tree =
      ts_parser_parse_string(parser, nullptr, source.data(), static_cast<uint32_t>(source.size()));
  const Captures captures = query.Run(ts_tree_root_node(tree));
  std::vector<std::string> out;
  for (const CapturedNode& c : captures.at(name)) {
    out.push_back(source.substr(c.start, c.end - c.start));
  }
  ts_tree_delete(tree);
  ts_parser_delete(parser);
  return out;
}

TEST(Query, CapturesInDocumentOrderOnceEach) {
  // Two patterns capture the same comments; a third captures outer and
  // inner nodes under one name.
  absl::StatusOr<std::unique_ptr<Query>> query = Query::Compile(
      Python(), "test.scm",
      "(comment) @c\n((comment) @c)\n(call) @call\n(argument_list (call) @call)\n", {"c", "call"});
  ASSERT_TRUE(query.ok()) << query.status();
  const std::string source = "# b\nf(g(1))  # a\n";
  EXPECT_THAT(Texts(**query, source, "c"), ElementsAre("# b", "# a"));
  EXPECT_THAT(Texts(**query, source, "call"), ElementsAre("f(g(1))", "g(1)"));
}

TEST(Query, EveryKnownCaptureHasAnEntry) {
  absl::StatusOr<std::unique_ptr<Query>> query =
      Query::Compile(Python(), "test.scm", "(comment) @c\n", {"c", "unused"});
  ASSERT_TRUE(query.ok()) << query.status();
  EXPECT_THAT(Texts(**query, "x = 1\n", "unused"), IsEmpty());
}

TEST(Query, ASyntaxErrorNamesTheFileLineColumnAndOffset) {
  EXPECT_EQ(
      Query::Compile(Python(), "q.scm", "(comment) @c\n  (comment @c\n", {"c"}).status().message(),
      "q.scm:2:12 (byte 24): syntax error (ts_query_new)");
  EXPECT_EQ(
      Query::Compile(Python(), "q.scm", "(comment) @c\n(coment) @c\n", {"c"}).status().message(),
      "q.scm:2:2 (byte 14): unknown node type (ts_query_new)");
  EXPECT_EQ(Query::Compile(Python(), "q.scm", "(call function: (identifier) @c)\n(call nme: (_))\n",
                           {"c"})
                .status()
                .message(),
            "q.scm:2:7 (byte 39): unknown field (ts_query_new)");
}

TEST(Query, AnUnknownCaptureNameNamesTheCaptureAndWhereItIs) {
  EXPECT_EQ(Query::Compile(Python(), "q.scm", "(comment) @comment\n(string) @docstrng\n",
                           {"comment", "docstring"})
                .status()
                .message(),
            "q.scm:2:10 (byte 28): capture @docstrng is not one the transform reads (it reads "
            "@comment, @docstring)");
}

}  // namespace
}  // namespace repro::corpus
