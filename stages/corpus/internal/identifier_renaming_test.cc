// The naming scheme of S004 (identifier_renaming.h): the shape a name
// keeps, determinism, and what is never a replacement.
#include "stages/corpus/internal/identifier_renaming.h"

#include <optional>
#include <set>
#include <string>

#include "gtest/gtest.h"
#include "stages/corpus/languages/grammar_registry.h"
#include "stages/corpus/testing/languages.h"

namespace repro::corpus::internal {
namespace {

std::string Renamed(const std::string& name, const std::set<std::string>& taken = {}) {
  std::optional<std::string> out = OpaqueName(name, "dir/file.go", taken);
  EXPECT_TRUE(out.has_value()) << name;
  return out.value_or("");
}

bool In(char c, const std::string& letters) { return letters.find(c) != std::string::npos; }

const std::string kUpper = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";
const std::string kLower = "abcdefghijklmnopqrstuvwxyz";
const std::string kLowerOrDigit = kLower + "0123456789";

// The same length; the head's class; '_', '$' and sigils where they were;
// every later letter or digit one of a-z0-9.
TEST(OpaqueName, KeepsLengthHeadClassAndSigils) {
  const std::string exported = Renamed("HTTPClient");
  ASSERT_EQ(exported.size(), 10u);
  EXPECT_TRUE(In(exported[0], kUpper)) << exported;
  for (size_t i = 1; i < exported.size(); ++i) EXPECT_TRUE(In(exported[i], kLowerOrDigit));
  const std::string dunder = Renamed("__init__");
  EXPECT_EQ(dunder.substr(0, 2), "__");
  EXPECT_EQ(dunder.substr(6), "__");
  EXPECT_TRUE(In(dunder[2], kLower)) << dunder;
  const std::string snake = Renamed("max_size");
  EXPECT_EQ(snake[3], '_');
  const std::string ivar = Renamed("@count");
  EXPECT_EQ(ivar[0], '@');
  EXPECT_TRUE(In(ivar[1], kLower)) << ivar;
  const std::string predicate = Renamed("empty?");
  EXPECT_EQ(predicate.back(), '?');
  const std::string digit = Renamed("_1");
  EXPECT_EQ(digit[0], '_');
  EXPECT_TRUE(In(digit[1], "0123456789")) << digit;
  EXPECT_NE(Renamed("LIMIT"), "LIMIT");
}

TEST(OpaqueName, DependsOnTheSaltAndTheNameOnly) {
  EXPECT_EQ(Renamed("render"), Renamed("render"));
  EXPECT_NE(OpaqueName("render", "a.go", {}), OpaqueName("render", "b.go", {}));
  EXPECT_NE(Renamed("render"), Renamed("reader"));
}

// A taken word is never a replacement: the next candidate is tried, and
// a space with every name taken keeps the name (nullopt).
TEST(OpaqueName, NeverATakenWordAndNoneWhenExhausted) {
  std::set<std::string> taken;
  for (char c : kLower) taken.insert(std::string(1, c));
  EXPECT_EQ(OpaqueName("i", "f", taken), std::nullopt);
  taken.erase("q");
  EXPECT_EQ(OpaqueName("i", "f", taken), "q");
  const std::string first = Renamed("value");
  EXPECT_NE(Renamed("value", {first}), first);
}

TEST(OpaqueName, NonAsciiAndRawIdentifiersAreNotRenamed) {
  EXPECT_EQ(OpaqueName("caf\xc3\xa9", "f", {}), std::nullopt);
  EXPECT_EQ(OpaqueName("r#type", "f", {}), std::nullopt);
  EXPECT_EQ(OpaqueName("_", "f", {"_"}), std::nullopt);
}

TEST(WordsOf, MaximalRunsOfWordCharacters) {
  EXPECT_EQ(WordsOf("a.b_c($d) @e 'f g' 12"),
            (std::set<std::string>{"a", "b_c", "$d", "e", "f", "g", "12"}));
}

TEST(GrammarKeywords, TheWordLikeAnonymousNodeTypes) {
  const languages::LinkedGrammar go = testing::OrDie(languages::FindGrammar("go"));
  const std::set<std::string> keywords = GrammarKeywords(go.language);
  for (const char* k : {"func", "type", "range", "package", "chan"}) {
    EXPECT_EQ(keywords.count(k), 1u) << k;
  }
  EXPECT_EQ(keywords.count(":="), 0u);
  EXPECT_EQ(keywords.count("identifier"), 0u);  // a named node type
}

}  // namespace
}  // namespace repro::corpus::internal
