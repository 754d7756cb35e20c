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
  absl::Status s = CheckHistoryStatus("missing\tT05.base_commit,T07.stale_commit\n",
                                      "commit 0634e6a5", "the clone", "update it");
  EXPECT_EQ(s.code(), absl::StatusCode::kFailedPrecondition);
  EXPECT_EQ(s.message(),
            "task T05, field base_commit; task T07, field stale_commit: commit "
            "0634e6a5 is not in the clone; update it");
}

TEST(CheckHistoryStatusTest, UnknownStatusIsMalformed) {
  // "invalid" was written for non-hex ids before the repository rule rejected them.
  for (const char* bad : {"invalid\tlsa_training_commit\n", "whatever\n"}) {
    absl::Status s = CheckHistoryStatus(bad, "commit c", "c", "r");
    EXPECT_EQ(s.code(), absl::StatusCode::kInvalidArgument) << bad;
    EXPECT_THAT(s.message(),
                HasSubstr("status of commit c: expected \"present\" or \"missing<TAB><uses>\""));
  }
}

}  // namespace
}  // namespace corpus
}  // namespace repro
