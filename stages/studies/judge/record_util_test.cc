#include "stages/studies/judge/record_util.h"

#include <tuple>

#include "gtest/gtest.h"

namespace repro::judge {
namespace {

TEST(OrderProto, RoundTrip) {
  WeakOrder o = {{{"a", "b"}, 2}, {{"c"}, 1}};
  JudgeRecord r;
  ToProto(o, r.mutable_ground_order()->mutable_groups());
  EXPECT_EQ(FromProto(r.ground_order().groups()), o);
}

TEST(Excerpt, CutsAtUtf8Boundary) {
  EXPECT_EQ(Excerpt("short"), "short");
  EXPECT_EQ(Excerpt("abc\xc3\xa9z", 4), "abc...");
}

TEST(IssueLog, SortedWithCounts) {
  IssueLog log;
  log.Add("unknown_candidate_id", "f", 3, "t1", "raw_output", "Z");
  log.Add("malformed_json_line", "f", 2, "", "", "x");
  log.Add("unknown_candidate_id", "f", 1, "t1", "raw_output", "Y");
  JudgeDataset d;
  log.WriteTo(&d);
  ASSERT_EQ(d.issues_size(), 3);
  EXPECT_EQ(d.issues(0).kind(), "malformed_json_line");
  EXPECT_EQ(d.issues(1).line(), 1);
  ASSERT_EQ(d.issue_counts_size(), 2);
  EXPECT_EQ(d.issue_counts(1).count(), 2);
  EXPECT_EQ(log.Count("unknown_candidate_id"), 2);
}

TEST(LogicalName, StripsDirectoryAndGz) {
  EXPECT_EQ(LogicalName("external/judge_data/x/y/a.json.gz"), "a.json");
  EXPECT_EQ(LogicalName("a.jsonl"), "a.jsonl");
}

}  // namespace
}  // namespace repro::judge

namespace repro::judge {
namespace {

TEST(SetGroundFromOutcomes, MissingStaysMissing) {
  JudgeRecord r;
  r.set_record_id("t|j");
  for (auto [id, obs, v] : std::vector<std::tuple<std::string, bool, double>>{
           {"A", true, 1}, {"B", false, 0}, {"C", true, 0}, {"D", true, 1}}) {
    ExecutionOutcome* o = r.add_outcomes();
    o->set_candidate_id(id);
    o->set_observed(obs);
    o->set_value(v);
    o->set_direction(HIGHER_IS_BETTER);
  }
  ASSERT_TRUE(SetGroundFromOutcomes(&r).ok());
  EXPECT_EQ(ToText(FromProto(r.ground_order().groups())), "A = D > C");
  ASSERT_EQ(r.ground_order().missing_ids_size(), 1);
  EXPECT_EQ(r.ground_order().missing_ids(0), "B");
}

TEST(SetGroundFromOutcomes, LowerIsBetterNegates) {
  JudgeRecord r;
  for (auto [id, v] : std::vector<std::pair<std::string, double>>{{"A", 3}, {"B", 1}}) {
    ExecutionOutcome* o = r.add_outcomes();
    o->set_candidate_id(id);
    o->set_observed(true);
    o->set_value(v);
    o->set_direction(LOWER_IS_BETTER);
  }
  ASSERT_TRUE(SetGroundFromOutcomes(&r).ok());
  EXPECT_EQ(ToText(FromProto(r.ground_order().groups())), "B > A");
  EXPECT_EQ(r.ground_order().groups(0).value(), -1);
  r.mutable_outcomes(0)->set_direction(HIGHER_IS_BETTER);
  EXPECT_FALSE(SetGroundFromOutcomes(&r).ok());
}

TEST(SetPredictedFromJudgements, UnparsedGoLast) {
  JudgeRecord r;
  for (auto [id, ok, s] : std::vector<std::tuple<std::string, bool, double>>{
           {"A", true, 3}, {"B", false, 0}, {"C", true, 4}, {"D", true, 3}}) {
    CandidateJudgement* j = r.mutable_predicted()->add_judgements();
    j->set_candidate_id(id);
    j->set_parsed(ok);
    j->set_score(s);
  }
  ASSERT_TRUE(SetPredictedFromJudgements(&r).ok());
  EXPECT_EQ(ToText(FromProto(r.predicted().groups())), "C > A = D > B");
  EXPECT_EQ(r.predicted().form(), PredictedOrder::DERIVED_FROM_POINTWISE_SCORES);
}

}  // namespace
}  // namespace repro::judge
