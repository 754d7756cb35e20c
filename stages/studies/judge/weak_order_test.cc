#include "stages/studies/judge/weak_order.h"

#include "gtest/gtest.h"

namespace repro::judge {
namespace {

TEST(FromScores, GroupsEqualScoresAndPutsUnvaluedLast) {
  std::vector<ScoredId> s = {{"c", 4}, {"a", 4}, {"b", 2}, {"d", std::nullopt}, {"e", 3}};
  WeakOrder o = *FromScores(s, ScoreDirection::kHigherIsBetter, Unvalued::kBottom);
  EXPECT_EQ(ToText(o), "a = c > e > b > d");
  EXPECT_EQ(o[0].value, 4);
  WeakOrder x = *FromScores(s, ScoreDirection::kLowerIsBetter, Unvalued::kExclude);
  EXPECT_EQ(ToText(x), "b > e > a = c");
  EXPECT_EQ(Size(x), 4);
}

TEST(FromScores, RejectsDuplicatesAndNaN) {
  EXPECT_FALSE(
      FromScores({{"a", 1}, {"a", 2}}, ScoreDirection::kHigherIsBetter, Unvalued::kBottom).ok());
  EXPECT_FALSE(
      FromScores({{"a", 0.0 / 0.0}}, ScoreDirection::kHigherIsBetter, Unvalued::kBottom).ok());
  EXPECT_FALSE(FromScores({{"", 1}}, ScoreDirection::kHigherIsBetter, Unvalued::kBottom).ok());
}

TEST(Restrict, DropsIdsAndEmptyGroups) {
  WeakOrder o = {{{"a", "b"}, 2}, {{"c"}, 1}, {{"d"}, 0}};
  EXPECT_EQ(ToText(Restrict(o, {"b", "d"})), "b > d");
  EXPECT_EQ(Flatten(o), (std::vector<std::string>{"a", "b", "c", "d"}));
}

TEST(CheckSameIds, NamesTheOffendingId) {
  WeakOrder a = {{{"a"}, 0}, {{"b"}, 0}};
  WeakOrder b = {{{"b", "a"}, 0}};
  EXPECT_TRUE(CheckSameIds(a, b).ok());
  WeakOrder c = {{{"a"}, 0}, {{"z"}, 0}};
  EXPECT_NE(CheckSameIds(a, c).message().find("'z'"), std::string::npos);
}

}  // namespace
}  // namespace repro::judge
