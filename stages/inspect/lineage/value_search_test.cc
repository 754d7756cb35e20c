#include "stages/inspect/lineage/value_search.h"

#include "gtest/gtest.h"
#include "stages/framework/pipeline/status_testing.h"

namespace repro::lineage {
namespace {

ValueQuery Q(const char* text) {
  absl::StatusOr<ValueQuery> q = ParseValueQuery(text);
  EXPECT_TRUE(q.ok()) << q.status();
  return *q;
}

TEST(ParseValueQueryTest, NumbersAndStrings) {
  ValueQuery q = Q(" 0.576666646 ");
  EXPECT_TRUE(q.numeric);
  EXPECT_EQ(q.text, "0.576666646");
  EXPECT_EQ(q.decimals, 9);
  EXPECT_FALSE(q.exponent);
  EXPECT_TRUE(Q("+0.25").numeric);
  EXPECT_TRUE(Q("-3").numeric);
  EXPECT_TRUE(Q("1e-05").exponent);
  EXPECT_FALSE(Q("170/180").numeric);
  EXPECT_FALSE(Q("T05/H010/0").numeric);
  EXPECT_FALSE(Q("rerank.baseline.ndcg@k").numeric);
  EXPECT_TRUE(IsError(ParseValueQuery("  "), absl::StatusCode::kInvalidArgument, "empty query"));
}

TEST(MatchNumberTest, ExactAndRounded) {
  SearchOptions o;
  EXPECT_EQ(MatchNumber(Q("0.576666646"), "0.57666664551443869", o), MatchKind::kRounded);
  EXPECT_EQ(MatchNumber(Q("0.576666646"), "0.576666646", o), MatchKind::kExact);
  EXPECT_EQ(MatchNumber(Q("0.423333354"), "+0.423333354", o), MatchKind::kExact);
  EXPECT_EQ(MatchNumber(Q("0.50"), "0.5", o), MatchKind::kExact);
  EXPECT_EQ(MatchNumber(Q("1"), "1.0", o), MatchKind::kExact);
  EXPECT_EQ(MatchNumber(Q("1e-05"), "0.00001", o), MatchKind::kExact);
  // A less precise candidate never "rounds" to the query.
  EXPECT_FALSE(MatchNumber(Q("0.576666646"), "0.58", o));
  // Too few decimals in the query for rounding: 0.91 is not "1".
  EXPECT_FALSE(MatchNumber(Q("1"), "0.91", o));
  EXPECT_FALSE(MatchNumber(Q("0.5"), "0.54", o));
  EXPECT_EQ(MatchNumber(Q("0.50"), "0.4999", o), MatchKind::kRounded);
  EXPECT_FALSE(MatchNumber(Q("0.576666646"), "-0.57666664551443869", o));
  EXPECT_FALSE(MatchNumber(Q("C1"), "1", o));
}

TEST(FindInTextTest, NumberTokensRespectWordBoundaries) {
  const char* text =
      "| nDCG@3 | 0.576666646 | 1.000000000 | +0.423333354 |\n"
      "C1 C2 cost 170/180, coverage 2/4 = 0.50\n"
      "date 2017-10-24\n";
  std::vector<ValueHit> hits = FindInText(text, Q("0.423333354"), {});
  ASSERT_EQ(hits.size(), 1u);
  EXPECT_EQ(hits[0].location, "line 1");
  EXPECT_EQ(hits[0].found, "+0.423333354");
  EXPECT_EQ(hits[0].context, "| nDCG@3 | 0.576666646 | 1.000000000 | +0.423333354 |");
  EXPECT_TRUE(FindInText("C1 C2 x_1", Q("1"), {}).empty());  // "C1" holds no number
  std::vector<ValueHit> one = FindInText(text, Q("1"), {});
  ASSERT_EQ(one.size(), 1u);
  EXPECT_EQ(one[0].found, "1.000000000");
  EXPECT_EQ(FindInText(text, Q("0.5"), {}).size(), 1u);  // "0.50"
  EXPECT_EQ(FindInText(text, Q("-10"), {}).size(), 0u);  // "2017-10" is not -10
  EXPECT_EQ(FindInText(text, Q("10"), {}).size(), 1u);
  std::vector<ValueHit> cost = FindInText(text, Q("170/180"), {});
  ASSERT_EQ(cost.size(), 1u);
  EXPECT_EQ(cost[0].location, "line 2");
  EXPECT_EQ(cost[0].kind, MatchKind::kString);
  EXPECT_TRUE(FindInText("1170/1805", Q("170/180"), {}).empty());
  EXPECT_EQ(FindInText(text, Q("C2"), {}).size(), 1u);
  EXPECT_TRUE(FindInText(text, Q("C"), {}).empty());
}

TEST(FindInJsonTest, PathsOfNumbersStringsAndKeys) {
  const char* json = R"({
 "rerank": {"baseline": {"ndcg": 0.57666664551443869, "order": [{"id": "C1", "gain": 1}, {"id": "C2", "gain": 3}]}},
 "cells": [{"cell_id": "T05/H010/0", "note": "cost 170/180"}],
 "T07/H000/1": {"mrr": 0.5}
})";
  absl::StatusOr<std::vector<ValueHit>> hits = FindInJson(json, Q("0.576666646"), {});
  ASSERT_TRUE(hits.ok()) << hits.status();
  ASSERT_EQ(hits->size(), 1u);
  EXPECT_EQ((*hits)[0].location, "$.rerank.baseline.ndcg");
  EXPECT_EQ((*hits)[0].found, "0.57666664551443869");
  EXPECT_EQ((*hits)[0].kind, MatchKind::kRounded);

  hits = FindInJson(json, Q("3"), {});
  ASSERT_TRUE(hits.ok());
  ASSERT_EQ(hits->size(), 1u);
  EXPECT_EQ((*hits)[0].location, "$.rerank.baseline.order[1].gain");

  hits = FindInJson(json, Q("T05/H010/0"), {});
  ASSERT_TRUE(hits.ok());
  ASSERT_EQ(hits->size(), 1u);
  EXPECT_EQ((*hits)[0].location, "$.cells[0].cell_id");

  hits = FindInJson(json, Q("T07/H000/1"), {});
  ASSERT_TRUE(hits.ok());
  ASSERT_EQ(hits->size(), 1u);
  EXPECT_EQ((*hits)[0].location, "$[\"T07/H000/1\"]");

  hits = FindInJson(json, Q("170/180"), {});
  ASSERT_TRUE(hits.ok());
  ASSERT_EQ(hits->size(), 1u);
  EXPECT_EQ((*hits)[0].location, "$.cells[0].note");

  hits = FindInJson(json, Q("180"), {});  // numbers inside strings count
  ASSERT_TRUE(hits.ok());
  EXPECT_EQ(hits->size(), 1u);

  EXPECT_TRUE(IsError(FindInJson("{\"a\": ", Q("1"), {}), absl::StatusCode::kInvalidArgument,
                      "not JSON: "));
}

TEST(FindInTokensTest, KeysAndValues) {
  const char* tokens =
      "# frozen\n"
      "pack.baseline.cost\t170/180\n"
      "rerank.baseline.ndcg@k\t0.576666646\n"
      "pack.baseline.coverage\t2/4 = 0.50\n";
  std::vector<ValueHit> hits = FindInTokens(tokens, Q("rerank.baseline.ndcg@k"), {});
  ASSERT_EQ(hits.size(), 1u);
  EXPECT_EQ(hits[0].location, "token rerank.baseline.ndcg@k");
  EXPECT_EQ(hits[0].found, "0.576666646");
  hits = FindInTokens(tokens, Q("0.576666646"), {});
  ASSERT_EQ(hits.size(), 1u);
  EXPECT_EQ(hits[0].location, "token rerank.baseline.ndcg@k");
  hits = FindInTokens(tokens, Q("0.5"), {});
  ASSERT_EQ(hits.size(), 1u);
  EXPECT_EQ(hits[0].found, "2/4 = 0.50");
  EXPECT_EQ(LookupToken(tokens, "pack.baseline.cost"), "170/180");
  EXPECT_FALSE(LookupToken(tokens, "pack").has_value());
}

TEST(NumbersInTest, DistinctInOrder) {
  EXPECT_EQ(NumbersIn("[0.108, 0.586]"), (std::vector<std::string>{"0.108", "0.586"}));
  EXPECT_EQ(NumbersIn("2/4 = 0.50, 2 of C1"), (std::vector<std::string>{"2", "4", "0.50"}));
  EXPECT_TRUE(NumbersIn("R-REDUNDANT-NO-NEW-CLAIM").empty());
}

TEST(FindInArtifactTest, DispatchesByName) {
  EXPECT_EQ(FindInArtifact("x.json", "{\"a\": 0.25}", Q("0.25"), {})[0].location, "$.a");
  EXPECT_EQ(FindInArtifact("x.json", "not json 0.25", Q("0.25"), {})[0].location, "line 1");
  EXPECT_EQ(FindInArtifact("x.md", "a\n0.25", Q("0.25"), {})[0].location, "line 2");
  EXPECT_TRUE(FindInArtifact("x.bin", std::string("0.25\0", 5), Q("0.25"), {}).empty());
}

}  // namespace
}  // namespace repro::lineage
