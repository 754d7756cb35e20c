// ImportHumanEval on the synthetic ICE-Score files (synthetic_files.h), which
// exercise every kind of bad input the importer records.
#include "stages/studies/judge/humaneval_import.h"

#include <map>

#include "absl/strings/str_cat.h"
#include "gtest/gtest.h"
#include "stages/studies/judge/record_util.h"
#include "stages/studies/judge/synthetic_files.h"

namespace repro::judge {
namespace {

std::map<std::string, std::string> Files() { return SyntheticHumanEvalFiles(); }

// The first issue of `kind` (in `file`, when given).
const ImportIssue* FirstIssue(const JudgeDataset& d, const std::string& kind,
                              const std::string& file = "") {
  for (const ImportIssue& i : d.issues()) {
    if (i.kind() == kind && (file.empty() || i.file() == file)) return &i;
  }
  return nullptr;
}

std::string Measured(const JudgeDataset& d, const std::string& check) {
  for (const LoaderCheck& c : d.loader_checks()) {
    if (c.name() == check) return c.measured();
  }
  return "no such check";
}

TEST(ImportHumanEval, RecordsEveryProblem) {
  absl::StatusOr<JudgeDataset> d = ImportHumanEval(Files(), {});
  ASSERT_TRUE(d.ok()) << d.status();
  EXPECT_EQ(d->records_size(), 4 * 2 * 2);
  std::map<std::string, long> c;
  for (const IssueCount& i : d->issue_counts()) c[i.kind()] = i.count();
  EXPECT_EQ(c["unknown_candidate_id"], 4 + 8);  // grade-9 per sample file, grade-7 per judge file
  EXPECT_EQ(c["execution_label_mismatch"], 8);  // grade-2
  EXPECT_EQ(c["unparsable_judge_output"], 8);   // "0-4"
  EXPECT_EQ(c["missing_judge_output"], 8);      // grade-6
  const JudgeRecord& r = d->records(0);
  EXPECT_EQ(r.record_id(), "humaneval-cpp/0|gpt-3.5-turbo/no_ref");
  EXPECT_EQ(r.shared().cluster_id(), "humaneval/0");
  EXPECT_EQ(r.shared().duplicate_text_candidates(), 2);  // candidates 1 and 3
  EXPECT_EQ(ToText(FromProto(r.ground_order().groups())), "1 > 2 = 3");
  // 1 scored 4, 2 scored 3, 3 unparsable -> last.
  EXPECT_EQ(ToText(FromProto(r.predicted().groups())), "1 > 2 > 3");
  EXPECT_EQ(r.predicted().judgements(2).parse_error(), "scale_echo");
  const JudgeRecord& r2 = d->records(1);  // task 1: candidate 6 has no output
  EXPECT_EQ(ToText(FromProto(r2.predicted().groups())), "5 > 6");
  // Loader checks exist and, on made-up data, do not match.
  ASSERT_GT(d->loader_checks_size(), 0);
  EXPECT_FALSE(d->loader_checks(0).matches());
}

TEST(ImportHumanEval, IssuesNameFileElementRecordAndField) {
  absl::StatusOr<JudgeDataset> d = ImportHumanEval(
      Files(), {{"cpp_humaneval_no_step_no_ref_gpt35.json", "x/cpp_no_ref.json.gz"}});
  ASSERT_TRUE(d.ok()) << d.status();
  const ImportIssue* i = FirstIssue(*d, "execution_label_mismatch", "x/cpp_no_ref.json.gz");
  ASSERT_NE(i, nullptr);
  EXPECT_EQ(i->file(), "x/cpp_no_ref.json.gz");
  EXPECT_EQ(i->line(), 0);
  EXPECT_EQ(i->record(), "humaneval-cpp/0");
  EXPECT_EQ(i->field(), "grade-2");
  EXPECT_EQ(i->detail(), "judge file's execution label differs from the sample file's");
  EXPECT_EQ(Measured(*d, "cpp: tasks / candidates / passing"), "2 / 5 / 3");
  EXPECT_EQ(Measured(*d, "cpp: tasks mixed / all pass / none pass"), "1 / 1 / 0");
}

TEST(ImportHumanEval, SkippedSampleElementIsRecordedAndNotCounted) {
  std::map<std::string, std::string> f = Files();
  std::string& sample = f["humaneval_cpp_sample.json"];
  sample = "[{\"task_id\": 7}," + sample.substr(sample.find('[') + 1);
  absl::StatusOr<JudgeDataset> d = ImportHumanEval(f, {});
  ASSERT_TRUE(d.ok()) << d.status();
  const ImportIssue* i = FirstIssue(*d, "invalid_field");
  ASSERT_NE(i, nullptr);
  EXPECT_EQ(i->file(), "humaneval_cpp_sample.json");
  EXPECT_EQ(i->line(), 0);
  EXPECT_EQ(i->record(), "");
  EXPECT_EQ(i->field(), "task_id");
  EXPECT_EQ(i->detail(),
            "humaneval_cpp_sample.json#0: field 'task_id': expected string, found number");
  const ImportIssue* m = FirstIssue(*d, "misaligned_file");
  ASSERT_NE(m, nullptr);
  EXPECT_EQ(m->file(), "cpp_humaneval_no_step_no_ref_gpt35.json");
  EXPECT_EQ(m->detail(), "2 elements for 3 sample tasks");
  EXPECT_EQ(Measured(*d, "cpp: tasks / candidates / passing"), "2 / 5 / 3");
  EXPECT_EQ(Measured(*d, "cpp: tasks mixed / all pass / none pass"), "1 / 1 / 0");
}

TEST(ImportHumanEval, MissingFileNamesIt) {
  std::map<std::string, std::string> f = Files();
  f.erase("java_humaneval_no_step_with_ref_gpt35.json");
  absl::StatusOr<JudgeDataset> d = ImportHumanEval(f, {});
  ASSERT_FALSE(d.ok());
  EXPECT_NE(d.status().message().find("java_humaneval_no_step_with_ref_gpt35.json"),
            std::string::npos);
}

TEST(ImportHumanEval, BadJsonNamesTheFile) {
  std::map<std::string, std::string> f = Files();
  f["humaneval_js_sample.json"] = "[{";
  absl::StatusOr<JudgeDataset> d =
      ImportHumanEval(f, {{"humaneval_js_sample.json", "x/humaneval_js_sample.json.gz"}});
  ASSERT_FALSE(d.ok());
  EXPECT_NE(d.status().message().find("x/humaneval_js_sample.json.gz: invalid JSON"),
            std::string::npos);
}

}  // namespace
}  // namespace repro::judge
