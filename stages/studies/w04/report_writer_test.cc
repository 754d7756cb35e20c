#include "stages/studies/w04/report_writer.h"

#include <string>
#include <vector>

#include "gtest/gtest.h"
#include "stages/framework/pipeline/file_io.h"
#include "stages/framework/pipeline/textproto.h"
#include "stages/studies/w04/packing.h"
#include "stages/studies/w04/rerank.h"

namespace repro::w04 {
namespace {

template <typename T>
T Load(const std::string& file) {
  T msg;
  absl::StatusOr<std::string> text = ReadFile(file);
  EXPECT_TRUE(text.ok()) << text.status();
  EXPECT_TRUE(ParseTextProto(*text, file, &msg).ok());
  return msg;
}

RenderedReport Render(ReportText text = Load<ReportText>("data/w04/report.textproto")) {
  RerankResult rr = *EvaluateRerank(Load<RerankCase>("data/w04/rerank.textproto"), "r");
  std::vector<std::string> order;
  for (const RankedEntry& e : rr.treatment().order()) order.push_back(e.candidate_id());
  PackingResult pr = *EvaluatePacking(Load<PackingCase>("data/w04/packing.textproto"), order, "p");
  absl::StatusOr<RenderedReport> r = RenderReport(rr, pr, text);
  EXPECT_TRUE(r.ok()) << r.status();
  return *r;
}

TEST(ReportWriterTest, EveryTokenValueAppearsInTheMarkdown) {
  RenderedReport r = Render();
  ASSERT_GT(r.tokens.size(), 30u);
  for (const auto& [key, value] : r.tokens) {
    EXPECT_NE(r.markdown.find(value), std::string::npos) << key << " = " << value;
  }
}

TEST(ReportWriterTest, SeedValuesAndSections) {
  RenderedReport r = Render();
  for (const char* s :
       {"5.416508275", "9.392789261", "0.576666646", "1.000000000", "+0.423333354", "170/180",
        "175/180", "2/4 = 0.50", "3/4 = 0.75", "| Selected context | C2, C4 | C2, C1 |", "(C2, C4)",
        "R-REDUNDANT-NO-NEW-CLAIM", "Not evaluated", "| Position after reranking? | Rank 4 |",
        "does not evaluate acquisition, answer generation"}) {
    EXPECT_NE(r.markdown.find(s), std::string::npos) << s;
  }
}

TEST(ReportWriterTest, UnknownDiagnosisCandidateOrFactIsAnError) {
  RerankResult rr = *EvaluateRerank(Load<RerankCase>("data/w04/rerank.textproto"), "r");
  PackingResult pr;
  ReportText text = Load<ReportText>("data/w04/report.textproto");
  text.set_diagnosis_candidate("C9");
  EXPECT_FALSE(RenderReport(rr, pr, text).ok());
}

TEST(ReportWriterTest, AuthoredTextFollowsTheDataAndUndefinedIsSaid) {
  ReportText text = Load<ReportText>("data/w04/report.textproto");
  RerankResult rr = *EvaluateRerank(Load<RerankCase>("data/w04/rerank.textproto"), "r");
  std::vector<std::string> order;
  for (const RankedEntry& e : rr.treatment().order()) order.push_back(e.candidate_id());
  PackingCase pc = Load<PackingCase>("data/w04/packing.textproto");
  pc.mutable_baseline()->set_budget(2147483647);
  pc.mutable_treatment()->set_budget(2147483647);
  PackingResult pr = *EvaluatePacking(pc, order, "p");
  rr.set_idcg(0);  // as with all gains 0
  absl::StatusOr<RenderedReport> r = RenderReport(rr, pr, text);
  ASSERT_TRUE(r.ok()) << r.status();
  EXPECT_NE(r->markdown.find("B = 2147483647 authored units"), std::string::npos);
  EXPECT_EQ(r->markdown.find("B = 180 authored units"), std::string::npos);
  EXPECT_NE(r->markdown.find("| nDCG@3 | undefined (IDCG = 0: no judged gain)"), std::string::npos);
  PackingCase none = Load<PackingCase>("data/w04/packing.textproto");
  none.clear_claims();
  for (PackingCondition* c : {none.mutable_baseline(), none.mutable_treatment()}) {
    for (LedgerPassage& p : *c->mutable_passages()) p.clear_claims();
  }
  absl::StatusOr<PackingResult> pr0 = EvaluatePacking(none, order, "p");
  ASSERT_TRUE(pr0.ok()) << pr0.status();
  absl::StatusOr<RenderedReport> r0 = RenderReport(rr, *pr0, text);
  ASSERT_TRUE(r0.ok()) << r0.status();
  EXPECT_NE(r0->markdown.find("undefined (no material claims)"), std::string::npos);
  EXPECT_EQ(r0->markdown.find("0/0 = 0.00"), std::string::npos);
}

}  // namespace
}  // namespace repro::w04
