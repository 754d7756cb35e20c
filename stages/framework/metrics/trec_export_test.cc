#include "stages/framework/metrics/trec_export.h"

#include "gtest/gtest.h"
#include "stages/framework/pipeline/status_testing.h"

namespace repro::metrics {
namespace {

TEST(TrecExportTest, RunHasStrictlyDecreasingScores) {
  EXPECT_EQ(*TrecRun("W04", {"C2", "C4", "C1"}, "reranked"),
            "W04 Q0 C2 1 3 reranked\nW04 Q0 C4 2 2 reranked\nW04 Q0 C1 3 1 reranked\n");
}

TEST(TrecExportTest, QrelsAndExponentialGrades) {
  std::vector<std::pair<std::string, int>> j = {{"C1", 1}, {"C2", 3}, {"C3", 0}};
  EXPECT_EQ(*TrecQrels("W04", ExponentialGrades(j)), "W04 0 C1 1\nW04 0 C2 7\nW04 0 C3 0\n");
}

// A path with white space (Feature Flag Cleanup.md in GitLab Runner's
// history) once stopped the export after every cell ran: it is encoded.
TEST(TrecExportTest, DocnosWithWhiteSpaceArePercentEncoded) {
  EXPECT_EQ(TrecDocno("plain/path_1.go"), "plain/path_1.go");
  EXPECT_EQ(TrecDocno("a b/c\td\ne%f\r\v\f.go::g"), "a%20b/c%09d%0Ae%25f%0D%0B%0C.go::g");
  EXPECT_EQ(*TrecRun("q", {"doc/My File.md", "x.go"}, "t"),
            "q Q0 doc/My%20File.md 1 2 t\nq Q0 x.go 2 1 t\n");
  EXPECT_EQ(*TrecQrels("q", {{"doc/My File.md", 1}, {"50%.go", 0}}),
            "q 0 doc/My%20File.md 1\nq 0 50%25.go 0\n");
  EXPECT_TRUE(
      IsError(TrecRun("q", {""}, "t"), absl::StatusCode::kInvalidArgument, "empty id at rank 1"));
}

TEST(TrecExportTest, RejectsDuplicatesAndWhitespace) {
  EXPECT_TRUE(IsError(TrecRun("q", {"a", "a"}, "t"), absl::StatusCode::kInvalidArgument,
                      "duplicate id 'a' at ranks 1 and 2"));
  EXPECT_TRUE(IsError(TrecRun("q 1", {"a"}, "t"), absl::StatusCode::kInvalidArgument,
                      "TREC qid 'q 1' contains white space"));
  EXPECT_TRUE(IsError(TrecQrels("q", {{"a", 1}, {"a", 1}}), absl::StatusCode::kInvalidArgument,
                      "document 'a' is judged twice"));
}

}  // namespace
}  // namespace repro::metrics
