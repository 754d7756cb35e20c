#include "stages/framework/packing/budgets.h"

#include <map>
#include <string>
#include <vector>

#include "gtest/gtest.h"

namespace repro::packing {
namespace {

Unit U(const std::string& id, int64_t cost) {
  Unit u;
  u.id = id;
  u.cost = cost;
  return u;
}

std::map<std::string, std::vector<Unit>> Pools() {
  std::map<std::string, std::vector<Unit>> pools;
  pools["T1/H000"] = {U("a.go", 40), U("b.go", 60)};  // total 100
  pools["T2/H000"] = {U("c.go", 30)};                 // total 30
  return pools;
}

std::string ErrorOf(const std::vector<int64_t>& budgets,
                    const std::map<std::string, std::vector<Unit>>& pools = Pools()) {
  absl::Status s = CheckBudgets(budgets, pools, "e04.textproto");
  EXPECT_FALSE(s.ok());
  return std::string(s.message());
}

TEST(CheckBudgetsTest, AcceptsBudgetsBetweenTheLargestUnitAndTheLargestPool) {
  EXPECT_TRUE(CheckBudgets({60, 99}, Pools(), "e04.textproto").ok());
  EXPECT_TRUE(CheckBudgets({50, 60}, Pools(), "e04.textproto").ok());  // b.go fits 60
}

TEST(CheckBudgetsTest, BadBudgetsStop) {
  EXPECT_EQ(ErrorOf({}), "e04.textproto, field budgets: expected at least one budget, found none");
  EXPECT_EQ(ErrorOf({80, 0}), "e04.textproto, budget 2, field budgets: expected > 0, found 0");
  EXPECT_EQ(ErrorOf({80, 80}),
            "e04.textproto, budget 2, field budgets: expected each budget once, found 80 again");
  EXPECT_EQ(ErrorOf({80, 100}),
            "e04.textproto, budget 2, field budgets: expected below the largest pool's total "
            "cost 100, found 100");
  EXPECT_EQ(ErrorOf({50}),
            "e04.textproto, pool 'T1/H000', unit 2 (b.go), field cost: expected at most the "
            "largest budget 50, found 60");
  EXPECT_EQ(ErrorOf({50}, {}),
            "e04.textproto, field pools: expected at least one pool, found none");
}

}  // namespace
}  // namespace repro::packing
