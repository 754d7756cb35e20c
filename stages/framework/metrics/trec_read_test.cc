#include "stages/framework/metrics/trec_read.h"

#include "gtest/gtest.h"
#include "stages/framework/metrics/trec_export.h"
#include "stages/framework/pipeline/status_testing.h"

namespace repro::metrics {
namespace {

using absl::StatusCode;

TEST(TrecReadTest, RunRoundTripsTheExport) {
  std::string text = *TrecRun("T1", {"doc/My File.md", "50%.go"}, "base");
  text += *TrecRun("T2", {"x.go"}, "base");
  absl::StatusOr<std::vector<TrecTopicRun>> run = ParseTrecRun(text, "a.run");
  ASSERT_TRUE(run.ok()) << run.status();
  ASSERT_EQ(run->size(), 2u);
  EXPECT_EQ((*run)[0].qid, "T1");
  ASSERT_EQ((*run)[0].docs.size(), 2u);
  EXPECT_EQ((*run)[0].docs[0].id, "doc/My File.md");
  EXPECT_EQ((*run)[0].docs[0].score, 2);
  EXPECT_EQ((*run)[0].docs[1].id, "50%.go");
  EXPECT_EQ((*run)[1].docs[0].id, "x.go");
}

TEST(TrecReadTest, QrelsRoundTripTheExport) {
  absl::StatusOr<std::vector<TrecTopicQrels>> q =
      ParseTrecQrels(*TrecQrels("T1", {{"a b.go", 2}, {"c.go", 0}}), "q.qrels");
  ASSERT_TRUE(q.ok()) << q.status();
  ASSERT_EQ(q->size(), 1u);
  EXPECT_EQ((*q)[0].judgments,
            (std::vector<std::pair<std::string, int>>{{"a b.go", 2}, {"c.go", 0}}));
}

TEST(TrecReadTest, BadLinesNameFileLineAndField) {
  EXPECT_TRUE(IsError(ParseTrecRun("T1 Q0 a 1 2\n", "a.run"), StatusCode::kInvalidArgument,
                      "a.run:1: expected 6 fields"));
  EXPECT_TRUE(IsError(ParseTrecRun("\nT1 Q0 a x 2 t\n", "a.run"), StatusCode::kInvalidArgument,
                      "a.run:2: field rank"));
  EXPECT_TRUE(IsError(ParseTrecRun("T1 Q0 a 1 nan t\n", "a.run"), StatusCode::kInvalidArgument,
                      "field score: expected a finite number"));
  EXPECT_TRUE(IsError(ParseTrecRun("T1 Q0 a 1 2 t\nT1 Q0 a 2 1 t\n", "a.run"),
                      StatusCode::kInvalidArgument, "a.run:2: field docno: 'a' ranked twice"));
  EXPECT_TRUE(IsError(ParseTrecRun("T1 Q0 a%2 1 2 t\n", "a.run"), StatusCode::kInvalidArgument,
                      "field docno"));
  EXPECT_TRUE(IsError(ParseTrecQrels("T1 0 a -1\n", "q"), StatusCode::kInvalidArgument,
                      "q:1: field grade: expected an integer >= 0, found '-1'"));
  EXPECT_TRUE(IsError(ParseTrecQrels("T1 0 a 1\nT1 0 a 0\n", "q"), StatusCode::kInvalidArgument,
                      "q:2: field docno: 'a' judged twice for topic T1"));
}

}  // namespace
}  // namespace repro::metrics
