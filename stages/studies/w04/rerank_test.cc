#include "stages/studies/w04/rerank.h"

#include <cmath>
#include <string>

#include "gtest/gtest.h"
#include "stages/framework/pipeline/file_io.h"
#include "stages/framework/pipeline/textproto.h"

namespace repro::w04 {
namespace {

constexpr char kFile[] = "data/w04/rerank.textproto";

RerankCase Fixture() {
  RerankCase rc;
  absl::StatusOr<std::string> text = ReadFile(kFile);
  EXPECT_TRUE(text.ok()) << text.status();
  EXPECT_TRUE(ParseTextProto(*text, kFile, &rc).ok());
  return rc;
}

CandidateRecord* Treated(RerankCase& rc, const std::string& id) {
  for (CandidateRecord& r : *rc.mutable_treatment()->mutable_records()) {
    if (r.candidate_id() == id) return &r;
  }
  return nullptr;
}

std::string ErrorOf(const RerankCase& rc) {
  absl::StatusOr<RerankResult> r = EvaluateRerank(rc, kFile);
  EXPECT_FALSE(r.ok());
  return r.ok() ? "" : std::string(r.status().message());
}

TEST(RerankTest, SeedNumbers) {
  absl::StatusOr<RerankResult> r = EvaluateRerank(Fixture(), kFile);
  ASSERT_TRUE(r.ok()) << r.status();
  EXPECT_EQ(r->pool_size(), 5);
  EXPECT_NEAR(r->baseline().dcg(), 5.416508275, 5e-10);
  EXPECT_NEAR(r->idcg(), 9.392789261, 5e-10);
  EXPECT_NEAR(r->baseline().ndcg(), 0.576666646, 5e-10);
  EXPECT_DOUBLE_EQ(r->treatment().ndcg(), 1.0);
  EXPECT_NEAR(r->delta_ndcg(), 0.423333354, 5e-10);
  EXPECT_DOUBLE_EQ(r->baseline().recall(0).recall(), 0.5);
  EXPECT_DOUBLE_EQ(r->treatment().recall(0).recall(), 0.75);
  EXPECT_DOUBLE_EQ(r->baseline().recall(1).recall(), 1.0);
  EXPECT_DOUBLE_EQ(r->treatment().recall(1).recall(), 1.0);
  std::string order;
  for (const RankedEntry& e : r->treatment().order()) order += e.candidate_id();
  EXPECT_EQ(order, "C2C4C1C5C3");
  // C4 moves from rank 4 to 2; C3 from 3 to 5.
  EXPECT_EQ(r->movements(1).candidate_id(), "C4");
  EXPECT_EQ(r->movements(1).rank_change(), 2);
  EXPECT_EQ(r->movements(4).candidate_id(), "C3");
  EXPECT_EQ(r->movements(4).rank_change(), -2);
}

TEST(RerankTest, TiesBreakByIdAscending) {
  RerankCase rc = Fixture();
  for (CandidateRecord& r : *rc.mutable_treatment()->mutable_records()) r.set_score(0.5);
  absl::StatusOr<RerankResult> r = EvaluateRerank(rc, kFile);
  ASSERT_TRUE(r.ok());
  std::string order;
  for (const RankedEntry& e : r->treatment().order()) order += e.candidate_id();
  EXPECT_EQ(order, "C1C2C3C4C5");
}

TEST(RerankStopTest, CandidateOnlyAfterTreatment) {
  RerankCase rc = Fixture();
  CandidateRecord* c6 = rc.mutable_treatment()->add_records();
  c6->set_candidate_id("C6");
  c6->set_version_hash("deadbeef");
  c6->set_gain(2);
  c6->set_score(0.99);
  const std::string e = ErrorOf(rc);
  EXPECT_NE(e.find("condition 'reranked', record 6 (candidate C6), field candidate_id"),
            std::string::npos)
      << e;
  EXPECT_NE(e.find("found C6 only after treatment"), std::string::npos) << e;
}

TEST(RerankStopTest, ChangedVersionHash) {
  RerankCase rc = Fixture();
  Treated(rc, "C2")->set_version_hash("73b2e40b");
  const std::string e = ErrorOf(rc);
  EXPECT_NE(e.find("(candidate C2), field version_hash: expected '73b2e40a'"), std::string::npos)
      << e;
  EXPECT_NE(e.find("found '73b2e40b'"), std::string::npos) << e;
}

TEST(RerankStopTest, ReusedIdWithAnotherHash) {
  RerankCase rc = Fixture();
  Treated(rc, "C4")->set_version_hash("0000c4c4");  // a later capture reused C4
  EXPECT_NE(ErrorOf(rc).find("(candidate C4), field version_hash"), std::string::npos);
}

TEST(RerankStopTest, ChangedGain) {
  RerankCase rc = Fixture();
  Treated(rc, "C5")->set_gain(2);
  EXPECT_NE(ErrorOf(rc).find("(candidate C5), field gain: expected 1"), std::string::npos);
}

TEST(RerankStopTest, MissingCandidateDuplicateAndRange) {
  RerankCase rc = Fixture();
  rc.mutable_treatment()->mutable_records()->RemoveLast();
  EXPECT_NE(ErrorOf(rc).find("candidate C5 is missing from condition 'reranked'"),
            std::string::npos);
  rc = Fixture();
  Treated(rc, "C5")->set_candidate_id("C1");
  EXPECT_NE(ErrorOf(rc).find("field candidate_id: duplicate of record 1"), std::string::npos);
  rc = Fixture();
  Treated(rc, "C5")->set_gain(4);
  EXPECT_NE(ErrorOf(rc).find("field gain: expected 0..3, found 4"), std::string::npos);
  rc = Fixture();
  rc.set_cutoff(0);
  EXPECT_NE(ErrorOf(rc).find("field cutoff"), std::string::npos);
}

TEST(RerankStopTest, ConditionsMustBeTwoDistinctBlocks) {
  RerankCase rc = Fixture();
  rc.mutable_treatment()->set_name(rc.baseline().name());
  EXPECT_NE(
      ErrorOf(rc).find("fields baseline.name and treatment.name: expected two different names, "
                       "found '" +
                       rc.baseline().name() + "' twice"),
      std::string::npos)
      << ErrorOf(rc);
  rc = Fixture();
  rc.clear_treatment();
  EXPECT_NE(ErrorOf(rc).find("field treatment: expected a condition block, found none"),
            std::string::npos)
      << ErrorOf(rc);
  rc = Fixture();
  rc.add_recall_cutoffs(rc.recall_cutoffs(0));
  EXPECT_NE(ErrorOf(rc).find("field recall_cutoffs: expected unique cutoffs, found"),
            std::string::npos)
      << ErrorOf(rc);
}

TEST(RerankStopTest, GainScaleIsBoundedSoEveryMetricIsFinite) {
  // max_gain 2000 with gain 1500 used to report DCG@3 inf and nDCG@3 nan.
  RerankCase rc = Fixture();
  rc.set_max_gain(2000);
  EXPECT_NE(
      ErrorOf(rc).find("field max_gain: expected 1..30 (gain 2^g - 1 must stay exact and finite), "
                       "found 2000"),
      std::string::npos)
      << ErrorOf(rc);
  rc.set_max_gain(30);
  for (CandidateRecord& r : *rc.mutable_baseline()->mutable_records()) r.set_gain(30);
  for (CandidateRecord& r : *rc.mutable_treatment()->mutable_records()) r.set_gain(30);
  absl::StatusOr<RerankResult> r = EvaluateRerank(rc, kFile);
  ASSERT_TRUE(r.ok()) << r.status();
  EXPECT_TRUE(std::isfinite(r->baseline().dcg()));
  EXPECT_DOUBLE_EQ(r->baseline().ndcg(), 1.0);
}

TEST(RerankStopTest, MalformedTextProtoNamesLine) {
  RerankCase rc;
  absl::Status s = ParseTextProto("pool_id: \"x\"\ncutoff: three\n", kFile, &rc);
  ASSERT_FALSE(s.ok());
  EXPECT_NE(s.message().find("data/w04/rerank.textproto:2:"), std::string::npos) << s.message();
}

}  // namespace
}  // namespace repro::w04
