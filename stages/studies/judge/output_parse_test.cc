#include "stages/studies/judge/output_parse.h"

#include "gtest/gtest.h"

namespace repro::judge {
namespace {

// Replies seen in the ICE-Score HumanEval outputs.
TEST(ParseLeadingScore, AcceptsDigitWithCommentary) {
  for (const auto& [raw, want] :
       std::vector<std::pair<std::string, int>>{{"4", 4},
                                                {" 3\n", 3},
                                                {"3 - The code snippet", 3},
                                                {"Score: 0", 0},
                                                {"Score: 0\n\nExplanation: wrong", 0},
                                                {"Functional Correctness: 2", 2},
                                                {"0- The code snippet does not contain", 0},
                                                {"2 (The code snippet", 2},
                                                {"Score: 0 (The code snippet is empty)", 0}}) {
    ScoreParse p = ParseLeadingScore(raw, 4);
    EXPECT_TRUE(p.ok) << raw;
    EXPECT_EQ(p.score, want) << raw;
  }
}

TEST(ParseLeadingScore, RejectsWithReason) {
  EXPECT_EQ(ParseLeadingScore("N/A (code snippet is missing)", 4).reason, "no_leading_score");
  EXPECT_EQ(ParseLeadingScore("Version 1: 4\nVersion 2: 3", 4).reason, "no_leading_score");
  EXPECT_EQ(ParseLeadingScore("get_string_length: 4\nis_odd: 4", 4).reason, "no_leading_score");
  EXPECT_EQ(ParseLeadingScore("0-4", 4).reason, "scale_echo");
  EXPECT_EQ(ParseLeadingScore("5", 4).reason, "out_of_range");
  EXPECT_EQ(ParseLeadingScore("10", 4).reason, "out_of_range");
  EXPECT_EQ(ParseLeadingScore("", 4).reason, "no_leading_score");
}

TEST(ParseListwise, CompleteWithTies) {
  ListwiseParse p = ParseListwise("B > A = C", {"A", "B", "C"});
  ASSERT_TRUE(p.ok);
  EXPECT_EQ(ToText(p.order), "B > A = C");
  EXPECT_TRUE(p.missing.empty());
}

TEST(ParseListwise, DuplicateUnknownAndMissingAreRecorded) {
  ListwiseParse p = ParseListwise("A > A > Z > B", {"A", "B", "C", "D"});
  ASSERT_TRUE(p.ok);
  EXPECT_EQ(p.returned, (std::vector<std::string>{"A", "A", "Z", "B"}));
  EXPECT_EQ(p.duplicates, (std::vector<std::string>{"A"}));
  EXPECT_EQ(p.unknown, (std::vector<std::string>{"Z"}));
  EXPECT_EQ(p.missing, (std::vector<std::string>{"C", "D"}));
  EXPECT_EQ(ToText(p.order), "A > B > C = D");
}

TEST(ParseListwise, UnparsableGivesAllTied) {
  for (const char* raw : {"I cannot rank these.", "", "A >", "> A", "A B"}) {
    ListwiseParse p = ParseListwise(raw, {"A", "B"});
    EXPECT_FALSE(p.ok) << raw;
    EXPECT_EQ(ToText(p.order), "A = B") << raw;
  }
  ListwiseParse q = ParseListwise("X > Y", {"A", "B"});
  EXPECT_FALSE(q.ok);
  EXPECT_EQ(q.reason, "no_valid_id");
}

TEST(ParseVerdictLine, LastLineOnly) {
  EXPECT_EQ(ParseVerdictLine("Assistant 1 is better.\n1\n").verdict, Verdict::kFirstBetter);
  EXPECT_EQ(ParseVerdictLine("2").verdict, Verdict::kSecondBetter);
  EXPECT_EQ(ParseVerdictLine("tie\n 3 ").verdict, Verdict::kTie);
  VerdictParse p = ParseVerdictLine("Both are good.\n1 or 2");
  EXPECT_EQ(p.verdict, Verdict::kUnparsed);
  EXPECT_EQ(p.reason, "no_verdict_line");
}

}  // namespace
}  // namespace repro::judge
