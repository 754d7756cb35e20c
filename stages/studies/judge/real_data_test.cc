// Real-data checks (built only when JUDGE_DATA_DIR is set): the imported
// records reproduce every reference number published with the data sets
// (loader checks), and the bad input found in them is exactly what docs/judge.md
// describes.
#include <map>
#include <string>

#include "google/protobuf/util/json_util.h"
#include "gtest/gtest.h"
#include "stages/framework/pipeline/file_io.h"
#include "stages/studies/judge/judge.pb.h"

namespace repro::judge {
namespace {

JudgeDataset Load(const std::string& path) {
  absl::StatusOr<std::string> text = ReadFile(path);
  EXPECT_TRUE(text.ok()) << path;
  JudgeDataset d;
  EXPECT_TRUE(google::protobuf::util::JsonStringToMessage(text.value_or(""), &d).ok()) << path;
  return d;
}

std::map<std::string, long> Counts(const JudgeDataset& d) {
  std::map<std::string, long> m;
  for (const IssueCount& c : d.issue_counts()) m[c.kind()] = c.count();
  return m;
}

void ExpectLoaderChecks(const JudgeDataset& d, int expected) {
  EXPECT_EQ(d.loader_checks_size(), expected);
  for (const LoaderCheck& c : d.loader_checks()) {
    EXPECT_TRUE(c.matches()) << d.dataset() << ": " << c.name() << ": published " << c.expected()
                             << ", measured " << c.measured();
  }
}

TEST(RealData, HumanEval) {
  JudgeDataset d = Load("stages/studies/judge/humaneval.records.json");
  EXPECT_EQ(d.records_size(), 161 * 4 * 2);
  ExpectLoaderChecks(d, 17);
  std::map<std::string, long> c = Counts(d);
  EXPECT_EQ(c.size(), 1u);
  EXPECT_EQ(c["unparsable_judge_output"], 18);
}

TEST(RealData, Vicuna) {
  JudgeDataset d = Load("stages/studies/judge/vicuna.records.json");
  EXPECT_EQ(d.records_size(), 160);
  ExpectLoaderChecks(d, 8);
  std::map<std::string, long> c = Counts(d);
  EXPECT_EQ(c.size(), 2u);
  EXPECT_EQ(c["file_orientation_mismatch"], 640);  // the 8 Guanaco relative files
  EXPECT_EQ(c["unparsable_judge_output"], 19);     // 13 pairwise (-1) + 6 relative ([-1,-1])
}

}  // namespace
}  // namespace repro::judge
