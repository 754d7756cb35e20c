// Synthetic Vicuna-80 files (the real schema, made-up content): two questions,
// the 8 models ranked by a fixed true order, unanimous crowd votes, a GPT-4
// pairwise judge that follows the true order except for one unparsed call,
// and relative-score files whose Guanaco rows swap the answer ids against the
// file name as the real files do.
#include "stages/judge/vicuna_import.h"

#include <map>

#include "absl/strings/str_cat.h"
#include "gtest/gtest.h"
#include "stages/judge/list_metrics.h"
#include "stages/judge/record_util.h"
#include "stages/judge/shortuuid.h"

namespace repro::judge {
namespace {

bool IsGuanaco(const std::string& m) { return m.rfind("guanaco-", 0) == 0; }
std::string Sz(const std::string& m) { return m.substr(8); }
std::string PairStem(const std::string& m) {
  return IsGuanaco(m) ? Sz(m) + "-guanaco-vicuna-generations-topp0.9-temp0.7" : "answer-" + m;
}
std::string RelStem(const std::string& m) {
  return IsGuanaco(m) ? Sz(m) + "-guanaco-vicuna-generations-topp0.9-temp0.7" : m;
}
std::string HumanStem(const std::string& m) {
  return "answer_" + (m == "guanaco-30b" ? std::string("guanaco-33b") : m);
}

// True quality: higher is better.
int Quality(const std::string& m) {
  static const std::map<std::string, int> q = {
      {"gpt4", 8}, {"gpt35", 7}, {"guanaco-65b", 6}, {"guanaco-30b", 5},
      {"bard", 4}, {"vicuna-13b", 3}, {"guanaco-13b", 2}, {"guanaco-7b", 1}};
  return q.at(m);
}

std::string AnswerId(int q, const std::string& m) {
  return IsGuanaco(m) ? ShortUuid(absl::StrCat("gen ", m, " ", q)) : absl::StrCat("id-", m, "-", q);
}

std::map<std::string, std::string> Files() {
  std::map<std::string, std::string> f;
  f["vicuna_questions.jsonl"] =
      "{\"question_id\": 1, \"text\": \"q1\", \"category\": \"generic\"}\n"
      "{\"question_id\": 2, \"text\": \"q2\", \"category\": \"coding\"}\n";
  f["reviewer.jsonl"] =
      "{\"reviewer_id\": \"r\", \"prompt_id\": 1, \"metadata\": {\"temperature\": 0.2}}\n";
  f["vicuna_prompt_threeclass.jsonl"] = "{\"prompt_id\": 1, \"system_prompt\": \"s\"}\n";
  f["vicuna_prompt_relative.jsonl"] = "{\"prompt_id\": 1, \"system_prompt\": \"r\"}\n";
  const std::vector<std::string>& models = VicunaModels();
  for (const std::string& m : models) {
    std::string g;
    for (int q : {1, 2}) {
      if (IsGuanaco(m)) {
        absl::StrAppend(&g, "{\"question_id\": ", q, ", \"generation_truncated\": \"gen ", m, " ", q,
                        "A chat between a curious human and an artificial intelligence\"}\n");
      } else {
        absl::StrAppend(&g, "{\"question_id\": ", q, ", \"answer_id\": \"", AnswerId(q, m),
                        "\", \"text\": \"text ", m, "\"}\n");
      }
    }
    f[IsGuanaco(m) ? Sz(m) + "-guanaco-vicuna-generations-topp0.9-temp0.7.jsonl"
                   : "answer_" + m + ".jsonl"] = g;
  }
  for (const std::string& a : models) {
    for (const std::string& b : models) {
      if (a == b) continue;
      std::string human, pair;
      for (int q : {1, 2}) {
        const int verdict = Quality(a) > Quality(b) ? 1 : 2;
        if (a < b) {
          for (int v = 0; v < 3; ++v) {
            absl::StrAppend(&human, "{\"question_id\": ", q, ", \"text\": \"q\", \"score\": ", verdict, "}\n");
          }
        }
        const bool unparsed = q == 2 && a == "bard" && b == "gpt4";
        absl::StrAppend(&pair, "{\"review_id\": \"r\", \"question_id\": ", q, ", \"answer1_id\": \"",
                        AnswerId(q, a), "\", \"answer2_id\": \"", AnswerId(q, b),
                        "\", \"reviewer_id\": 1, \"metadata\": {}, \"text\": \"why\\n",
                        unparsed ? "?" : absl::StrCat(verdict), "\", \"score\": ",
                        unparsed ? -1 : verdict, "}\n");
      }
      f[HumanStem(a) + "-vs-" + HumanStem(b) + "-human-reviewer_threeclass.jsonl"] = human;
      f[PairStem(a) + "-vs-" + PairStem(b) + "-gpt-4-reviewer-threeclass.jsonl"] = pair;
    }
  }
  for (const std::string& m : models) {
    if (m == "gpt35") continue;
    for (bool model_named_first : {true, false}) {
      // Real Guanaco files present the other order than their name says.
      const bool model_shown_first = IsGuanaco(m) ? !model_named_first : model_named_first;
      std::string rel;
      for (int q : {1, 2}) {
        const std::string first = model_shown_first ? m : "gpt35";
        const std::string second = model_shown_first ? "gpt35" : m;
        absl::StrAppend(&rel, "{\"review_id\": \"r\", \"question_id\": ", q, ", \"answer1_id\": \"",
                        AnswerId(q, first), "\", \"answer2_id\": \"", AnswerId(q, second),
                        "\", \"reviewer_id\": 1, \"metadata\": {}, \"text\": \"s\", \"score\": [",
                        Quality(first), ", ", Quality(second), "]}\n");
      }
      f[model_named_first ? RelStem(m) + "-vs-gpt-3.5-gpt4-reviewer.jsonl"
                          : "gpt-3.5-vs-" + RelStem(m) + "-gpt4-reviewer.jsonl"] = rel;
    }
  }
  return f;
}

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
  for (const std::string& bad : {"4294967299", "1e300", "-1e300"}) {
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
  f["vicuna_questions.jsonl"] += "{\"question_id\": 2, \"text\": \"again\", \"category\": \"coding\"}\n";
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
  for (const IssueCount& i : d->issue_counts()) malformed |= i.kind() == "malformed_json_line" && i.count() > 0;
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
