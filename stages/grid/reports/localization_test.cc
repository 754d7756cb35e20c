#include "stages/grid/reports/localization.h"

#include <string>
#include <vector>

#include "gmock/gmock.h"
#include "gtest/gtest.h"

namespace repro::grid {
namespace {

using ::testing::ElementsAre;
using ::testing::HasSubstr;

// Two units of one task: the first returns the two gold files at ranks 2
// and 4, the second only one of them; the top functions hold the one gold
// function at position 3 (and a repeat of it).
struct Fixture {
  google::protobuf::RepeatedPtrField<GridUnit> units;
  Rankings rankings;
  std::map<std::string, GoldLocations> gold = {{"T1", {{"a.go", "c.go"}, {"a.go::F", "a.go::F"}}}};
  Fixture() {
    for (const char* label : {"baseline", "S002.d1"}) {
      GridUnit* u = units.Add();
      u->set_unit_id(std::string("T1/H1/") + label);
      u->set_task_id("T1");
    }
    for (const char* p : {"a.go", "b.go", "c.go", "d.go"}) rankings.add_paths(p);
    Add({1, 0, 3, 2}, {"b.go::G", "d.go::H", "a.go::F"});
    Add({1, 0, 3}, {"a.go::F"});
  }
  void Add(const std::vector<uint32_t>& files, const std::vector<std::string>& functions) {
    UnitRanking* r = rankings.add_units();
    r->set_unit_id(units[rankings.units_size() - 1].unit_id());
    for (uint32_t f : files) {
      if (f == 0 || f == 2) r->add_gold(r->file_size());
      r->add_file(f);
      r->add_score(1.0);
    }
    for (const std::string& f : functions) r->add_top_functions(f);
  }
};

TEST(LocalizationTest, EveryGoldLocationWithinK) {
  Fixture f;
  const absl::StatusOr<std::vector<UnitAccuracy>> a =
      LocalizationAccuracy(f.units, f.rankings, f.gold);
  ASSERT_TRUE(a.ok()) << a.status();
  ASSERT_EQ(a->size(), 2u);
  EXPECT_THAT((*a)[0].file, ElementsAre(0, 0, 1, 1));  // gold at ranks 2 and 4
  ASSERT_TRUE((*a)[0].function.has_value());
  EXPECT_THAT(*(*a)[0].function, ElementsAre(0, 1, 1, 1));
  EXPECT_THAT((*a)[1].file, ElementsAre(0, 0, 0, 0));  // c.go never returned
  EXPECT_THAT(*(*a)[1].function, ElementsAre(1, 1, 1, 1));
}

TEST(LocalizationTest, NoGoldFunctionIsUndefined) {
  Fixture f;
  f.gold["T1"].functions.clear();
  const absl::StatusOr<std::vector<UnitAccuracy>> a =
      LocalizationAccuracy(f.units, f.rankings, f.gold);
  ASSERT_TRUE(a.ok()) << a.status();
  EXPECT_FALSE((*a)[0].function.has_value());
  EXPECT_THAT((*a)[0].file, ElementsAre(0, 0, 1, 1));
}

TEST(LocalizationTest, ATaskWithoutLabelsIsAnError) {
  Fixture f;
  f.gold.clear();
  EXPECT_THAT(LocalizationAccuracy(f.units, f.rankings, f.gold).status().message(),
              HasSubstr("unit T1/H1/baseline: task T1 has no gold file"));
}

TEST(LocalizationTest, RankingsOutOfStepWithTheUnitsAreAnError) {
  Fixture f;
  f.rankings.mutable_units()->RemoveLast();
  EXPECT_FALSE(LocalizationAccuracy(f.units, f.rankings, f.gold).ok());
}

TEST(LocalizationTest, MetricNames) {
  EXPECT_EQ(FileAccuracyMetric(3), "file_acc_at_3");
  EXPECT_EQ(FunctionAccuracyMetric(10), "function_acc_at_10");
}

}  // namespace
}  // namespace repro::grid
