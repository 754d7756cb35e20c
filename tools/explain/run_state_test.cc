#include "tools/explain/run_state.h"

#include <cstdlib>
#include <string>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "stages/framework/pipeline/file_io.h"
#include "stages/framework/pipeline/status_testing.h"
#include "stages/framework/pipeline/textproto.h"

namespace repro::explain {
namespace {

using ::testing::ElementsAre;

schemas::Lineage TwoStages() {
  schemas::Lineage lineage;
  absl::Status parsed = FromJson(R"json({"report": "//reports:r", "stages": [
    {"stage": "snap", "stage_version": "1", "label": "//s:snap", "args": ["--commit=c1"],
     "tool": {"path": "tools/snap", "sha256": "aaaaaaaaaaaaaaaaaaaaaaaa"},
     "inputs": [{"role": "tree", "path": "external/r_history/commits/c1/tree.z", "sha256": "1111111111111111111"},
                {"role": "blobs", "path": "external/r_history/commits/c1/blobs.batch", "sha256": "2222222222222222222"},
                {"role": "rules", "path": "stages/corpus/languages/go/rules.textproto", "sha256": "3333333333333333333"}],
     "outputs": [{"path": "out/snap.pb", "sha256": "4444444444444444444"}]},
    {"stage": "agg", "stage_version": "2", "label": "//s:agg",
     "tool": {"path": "tools/agg", "sha256": "bbbbbbbbbbbbbbbbbbbbbbbb"},
     "inputs": [{"role": "snapshot", "path": "out/snap.pb", "sha256": "4444444444444444444"}],
     "outputs": [{"path": "out/r.tokens.txt", "sha256": "5555555555555555555"}]}]})json",
                                 "lineage.json", &lineage);
  EXPECT_TRUE(parsed.ok()) << parsed;
  return lineage;
}

TEST(StateFromLineageTest, SourcesEdgesAndHistoryGroups) {
  absl::StatusOr<RunState> s_or = StateFromLineage(TwoStages());
  ASSERT_TRUE(s_or.ok()) << s_or.status();
  RunState& s = *s_or;
  ASSERT_EQ(s.stages.size(), 2u);
  const StageRecord& agg = s.stages[0];
  EXPECT_EQ(agg.label, "//s:agg");
  EXPECT_THAT(agg.upstream, ElementsAre("//s:snap"));
  EXPECT_TRUE(agg.sources.empty());
  EXPECT_TRUE(agg.writes_tokens);
  const StageRecord& snap = s.stages[1];
  ASSERT_EQ(snap.sources.size(), 2u);  // the two history files are one input
  EXPECT_EQ(snap.sources[0].role, "history");
  EXPECT_EQ(snap.sources[0].path, "external/r_history/commits/c1");
  EXPECT_EQ(snap.sources[1].path, "stages/corpus/languages/go/rules.textproto");
  EXPECT_EQ(snap.sources[1].sha256, "3333333333333333");
  EXPECT_EQ(snap.tool_sha256.size(), static_cast<size_t>(kDigestHexDigits));
}

TEST(StateFileTest, RoundTripsByteForByte) {
  absl::StatusOr<RunState> s_or = StateFromLineage(TwoStages());
  ASSERT_TRUE(s_or.ok()) << s_or.status();
  RunState& s = *s_or;
  s.tokens = {{"H000.S001.mrr", "0.5000 [0.0000, 1.0000]"}};
  s.units = {{"T1/H000/0", "T1", "H000", "S002", 5, {{"mrr", "0.5000"}, {"delta_mrr", "-0.5000"}}}};
  s.bootstrap_resamples = 10000;
  s.bootstrap_seed = 20260704;
  const std::string text = StateFileText(s);
  const std::string path = std::string(std::getenv("TEST_TMPDIR")) + "/r.explain.jsonl";
  ASSERT_TRUE(WriteFileAtomically(path, text).ok());
  absl::StatusOr<RunState> back_or = LoadStateFile(path);
  ASSERT_TRUE(back_or.ok()) << back_or.status();
  RunState& back = *back_or;
  EXPECT_EQ(StateFileText(back), text);
  EXPECT_THAT(back.stages[0].upstream, ElementsAre("//s:snap"));
}

TEST(StateFileTest, ErrorsNameTheFileAndLine) {
  const std::string dir = std::string(std::getenv("TEST_TMPDIR"));
  ASSERT_TRUE(WriteFileAtomically(dir + "/bad.explain.jsonl", "{\"format\": \"other/9\"}\n").ok());
  EXPECT_TRUE(IsError(LoadStateFile(dir + "/bad.explain.jsonl"), absl::StatusCode::kInvalidArgument,
                      "bad.explain.jsonl: line 1: format 'other/9'"));
  EXPECT_TRUE(IsError(LoadStateFile(dir + "/x.json"), absl::StatusCode::kInvalidArgument,
                      "a frozen state file's name ends in .explain.jsonl"));
}

}  // namespace
}  // namespace repro::explain
