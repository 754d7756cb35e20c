#include "stages/framework/metrics/qrels.h"

#include "gtest/gtest.h"
#include "stages/framework/pipeline/status_testing.h"

namespace repro::metrics {
namespace {

TEST(QrelsTest, GradesAndRelevance) {
  Qrels q = *Qrels::Create({{"a", 2}, {"b", 0}, {"c", 1}});
  EXPECT_EQ(q.Grade("a"), 2);
  EXPECT_EQ(q.Grade("unjudged"), 0);
  EXPECT_TRUE(q.IsRelevant("c"));
  EXPECT_FALSE(q.IsRelevant("b"));
  EXPECT_EQ(q.NumRelevant(), 2);
  EXPECT_EQ(q.GradesDescending(), (std::vector<int>{2, 1, 0}));
}

TEST(QrelsTest, ValidateRunNamesDuplicate) {
  absl::Status s = ValidateRun({"x", "y", "x"});
  EXPECT_TRUE(IsError(s, absl::StatusCode::kInvalidArgument, "run: duplicate id 'x'"));
  EXPECT_EQ(s.message(), "run: duplicate id 'x' at ranks 1 and 3");
  EXPECT_TRUE(IsError(ValidateRun({"a", ""}), absl::StatusCode::kInvalidArgument,
                      "run: empty id at rank 2"));
  EXPECT_TRUE(ValidateRun({}).ok());
}

}  // namespace
}  // namespace repro::metrics
