#include "stages/inspect/explain/run_state.h"

#include <cstdlib>
#include <filesystem>
#include <string>
#include <vector>

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_replace.h"
#include "absl/strings/str_split.h"
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

TEST(StateFromLineageTest, AProgramsPackageIsOneSourceWhateverTheProgramsRole) {
  schemas::Lineage lineage;
  ASSERT_TRUE(FromJson(R"json({"report": "//reports:r", "stages": [
    {"stage": "cell", "stage_version": "1", "label": "//s:cell",
     "tool": {"path": "tools/cell", "sha256": "aaaaaaaaaaaaaaaaaaaaaaaa"},
     "inputs": [
       {"role": "program_runfiles/../engines_wheel_numpy/numpy/a.py", "path": "external/engines_wheel_numpy/numpy/a.py", "sha256": "1111111111111111111"},
       {"role": "program_runfiles/../engines_wheel_numpy/numpy/b.py", "path": "external/engines_wheel_numpy/numpy/b.py", "sha256": "2222222222222222222"},
       {"role": "cost_program_runfiles/../tokenizer_wheel_tokenizers/tokenizers/c.py", "path": "external/tokenizer_wheel_tokenizers/tokenizers/c.py", "sha256": "3333333333333333333"},
       {"role": "cost_program_runfiles/retrieval_repro/stages/t.py", "path": "stages/t.py", "sha256": "4444444444444444444"}],
     "outputs": [{"path": "out/r.tokens.txt", "sha256": "5555555555555555555"}]}]})json",
                       "lineage.json", &lineage)
                  .ok());
  absl::StatusOr<RunState> s = StateFromLineage(lineage);
  ASSERT_TRUE(s.ok()) << s.status();
  std::vector<std::string> sources;
  for (const StageInput& i : s->stages[0].sources) sources.push_back(i.role + " " + i.path);
  EXPECT_THAT(sources, ElementsAre("cost_program_package tokenizer_wheel_tokenizers",
                                   "cost_program_runfiles/retrieval_repro/stages/t.py stages/t.py",
                                   "program_package engines_wheel_numpy"));
}

TEST(StateFileTest, RoundTripsByteForByte) {
  absl::StatusOr<RunState> s_or = StateFromLineage(TwoStages());
  ASSERT_TRUE(s_or.ok()) << s_or.status();
  RunState& s = *s_or;
  s.tokens = {{"H000.S001.mrr", "0.5000 [0.0000, 1.0000]"}};
  s.units = {{"T1/H000/0",
              "T1",
              "H000",
              "S002",
              5,
              {{"mrr", "0.5000"}, {"delta_mrr", "-0.5000"}, {"file_acc_at_5", "1.0000"}}}};
  s.unit_metrics = HeadlineMetrics();
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

// The state of TwoStages with one token and one unit, and its state file.
RunState SmallState() {
  absl::StatusOr<RunState> s = StateFromLineage(TwoStages());
  EXPECT_TRUE(s.ok()) << s.status();
  s->tokens = {{"H000.S001.mrr", "0.5000 [0.0000, 1.0000]"}};
  s->units = {{"T1/H000/0", "T1", "H000", "S002", 5, {{"mrr", "0.5000"}}}};
  s->unit_metrics = HeadlineMetrics();
  s->bootstrap_resamples = 10000;
  s->bootstrap_seed = 20260704;
  return *s;
}

std::string TmpFile(const std::string& name, const std::string& text) {
  const std::string path = std::string(std::getenv("TEST_TMPDIR")) + "/" + name;
  EXPECT_TRUE(WriteFileAtomically(path, text).ok());
  return path;
}

// `text` without its lines [from, from + count).
std::string DropLines(const std::string& text, size_t from, size_t count) {
  std::vector<std::string> lines = absl::StrSplit(text, '\n', absl::SkipEmpty());
  lines.erase(lines.begin() + from, lines.begin() + from + count);
  return absl::StrJoin(lines, "\n") + "\n";
}

TEST(StateFileTest, EndsWithTheCountsOfItsLines) {
  const std::string text = StateFileText(SmallState());
  EXPECT_TRUE(absl::EndsWith(text, "\n{\"end\":{\"stages\":2,\"tokens\":1,\"units\":1}}\n"))
      << text;
}

TEST(StateFileTest, KeepsTheFieldDigestsOfAuthoredTaskFiles) {
  RunState s = SmallState();
  s.authored = {
      {"data/t.jsonl", "0123456789abcdef", {{"task G10", {{"query", "aa"}, {"id", "bb"}}}}}};
  const std::string text = StateFileText(s);
  EXPECT_TRUE(absl::EndsWith(
      text,
      "\n{\"authored\":{\"fields\":[[\"task G10\",\"id\",\"bb\"],[\"task G10\",\"query\",\"aa\"]],"
      "\"path\":\"data/t.jsonl\",\"sha256\":\"0123456789abcdef\"}}\n"
      "{\"end\":{\"authored\":1,\"stages\":2,\"tokens\":1,\"units\":1}}\n"))
      << text;
  absl::StatusOr<RunState> back = LoadStateFile(TmpFile("a.explain.jsonl", text));
  ASSERT_TRUE(back.ok()) << back.status();
  EXPECT_EQ(StateFileText(*back), text);
  const AuthoredFields* kept = FindAuthored(*back, "data/t.jsonl", "0123456789abcdef");
  ASSERT_NE(kept, nullptr);
  EXPECT_EQ(kept->fields.at("task G10").at("query"), "aa");
  EXPECT_EQ(FindAuthored(*back, "data/t.jsonl", "ffffffffffffffff"), nullptr);
  EXPECT_TRUE(IsError(LoadStateFile(TmpFile("cut3.explain.jsonl", DropLines(text, 5, 1))),
                      absl::StatusCode::kInvalidArgument,
                      "cut3.explain.jsonl: line 6: end.authored: the end line counts 1, the state "
                      "holds 0 (cut short or edited)"));
}

TEST(StateFileTest, AStateFromBeforeFileAccuracyRecordsTheFirstSixMetrics) {
  RunState s = SmallState();
  s.unit_metrics.resize(6);
  std::string text = StateFileText(s);
  const std::string named =
      ",\"unit_metrics\":[\"mrr\",\"recall_at_10\",\"ndcg_at_10\",\"delta_mrr\","
      "\"delta_recall_at_10\",\"delta_ndcg_at_10\"]";
  ASSERT_NE(text.find(named), std::string::npos) << text;
  text.erase(text.find(named), named.size());  // as written before the header named them
  absl::StatusOr<RunState> legacy = LoadStateFile(TmpFile("legacy.explain.jsonl", text));
  ASSERT_TRUE(legacy.ok()) << legacy.status();
  EXPECT_THAT(legacy->unit_metrics, ElementsAre("mrr", "recall_at_10", "ndcg_at_10", "delta_mrr",
                                                "delta_recall_at_10", "delta_ndcg_at_10"));
  EXPECT_EQ(legacy->units[0].values.at("mrr"), "0.5000");
  // Its unit lines hold six values; eight are refused.
  const std::string eight =
      absl::StrReplaceAll(text, {{"[\"0.5000\",null,null,null,null,null]",
                                  "[\"0.5000\",null,null,null,null,null,null,null]"}});
  ASSERT_NE(eight, text);
  EXPECT_TRUE(IsError(LoadStateFile(TmpFile("eight.explain.jsonl", eight)),
                      absl::StatusCode::kInvalidArgument,
                      "eight.explain.jsonl: line 5: 8 values, the header's unit_metrics name 6"));
}

TEST(StateFileTest, RefusesAUnitMetricThatIsNotAHeadlineOne) {
  const std::string text = absl::StrReplaceAll(StateFileText(SmallState()),
                                               {{"\"file_acc_at_1\"", "\"file_acc_at_2\""}});
  EXPECT_TRUE(IsError(LoadStateFile(TmpFile("m.explain.jsonl", text)),
                      absl::StatusCode::kInvalidArgument,
                      "m.explain.jsonl: line 1: unit_metrics: 'file_acc_at_2' is not a headline "
                      "metric"));
}

TEST(StateFileTest, ACutOrShortenedStateIsRefused) {
  const std::string text = StateFileText(SmallState());  // header, 2 stages, token, unit, end
  EXPECT_TRUE(IsError(LoadStateFile(TmpFile("cut1.explain.jsonl", DropLines(text, 5, 1))),
                      absl::StatusCode::kInvalidArgument,
                      "cut1.explain.jsonl: line 5: the state ends without its end line"));
  EXPECT_TRUE(IsError(LoadStateFile(TmpFile("cut2.explain.jsonl", DropLines(text, 4, 2))),
                      absl::StatusCode::kInvalidArgument,
                      "cut2.explain.jsonl: line 4: the state ends without its end line"));
  EXPECT_TRUE(IsError(LoadStateFile(TmpFile("gap.explain.jsonl", DropLines(text, 3, 1))),
                      absl::StatusCode::kInvalidArgument,
                      "gap.explain.jsonl: line 5: end.tokens: the end line counts 1, the state "
                      "holds 0 (cut short or edited)"));
  EXPECT_TRUE(
      IsError(LoadStateFile(TmpFile("after.explain.jsonl", text + "{\"token\":[\"k\",\"v\"]}\n")),
              absl::StatusCode::kInvalidArgument,
              "after.explain.jsonl: line 7: a line after the end line"));
}

TEST(StateFileTest, BootstrapResamplesAreBoundedAsTheExperimentsField) {
  for (int resamples : {2000000000, 1000001, -7}) {
    RunState s = SmallState();
    s.bootstrap_resamples = resamples;
    EXPECT_TRUE(IsError(LoadStateFile(TmpFile("big.explain.jsonl", StateFileText(s))),
                        absl::StatusCode::kInvalidArgument,
                        absl::StrCat("big.explain.jsonl: line 1: bootstrap_resamples: expected 0 "
                                     "(none) or 1..1000000, found ",
                                     resamples)));
  }
  std::string text = StateFileText(SmallState());
  text.replace(text.find("10000"), 5, "2e9");
  EXPECT_TRUE(IsError(LoadStateFile(TmpFile("float.explain.jsonl", text)),
                      absl::StatusCode::kInvalidArgument,
                      "float.explain.jsonl: line 1: bootstrap_resamples: expected an integer"));
  for (int resamples : {0, 1, 1000000}) {
    RunState s = SmallState();
    s.bootstrap_resamples = resamples;
    EXPECT_TRUE(LoadStateFile(TmpFile("ok.explain.jsonl", StateFileText(s))).ok()) << resamples;
  }
}

// A report directory under TEST_TMPDIR: a lineage of one stage and a token
// file, nothing else.
std::string OneStageReportDir(const std::string& name) {
  const std::string dir = std::string(std::getenv("TEST_TMPDIR")) + "/" + name;
  std::filesystem::create_directories(dir);
  EXPECT_TRUE(
      WriteFileAtomically(dir + "/lineage.json", R"json({"report": "//reports:r", "stages": [
    {"stage": "agg", "stage_version": "1", "label": "//s:agg",
     "tool": {"path": "tools/agg", "sha256": "bbbbbbbbbbbbbbbbbbbbbbbb"},
     "outputs": [{"path": "out/r.tokens.txt", "sha256": "5555555555555555555"}]}]})json")
          .ok());
  EXPECT_TRUE(WriteFileAtomically(dir + "/r.tokens.txt", "k\tv\n").ok());
  return dir;
}

TEST(LoadReportDirTest, BootstrapResamplesOfReportJsonAreBounded) {
  const std::string dir = OneStageReportDir("report");
  ASSERT_TRUE(WriteFileAtomically(dir + "/report.json",
                                  R"({"bootstrap_resamples": 2000000000, "bootstrap_seed": "7"})")
                  .ok());
  EXPECT_TRUE(IsError(LoadReportDir(dir), absl::StatusCode::kInvalidArgument,
                      "report.json: bootstrap_resamples: expected 0 (none) or 1..1000000, found "
                      "2000000000"));
  ASSERT_TRUE(WriteFileAtomically(dir + "/report.json",
                                  R"({"bootstrap_resamples": 500, "bootstrap_seed": "7"})")
                  .ok());
  absl::StatusOr<RunState> s = LoadReportDir(dir);
  ASSERT_TRUE(s.ok()) << s.status();
  EXPECT_EQ(s->bootstrap_resamples, 500);
}

TEST(LoadReportDirTest, RecordsTheHeadlineMetricsCellsCsvHasAColumnFor) {
  const std::string dir = OneStageReportDir("cells");
  const std::string key = "unit_id,task_id,harness,parameter,label";
  ASSERT_TRUE(WriteFileAtomically(dir + "/cells.csv", key + ",mrr,file_acc_at_5\n" +
                                                          "T1/H000/baseline,T1,H000,0,baseline,"
                                                          "0.5000,1.0000\n")
                  .ok());
  absl::StatusOr<RunState> s = LoadReportDir(dir);
  ASSERT_TRUE(s.ok()) << s.status();
  EXPECT_THAT(s->unit_metrics, ElementsAre("mrr", "file_acc_at_5"));
  EXPECT_EQ(s->units[0].values.at("file_acc_at_5"), "1.0000");
}

TEST(CheckSameReportTest, RefusesRunsOfTwoReportsNamingBoth) {
  RunState a = SmallState();
  RunState b = SmallState();
  EXPECT_TRUE(CheckSameReport(a, "old", b, "new").ok());
  a.report = "//reports:polyglot_fixture";
  b.report = "//reports:e04_fixture";
  EXPECT_TRUE(IsError(CheckSameReport(a, "p.explain.jsonl", b, "bazel-bin/reports/e04_fixture"),
                      absl::StatusCode::kInvalidArgument,
                      "p.explain.jsonl is a run of report '//reports:polyglot_fixture', "
                      "bazel-bin/reports/e04_fixture of report '//reports:e04_fixture': explain "
                      "compares two runs of one report"));
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
