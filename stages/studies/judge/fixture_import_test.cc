#include "stages/studies/judge/fixture_import.h"

#include <map>

#include "gtest/gtest.h"
#include "stages/framework/pipeline/file_io.h"
#include "stages/studies/judge/record_util.h"

namespace repro::judge {
namespace {

std::map<std::string, long> Counts(const JudgeDataset& d) {
  std::map<std::string, long> m;
  for (const IssueCount& c : d.issue_counts()) m[c.kind()] = c.count();
  return m;
}

const JudgeRecord* Find(const JudgeDataset& d, const std::string& id) {
  for (const JudgeRecord& r : d.records()) {
    if (r.record_id() == id) return &r;
  }
  return nullptr;
}

TEST(ImportJudgeLog, AuthoredFixture) {
  absl::StatusOr<std::string> text = ReadFile("data/judge/fixture.jsonl");
  ASSERT_TRUE(text.ok()) << text.status();
  absl::StatusOr<JudgeDataset> d = ImportJudgeLog(*text, "data/judge/fixture.jsonl", "fixture");
  ASSERT_TRUE(d.ok()) << d.status();
  // 8 listwise records (every task) + 2 pairwise records (t1, t2).
  EXPECT_EQ(d->records_size(), 10);
  std::map<std::string, long> c = Counts(*d);
  EXPECT_EQ(c["malformed_json_line"], 1);
  EXPECT_EQ(c["unknown_task_id"], 1);
  EXPECT_EQ(c["unknown_candidate_id"], 2);  // Z in t4's output, E in a t2 call
  EXPECT_EQ(c["duplicate_id_in_output"], 1);
  EXPECT_EQ(c["id_missing_from_output"], 2);
  EXPECT_EQ(c["duplicate_candidate_id"], 1);
  EXPECT_EQ(c["unparsable_judge_output"], 2);  // t5 listwise, t2 D-vs-A call
  EXPECT_EQ(c["missing_judge_output"], 1);     // t8
  EXPECT_EQ(c["single_candidate_task"], 1);    // t6

  const JudgeRecord* t3 = Find(*d, "fx/t3|fx-listwise");
  ASSERT_NE(t3, nullptr);
  EXPECT_EQ(ToText(FromProto(t3->ground_order().groups())), "A > B");
  ASSERT_EQ(t3->ground_order().missing_ids_size(), 1);
  EXPECT_EQ(t3->ground_order().missing_ids(0), "C");

  const JudgeRecord* t4 = Find(*d, "fx/t4|fx-listwise");
  EXPECT_EQ(ToText(FromProto(t4->predicted().groups())), "B > A > C = D");
  EXPECT_EQ(t4->predicted().returned_ids_size(), 4);

  const JudgeRecord* t5 = Find(*d, "fx/t5|fx-listwise");
  EXPECT_TRUE(t5->predicted().parse_failed());
  EXPECT_EQ(ToText(FromProto(t5->predicted().groups())), "A = B = C");
  EXPECT_EQ(t5->candidates_size(), 3);

  const JudgeRecord* t8 = Find(*d, "fx/t8|fx-listwise");
  EXPECT_EQ(t8->predicted().parse_error(), "no output recorded");

  // Copeland over calls: A 2/4, B 1/2, C 2/2, D 1/4 -> C > A = B > D.
  const JudgeRecord* p2 = Find(*d, "fx/t2|fx-pairwise");
  ASSERT_NE(p2, nullptr);
  EXPECT_EQ(p2->pairwise_calls_size(), 6);
  EXPECT_EQ(ToText(FromProto(p2->predicted().groups())), "C > A = B > D");
  EXPECT_EQ(p2->judge().prompt_config_hash().substr(0, 7), "sha256:");
}

// The issue of `kind` on `line`, which the test expects to exist.
ImportIssue Issue(const JudgeDataset& d, const std::string& kind, long line) {
  for (const ImportIssue& i : d.issues()) {
    if (i.kind() == kind && i.line() == line) return i;
  }
  ADD_FAILURE() << "no " << kind << " issue on line " << line;
  return ImportIssue();
}

TEST(ImportJudgeLog, BadInputNamesFileLineRecordAndField) {
  const std::string log =
      R"({"type": "protocol", "judge": "j", "prompt": "p", "call_form": "LISTWISE"})"
      "\n"
      R"({"type": "task", "task_id": "t1", "category": "c", "split": "s", "metric": "m",)"
      R"( "direction": "sideways", "candidates": [], "outcomes": {}})"
      "\n"
      R"({"type": "task", "task_id": "t2", "category": "c", "split": "s", "metric": "m",)"
      R"( "direction": "higher_is_better", "candidates": [{"id": "A", "text": "a"}, {"id": "B"}],)"
      R"( "outcomes": {"A": 1, "C": 2}})"
      "\n"
      R"({"type": "listwise", "task_id": "t2", "judge": "nobody", "raw_output": "A"})"
      "\n"
      R"({"type": "pairwise", "task_id": "t2", "judge": "j", "first": "A", "second": "B",)"
      R"( "raw_output": "[[A]]"})"
      "\n";
  absl::StatusOr<JudgeDataset> d = ImportJudgeLog(log, "x.jsonl", "x");
  ASSERT_TRUE(d.ok()) << d.status();
  ImportIssue i = Issue(*d, "invalid_field", 2);
  EXPECT_EQ(i.file(), "x.jsonl");
  EXPECT_EQ(i.record(), "t1");
  EXPECT_EQ(i.field(), "metric/direction");
  EXPECT_EQ(i.detail(), "direction must be higher_is_better or lower_is_better");
  i = Issue(*d, "invalid_field", 3);
  EXPECT_EQ(i.record(), "t2");
  EXPECT_EQ(i.field(), "candidates[1]");
  EXPECT_EQ(i.detail(), "x.jsonl:3 candidates[1]: field 'text' is missing");
  i = Issue(*d, "unknown_candidate_id", 3);
  EXPECT_EQ(i.field(), "outcomes");
  EXPECT_EQ(i.detail(), "outcome for 'C', which is not a candidate");
  i = Issue(*d, "unknown_judge", 4);
  EXPECT_EQ(i.record(), "t2");
  EXPECT_EQ(i.field(), "judge");
  EXPECT_EQ(i.detail(), "no LISTWISE protocol named 'nobody'");
  i = Issue(*d, "unknown_judge", 5);
  EXPECT_EQ(i.detail(), "no PAIRWISE_CALLS protocol named 'j'");
  i = Issue(*d, "missing_judge_output", 0);
  EXPECT_EQ(i.record(), "t2");
  EXPECT_EQ(i.field(), "j");
  // t1 is not a task; t2 has one record (its one listwise judge).
  ASSERT_EQ(d->records_size(), 1);
  EXPECT_EQ(d->records(0).record_id(), "t2|j");
  EXPECT_EQ(d->records(0).predicted().parse_error(), "no output recorded");
}

TEST(ImportJudgeLog, NoTaskIsAnError) {
  absl::StatusOr<JudgeDataset> d = ImportJudgeLog("{\"type\": \"protocol\"}\n", "x.jsonl", "x");
  ASSERT_FALSE(d.ok());
  EXPECT_EQ(d.status().code(), absl::StatusCode::kInvalidArgument);
  EXPECT_EQ(d.status().message(), "x.jsonl: no valid task record");
}

}  // namespace
}  // namespace repro::judge
