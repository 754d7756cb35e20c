// S004's renaming (FunctionParser::RenameIdentifiers) over each language's
// queries/identifiers.scm, and the checks of the query file when rules load.
#include <memory>
#include <set>
#include <string>
#include <vector>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "stages/corpus/functions.h"
#include "stages/corpus/internal/identifier_renaming.h"
#include "stages/corpus/testing/languages.h"

// Reads the language folders' rules and query files from the runfiles (the
// test's data; bazel test runs it in the runfiles root).

namespace repro {
namespace corpus {
namespace {

using ::testing::HasSubstr;
using testing::RulesOf;

std::unique_ptr<FunctionParser> Parser(const std::string& language) {
  return testing::OrDie(FunctionParser::Create(RulesOf(language)));
}

// One small source per language with a function, a method, a type, a
// parameter, a local, a field, an imported name and a builtin call: the
// names it defines (`renamed`) and the names it does not (`kept`).
struct Case {
  std::string language, source;
  std::vector<std::string> renamed, kept;
};

std::vector<Case> Cases() {
  return {
      {"go",
       "package shop\n\nimport \"strings\"\n\ntype Cart struct {\n\titems []string\n}\n\n"
       "func (cart *Cart) Add(item string) {\n"
       "\tcart.items = append(cart.items, strings.TrimSpace(item))\n}\n\n"
       "func Total(basket *Cart) int {\n\tcount := len(basket.items)\n\treturn count\n}\n",
       {"Cart", "items", "cart", "Add", "item", "Total", "basket", "count"},
       {"shop", "strings", "TrimSpace", "append", "len", "string", "int"}},
      {"python",
       "import os\n\n\nclass Store:\n    def __init__(self, root):\n        self.root = root\n\n"
       "    def where(self, name):\n        joined = os.getcwd() + self.root + name\n"
       "        return len(joined)\n\n\ndef load(store):\n    return store.where(\"x\")\n",
       {"Store", "__init__", "self", "root", "where", "name", "joined", "load", "store"},
       {"os", "getcwd", "len"}},
      {"javascript",
       "import { readFileSync } from \"fs\";\n\nclass Reader {\n  constructor(path) {\n"
       "    this.path = path;\n  }\n\n  read(limit) {\n"
       "    const text = readFileSync(this.path, \"utf8\");\n"
       "    return text.slice(0, parseInt(limit));\n  }\n}\n\n"
       "function open(where) {\n  return new Reader(where);\n}\n",
       {"Reader", "path", "read", "limit", "text", "open", "where"},
       {"readFileSync", "slice", "parseInt", "fs", "utf8"}},
      {"java",
       "import java.util.List;\n\nclass Ledger {\n  private int total;\n\n"
       "  Ledger(int start) {\n    total = start;\n  }\n\n"
       "  int add(List<Integer> amounts) {\n    for (int amount : amounts) {\n"
       "      total += amount;\n    }\n    return Math.max(total, 0);\n  }\n}\n",
       {"Ledger", "total", "start", "add", "amounts", "amount"},
       {"java", "util", "List", "Integer", "Math", "max", "int"}},
      {"rust",
       "use std::collections::HashMap;\n\nstruct Index {\n    entries: HashMap<String, "
       "usize>,\n}\n\n"
       "impl Index {\n    fn put(&mut self, key: String) -> usize {\n"
       "        let size = self.entries.len();\n        self.entries.insert(key, size);\n"
       "        size\n    }\n}\n\nfn build() -> Index {\n"
       "    Index { entries: HashMap::new() }\n}\n",
       {"Index", "entries", "put", "key", "size", "build"},
       {"std", "collections", "HashMap", "String", "usize", "len", "insert", "new", "self"}},
      {"ruby",
       "require \"json\"\n\nclass Shelf\n  LIMIT = 10\n\n  def initialize(books)\n"
       "    @books = books\n  end\n\n  def titles(prefix)\n"
       "    picked = @books.select { |book| book.start_with?(prefix) }\n"
       "    JSON.generate(picked.first(LIMIT))\n  end\nend\n",
       {"Shelf", "LIMIT", "initialize", "books", "titles", "prefix", "picked", "book"},
       {"require", "json", "JSON", "generate", "select", "start_with", "first"}},
  };
}

// Every line's length, so that a renaming that kept every line is seen.
std::vector<size_t> LineLengths(const std::string& text) {
  std::vector<size_t> out(1, 0);
  for (char c : text) {
    if (c == '\n') {
      out.push_back(0);
    } else {
      ++out.back();
    }
  }
  return out;
}

TEST(EveryLanguage, DefinedNamesChangeOthersStayLinesKept) {
  for (const Case& c : Cases()) {
    std::unique_ptr<FunctionParser> parser = Parser(c.language);
    absl::StatusOr<RenamedFile> renamed = parser->RenameIdentifiers(c.source, "dir/file");
    ASSERT_TRUE(renamed.ok()) << renamed.status();
    EXPECT_FALSE(renamed->has_error) << c.language;
    EXPECT_EQ(LineLengths(renamed->text), LineLengths(c.source)) << c.language;
    const std::set<std::string> words = internal::WordsOf(renamed->text);
    for (const std::string& name : c.renamed) {
      EXPECT_EQ(words.count(name), 0u) << c.language << ": " << name << "\n" << renamed->text;
    }
    for (const std::string& name : c.kept) {
      EXPECT_EQ(words.count(name), 1u) << c.language << ": " << name << "\n" << renamed->text;
    }
    EXPECT_GE(renamed->identifiers, static_cast<int>(c.renamed.size())) << c.language;
    EXPECT_GT(renamed->occurrences, renamed->identifiers) << c.language;
    absl::StatusOr<FileFunctions> after = parser->Parse(renamed->text);
    ASSERT_TRUE(after.ok()) << after.status();
    EXPECT_FALSE(after->has_error) << c.language << "\n" << renamed->text;
  }
}

// The same input gives the same bytes (a new parser too); another salt
// (another path) other names.
TEST(EveryLanguage, RenamingIsAFunctionOfTheSaltAndTheText) {
  for (const Case& c : Cases()) {
    absl::StatusOr<RenamedFile> a = Parser(c.language)->RenameIdentifiers(c.source, "a/x");
    absl::StatusOr<RenamedFile> b = Parser(c.language)->RenameIdentifiers(c.source, "a/x");
    absl::StatusOr<RenamedFile> other = Parser(c.language)->RenameIdentifiers(c.source, "b/x");
    ASSERT_TRUE(a.ok() && b.ok() && other.ok());
    EXPECT_EQ(a->text, b->text) << c.language;
    EXPECT_NE(a->text, other->text) << c.language;
    EXPECT_NE(a->text, c.source) << c.language;
  }
}

// The grid keeps the base chunks' names (the gold labels) by line range:
// the renamed file's functions have the same count and ranges.
TEST(EveryLanguage, FunctionRangesStay) {
  for (const Case& c : Cases()) {
    std::unique_ptr<FunctionParser> parser = Parser(c.language);
    absl::StatusOr<FileFunctions> before = parser->Parse(c.source);
    absl::StatusOr<RenamedFile> renamed = parser->RenameIdentifiers(c.source, "p");
    ASSERT_TRUE(before.ok() && renamed.ok());
    absl::StatusOr<FileFunctions> after = parser->Parse(renamed->text);
    ASSERT_TRUE(after.ok());
    ASSERT_EQ(before->functions.size(), after->functions.size()) << c.language;
    EXPECT_GE(before->functions.size(), 2u) << c.language;
    for (size_t i = 0; i < before->functions.size(); ++i) {
      EXPECT_EQ(before->functions[i].start_line, after->functions[i].start_line) << c.language;
      EXPECT_EQ(before->functions[i].end_line, after->functions[i].end_line) << c.language;
    }
  }
}

// Renaming is by text: a name defined once is renamed everywhere, each
// occurrence alike, and an exported Go name stays exported.
TEST(GoIdentifiers, ConsistentAndExportedStaysExported) {
  const std::string source = "package p\n\nfunc Run(n int) int { return n + Run(n) }\n";
  absl::StatusOr<RenamedFile> renamed = Parser("go")->RenameIdentifiers(source, "p.go");
  ASSERT_TRUE(renamed.ok());
  const std::string& text = renamed->text;
  const std::string run = text.substr(source.find("Run"), 3);
  EXPECT_NE(run, "Run");
  EXPECT_TRUE(run[0] >= 'A' && run[0] <= 'Z') << run;
  EXPECT_EQ(text.substr(source.rfind("Run"), 3), run);
  EXPECT_EQ(renamed->identifiers, 2);  // Run, n
  EXPECT_EQ(renamed->occurrences, 5);  // Run twice, n three times
}

// A query capturing a name the transform does not read, or a node type the
// grammar does not have, stops when the rules load, naming the file, the
// position and the capture.
TEST(FunctionParser, IdentifiersQueryIsCheckedWhenTheRulesLoad) {
  const std::string file = "stages/corpus/languages/go/queries/identifiers.scm";
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"(identifier) @definition\n(identifier) @refrence\n",
       file + ":2:14 (byte 38): capture @refrence is not one the transform reads (it reads "
              "@definition, @reference)"},
      {"(identifer) @definition\n", file + ":1:2 (byte 1): unknown node type (ts_query_new)"},
  };
  for (const auto& [text, message] : cases) {
    languages::Rules rules = RulesOf("go");
    ASSERT_EQ(rules.queries(1).name(), "identifiers");
    rules.mutable_queries(1)->set_text(text);
    EXPECT_THAT(ValidateRules(rules, RulesFile("go")).message(), HasSubstr(message)) << text;
    EXPECT_THAT(FunctionParser::Create(rules).status().message(), HasSubstr(message)) << text;
  }
}

// Rules loaded without their query files rename nothing silently.
TEST(FunctionParser, RenamingWithoutTheIdentifiersQueryIsAnError) {
  languages::Rules rules = RulesOf("go");
  rules.clear_queries();
  absl::StatusOr<std::unique_ptr<FunctionParser>> parser = FunctionParser::Create(rules);
  ASSERT_TRUE(parser.ok()) << parser.status();
  EXPECT_THAT((*parser)->RenameIdentifiers("package p\n", "p.go").status().message(),
              HasSubstr("hold no query stages/corpus/languages/go/queries/identifiers.scm: a "
                        "stage that renames identifiers"));
}

}  // namespace
}  // namespace corpus
}  // namespace repro
