// ImportVicuna on the synthetic Vicuna-80 files (synthetic_files.h) and
// mutations of them.
#include "stages/studies/judge/vicuna_import.h"

#include <map>

#include "absl/strings/str_cat.h"
#include "gtest/gtest.h"
#include "stages/studies/judge/list_metrics.h"
#include "stages/studies/judge/record_util.h"
#include "stages/studies/judge/synthetic_files.h"

namespace repro::judge {
namespace {

std::map<std::string, std::string> Files() { return SyntheticVicunaFiles(); }
std::string AnswerId(int q, const std::string& m) { return SyntheticVicunaAnswerId(q, m); }

TEST(ImportVicuna, SyntheticFilesRoundTrip) {
  absl::StatusOr<JudgeDataset> d = ImportVicuna(Files(), {});
  ASSERT_TRUE(d.ok()) << d.status();
  ASSERT_EQ(d->records_size(), 4);
  std::map<std::string, long> c;
  for (const IssueCount& i : d->issue_counts()) c[i.kind()] = i.count();
  EXPECT_EQ(c["file_orientation_mismatch"], 4 * 2 * 2);  // Guanaco relative rows
  EXPECT_EQ(c["unparsable_judge_output"], 1);
  EXPECT_EQ(c["unknown_candidate_id"], 0);
  for (const JudgeRecord& r : d->records()) {
    const WeakOrder g = FromProto(r.ground_order().groups());
    const WeakOrder p = FromProto(r.predicted().groups());
    EXPECT_EQ(g.front().ids, std::vector<std::string>{"gpt4"}) << r.record_id();
    // The relative scores are attributed by answer id: the order is exact.
    if (r.judge().judge_id() == "gpt-4/relative-to-gpt-3.5") {
      EXPECT_EQ(r.candidates_size(), 7);
      EXPECT_DOUBLE_EQ(ListwisePairwiseAccuracy(g, p)->value(), 1.0) << r.record_id();
    } else {
      EXPECT_EQ(r.pairwise_calls_size(), 56);
      EXPECT_DOUBLE_EQ(*Top1(g, p), 1.0);
    }
  }
  EXPECT_EQ(d->records(0).judge().temperature(), "0.2");
  EXPECT_EQ(d->records(0).candidates(4).upstream_id(), AnswerId(1, "guanaco-30b"));
}

TEST(ImportVicuna, WrongAnswerIdIsRecorded) {
  std::map<std::string, std::string> f = Files();
  std::string& rows = f["answer-gpt4-vs-answer-bard-gpt-4-reviewer-threeclass.jsonl"];
  rows.replace(rows.find("id-gpt4-1"), 9, "id-XXXX-1");
  absl::StatusOr<JudgeDataset> d = ImportVicuna(f, {});
  ASSERT_TRUE(d.ok());
  long unknown = 0, missing = 0;
  for (const IssueCount& i : d->issue_counts()) {
    if (i.kind() == "unknown_candidate_id") unknown = i.count();
    if (i.kind() == "missing_judge_output") missing = i.count();
  }
  EXPECT_EQ(unknown, 1);
  EXPECT_EQ(missing, 1);  // question 1 then has 55 of 56 calls
}

TEST(ImportVicuna, OutOfRangeDuplicateAndAmbiguousQuestionIdsStop) {
  // 4294967299 wrapped into question 3's slot; 1e300 was undefined behaviour.
  for (const std::string bad : {"4294967299", "1e300", "-1e300"}) {
    std::map<std::string, std::string> f = Files();
    f["vicuna_questions.jsonl"] +=
        "{\"question_id\": " + bad + ", \"text\": \"q3\", \"category\": \"generic\"}\n";
    absl::StatusOr<JudgeDataset> d = ImportVicuna(f, {});
    ASSERT_TRUE(d.ok()) << d.status();
    bool recorded = false;
    for (const IssueCount& i : d->issue_counts()) recorded |= i.kind() == "invalid_field";
    EXPECT_TRUE(recorded) << bad;
    EXPECT_EQ(d->records_size(), 4) << bad;  // no phantom task
  }
  std::map<std::string, std::string> f = Files();
  f["vicuna_questions.jsonl"] +=
      "{\"question_id\": 2, \"text\": \"again\", \"category\": \"coding\"}\n";
  absl::StatusOr<JudgeDataset> d = ImportVicuna(f, {});
  ASSERT_FALSE(d.ok());
  EXPECT_NE(d.status().message().find(":3: field question_id: duplicate 2 (first at line 2)"),
            std::string::npos)
      << d.status();
  f = Files();
  f["vicuna_questions.jsonl"] +=
      "{\"question_id\": 3, \"question_id\": 1, \"text\": \"q\", \"category\": \"generic\"}\n";
  d = ImportVicuna(f, {});
  ASSERT_TRUE(d.ok()) << d.status();
  bool malformed = false;
  for (const IssueCount& i : d->issue_counts())
    malformed |= i.kind() == "malformed_json_line" && i.count() > 0;
  EXPECT_TRUE(malformed);
}

TEST(ImportVicuna, MissingFileNamesIt) {
  std::map<std::string, std::string> f = Files();
  f.erase("answer_bard-vs-answer_gpt4-human-reviewer_threeclass.jsonl");
  absl::StatusOr<JudgeDataset> d = ImportVicuna(f, {});
  ASSERT_FALSE(d.ok());
  EXPECT_NE(d.status().message().find("answer_bard-vs-answer_gpt4-human-reviewer_threeclass.jsonl"),
            std::string::npos);
}

}  // namespace
}  // namespace repro::judge
