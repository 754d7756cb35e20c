#include "stages/framework/packing/near_duplicates.h"

#include <string>
#include <vector>

#include "gtest/gtest.h"
#include "stages/framework/pipeline/file_io.h"

namespace repro::packing {
namespace {

constexpr char kDir[] = "stages/framework/packing/testdata/";

// ledger.go; vendor/ledger.go, its vendored copy (CRLF, spaces for tabs,
// trailing blanks); ledger_edited.go, a method renamed; budget.go, unrelated.
std::vector<UnitText> Pool() {
  std::vector<UnitText> out;
  for (const char* path : {"ledger.go", "vendor/ledger.go", "ledger_edited.go", "budget.go"}) {
    absl::StatusOr<std::string> text = ReadFile(std::string(kDir) + path);
    EXPECT_TRUE(text.ok()) << text.status();
    out.push_back({path, text.ok() ? *text : ""});
  }
  return out;
}

std::string Text(const Relation& r) {
  return r.earlier + " ~ " + r.later +
         (r.kind == Similarity::kEqualNormalized ? " equal" : " shingles ") +
         (r.kind == Similarity::kEqualNormalized
              ? ""
              : std::to_string(r.shared) + "/" + std::to_string(r.total));
}

TEST(NormalizeContentTest, LineEndingsAndBlanks) {
  EXPECT_EQ(NormalizeContent("a\r\n\t b  c \r\n\r\n d\re\v\f"), "a b c d e");
  EXPECT_EQ(NormalizeContent(" \n\t\n"), "");
}

TEST(ShinglesTest, ConsecutiveWords) {
  EXPECT_EQ(Shingles("a b c d", 3), (std::set<std::string>{"a b c", "b c d"}));
  EXPECT_EQ(Shingles("a b", 3), (std::set<std::string>{"a b"}));
  EXPECT_TRUE(Shingles("", 3).empty());
}

TEST(FindNearDuplicatesTest, VendoredCopyAndEditedCopy) {
  absl::StatusOr<std::vector<Relation>> r = FindNearDuplicates(Pool(), {5, 7, 10}, "pool");
  ASSERT_TRUE(r.ok()) << r.status();
  std::vector<std::string> texts;
  for (const Relation& x : *r) texts.push_back(Text(x));
  EXPECT_EQ(texts,
            (std::vector<std::string>{"ledger.go ~ vendor/ledger.go equal",
                                      "ledger.go ~ ledger_edited.go shingles 64/84",
                                      "vendor/ledger.go ~ ledger_edited.go shingles 64/84"}));
  // 64/84 = 0.7619...: above 7/10, not above 4/5.
  r = FindNearDuplicates(Pool(), {5, 4, 5}, "pool");
  ASSERT_TRUE(r.ok());
  ASSERT_EQ(r->size(), 1u);
  EXPECT_EQ(Text((*r)[0]), "ledger.go ~ vendor/ledger.go equal");
}

TEST(ApplyNearDuplicatesTest, LaterRankNamesEarlier) {
  std::vector<Unit> ranked(3);
  ranked[0].id = "vendor/ledger.go";
  ranked[1].id = "budget.go";
  ranked[2].id = "ledger.go";
  const std::vector<Relation> rel = {{"ledger.go", "vendor/ledger.go"}};
  ASSERT_TRUE(ApplyNearDuplicates(rel, ranked, "pool").ok());
  EXPECT_EQ(ranked[2].near_duplicate_of, std::vector<std::string>{"vendor/ledger.go"});
  EXPECT_TRUE(ranked[0].near_duplicate_of.empty());
  absl::Status s = ApplyNearDuplicates({{"ledger.go", "gone.go"}}, ranked, "pool");
  EXPECT_EQ(s.message(),
            "pool, relation 1 (ledger.go, gone.go), field later: expected a unit of the pool, "
            "found unknown unit 'gone.go'");
}

TEST(CheckDirectedRelationsTest, CycleStops) {
  const std::vector<std::string> pool = {"a", "b", "c"};
  EXPECT_TRUE(CheckDirectedRelations(pool, {{"a", "b"}, {"b", "c"}}, "ledger.jsonl").ok());
  absl::Status s =
      CheckDirectedRelations(pool, {{"a", "b"}, {"b", "c"}, {"c", "a"}}, "ledger.jsonl");
  EXPECT_EQ(s.message(),
            "ledger.jsonl, field near-duplicate relations: expected no cycle (each copy of an "
            "original), found the cycle a -> c -> b -> a");
  s = CheckDirectedRelations(pool, {{"a", "a"}}, "ledger.jsonl");
  EXPECT_NE(s.message().find("found the unit itself"), std::string::npos);
}

TEST(FindNearDuplicatesTest, BadInputStops) {
  EXPECT_NE(FindNearDuplicates(Pool(), {0, 7, 10}, "pool").status().message().find("shingle_size"),
            std::string::npos);
  EXPECT_NE(FindNearDuplicates(Pool(), {5, 10, 10}, "pool").status().message().find("threshold"),
            std::string::npos);
  EXPECT_EQ(FindNearDuplicates({{"a", "x"}, {"a", "y"}}, {}, "pool").status().message(),
            "pool, unit 2 (a), field id: expected a unique id, found a repeat");
}

}  // namespace
}  // namespace repro::packing
