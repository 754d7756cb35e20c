#include "stages/corpus/stage_io.h"

#include "gmock/gmock.h"
#include "gtest/gtest.h"

namespace repro {
namespace corpus {
namespace {

using ::testing::HasSubstr;

TEST(CheckHistoryStatusTest, PresentIsOk) {
  EXPECT_TRUE(CheckHistoryStatus("present\n", "commit c", "the clone", "fix it").ok());
}

TEST(CheckHistoryStatusTest, MissingNamesTaskFieldAndRemedy) {
  absl::Status s = CheckHistoryStatus(
      "missing\tT05.base_commit,T07.stale_commit\n", "commit 0634e6a5", "the clone",
      "update it");
  EXPECT_EQ(s.code(), absl::StatusCode::kFailedPrecondition);
  EXPECT_EQ(s.message(),
            "task T05, field base_commit; task T07, field stale_commit: commit "
            "0634e6a5 is not in the clone; update it");
}

TEST(CheckHistoryStatusTest, InvalidAndGarbage) {
  EXPECT_THAT(CheckHistoryStatus("invalid\tlsa_training_commit\n", "commit HEAD", "c", "r")
                  .message(),
              HasSubstr("field lsa_training_commit: commit HEAD is not a 40-hex"));
  EXPECT_FALSE(CheckHistoryStatus("whatever\n", "commit c", "c", "r").ok());
}

}  // namespace
}  // namespace corpus
}  // namespace repro
