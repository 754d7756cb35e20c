#include "stages/corpus/stage_io.h"

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "stages/corpus/snapshot.h"
#include "stages/framework/pipeline/file_io.h"
#include "stages/framework/pipeline/sha256.h"
#include "stages/framework/pipeline/status_testing.h"

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

TEST(CheckHistoryStatusTest, ADottedTaskIdKeepsItsDots) {
  absl::Status s = CheckHistoryStatus("missing\tchartjs__Chart.js-11116.base_commit\n",
                                      "commit 0634e6a5", "the clone", "update it");
  EXPECT_EQ(s.message(),
            "task chartjs__Chart.js-11116, field base_commit: commit 0634e6a5 is not in the "
            "clone; update it");
}

TEST(CheckHistoryStatusTest, AReasonReplacesTheGenericRemedy) {
  // An S001 depth past the root: not a wrong commit id, a short history.
  absl::Status s = CheckHistoryStatus(
      "missing\tT01.base~50 (s001_depths)\tthe history is shorter than S001 depth 50: base_commit "
      "b "
      "has 3 first-parent commit(s) before it\n",
      "commit missing_b_d50", "the fixture", "fix the commit id in tasks.textproto");
  EXPECT_EQ(s.code(), absl::StatusCode::kFailedPrecondition);
  EXPECT_EQ(s.message(),
            "task T01, field base~50 (s001_depths): commit missing_b_d50: the history is shorter "
            "than S001 depth 50: base_commit b has 3 first-parent commit(s) before it");
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

TEST(OnlyOutputTest, WritesTheOneDeclaredOutput) {
  Stage one("//x:y", {}, {{"a.json", "a"}});
  ASSERT_TRUE(WriteOnlyOutput(one, "{}").ok());
  EXPECT_EQ(one.written().at("a.json"), "{}");
  Snapshot snapshot;
  snapshot.set_commit("c");
  ASSERT_TRUE(WriteOnlyOutputProto(one, snapshot).ok());
  EXPECT_EQ(one.written().at("a.json"), snapshot.SerializeAsString());
  Stage two("//x:y", {}, {{"a.json", "a"}, {"b.json", "b"}});
  EXPECT_TRUE(IsError(WriteOnlyOutput(two, "{}"), absl::StatusCode::kInvalidArgument,
                      "this stage writes one output; 2 declared"));
  EXPECT_TRUE(two.written().empty());
}

}  // namespace
}  // namespace corpus
}  // namespace repro
