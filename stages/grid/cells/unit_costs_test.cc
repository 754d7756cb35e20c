#include "stages/grid/cells/unit_costs.h"

#include <cstdlib>
#include <string>
#include <vector>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "stages/framework/pipeline/file_io.h"

namespace repro::grid {
namespace {

using ::testing::HasSubstr;

PoolEntry Entry(const std::string& id, const std::string& text, const std::string& sha256) {
  PoolEntry e;
  e.rank = 1;
  e.unit.id = id;
  e.text = text;
  e.sha256 = sha256;
  return e;
}

// A stage whose input "costs" is a TokenCosts JSON file of `json`.
Stage CostsStage(const std::string& json) {
  const std::string path = std::string(std::getenv("TEST_TMPDIR")) + "/costs.json";
  EXPECT_TRUE(WriteFileAtomically(path, json).ok());
  return Stage("//test:cell", {{"costs", path, "snap/abc.token_costs.json"}}, {});
}

constexpr char kCosts[] = R"({"commit": "abc",
  "files": [{"path": "a.go", "sha256": "s1", "tokens": "40"}],
  "chunks": [{"path": "a.go", "function": "F", "sha256": "s2", "tokens": "7"},
             {"path": "b.go", "function": "G", "sha256": "s2", "tokens": "7"}]})";

TEST(UnitCostsTest, LinesCountTheText) {
  std::vector<PoolEntry> pool = {Entry("a", "x\ny\n", "s"), Entry("b", "x\ny", "t")};
  ASSERT_TRUE(
      AddUnitCosts(Stage("//test:cell", {}, {}), experiments::PACKING_COST_LINES, "cell", pool)
          .ok());
  EXPECT_EQ(pool[0].unit.cost, 2);
  EXPECT_EQ(pool[1].unit.cost, 2);
}

TEST(UnitCostsTest, TokensComeFromTheSnapshotCostsBySha256) {
  std::vector<PoolEntry> pool = {Entry("a.go", "...", "s1"), Entry("a.go::F@3", "...", "s2")};
  ASSERT_TRUE(
      AddUnitCosts(CostsStage(kCosts), experiments::PACKING_COST_TOKENS, "cell", pool).ok());
  EXPECT_EQ(pool[0].unit.cost, 40);
  EXPECT_EQ(pool[1].unit.cost, 7);
}

TEST(UnitCostsTest, AUnitWithoutACostStopsACellWithoutTheProgram) {
  std::vector<PoolEntry> pool = {Entry("a.go::F@3", "...", "s2"), Entry("d.go::H@1", "...", "s9")};
  const absl::Status s =
      AddUnitCosts(CostsStage(kCosts), experiments::PACKING_COST_TOKENS, "task T", pool);
  EXPECT_THAT(s.message(), HasSubstr("task T, unit d.go::H@1 (rank 1), field cost: expected the "
                                     "tokens of its text (sha256 s9) in "
                                     "snap/abc.token_costs.json, found none"));
}

TEST(UnitCostsTest, OneTextWithTwoCountsIsBadInput) {
  std::vector<PoolEntry> pool = {Entry("a.go", "...", "s1")};
  const absl::Status s = AddUnitCosts(
      CostsStage(R"({"chunks": [{"path": "a.go", "function": "F", "sha256": "s1", "tokens": "3"},
                                {"path": "a.go", "function": "G", "sha256": "s1", "tokens": "4"}]})"),
      experiments::PACKING_COST_TOKENS, "cell", pool);
  EXPECT_THAT(s.message(), HasSubstr("snap/abc.token_costs.json, unit a.go::G, field tokens: "
                                     "expected 3 (another unit of sha256 s1), found 4"));
}

}  // namespace
}  // namespace repro::grid
