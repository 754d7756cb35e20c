#include "stages/studies/judge/copeland.h"

#include "gtest/gtest.h"

namespace repro::judge {
namespace {

TEST(MajorityOfVotes, TwoOfThreeDecide) {
  EXPECT_EQ(*MajorityOfVotes(2, 1, 0), 1.0);
  EXPECT_EQ(*MajorityOfVotes(0, 2, 1), 0.0);
  EXPECT_EQ(*MajorityOfVotes(1, 1, 1), 0.5);  // three-way split
  EXPECT_EQ(*MajorityOfVotes(1, 0, 2), 0.5);  // tie majority
  EXPECT_EQ(*MajorityOfVotes(3, 0, 0), 1.0);
  EXPECT_FALSE(MajorityOfVotes(0, 0, 0).ok());
}

TEST(CopelandOrder, WinRatesAndTies) {
  // A beats B and C; B ties C; D never compared.
  std::vector<Comparison> c = {{"A", "B", 1}, {"C", "A", 0}, {"B", "C", 0.5}};
  WeakOrder o = *CopelandOrder({"A", "B", "C", "D"}, c, Unvalued::kBottom);
  // A: 2/2 = 1; B: 0.5/2; C: 0.5/2; D: none.
  EXPECT_EQ(ToText(o), "A > B = C > D");
  EXPECT_DOUBLE_EQ(o[0].value, 1.0);
  EXPECT_DOUBLE_EQ(o[1].value, 0.25);
  WeakOrder x = *CopelandOrder({"A", "B", "C", "D"}, c, Unvalued::kExclude);
  EXPECT_EQ(Size(x), 3);
  EXPECT_EQ(*CondorcetWinner({"A", "B", "C"}, c), "A");
  EXPECT_FALSE(MajorityCycle({"A", "B", "C"}, c));
}

TEST(CopelandOrder, CycleHasNoCondorcetWinner) {
  std::vector<Comparison> c = {{"A", "B", 1}, {"B", "C", 1}, {"C", "A", 1}};
  WeakOrder o = *CopelandOrder({"A", "B", "C"}, c, Unvalued::kBottom);
  EXPECT_EQ(ToText(o), "A = B = C");
  EXPECT_TRUE(MajorityCycle({"A", "B", "C"}, c));
  EXPECT_FALSE(CondorcetWinner({"A", "B", "C"}, c).has_value());
}

TEST(CopelandOrder, RejectsUnknownIds) {
  EXPECT_FALSE(CopelandOrder({"A"}, {{"A", "Z", 1}}, Unvalued::kBottom).ok());
}

}  // namespace
}  // namespace repro::judge
