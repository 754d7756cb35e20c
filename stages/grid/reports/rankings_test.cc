#include "stages/grid/reports/rankings.h"

#include <string>
#include <vector>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "stages/grid/conditions/test_conditions.h"

namespace repro::grid {
namespace {

using ::testing::HasSubstr;

ConditionOutcome Outcome(const std::string& task, const std::string& condition, int dose,
                         const std::vector<std::string>& paths) {
  ConditionOutcome o;
  o.set_task_id(task);
  o.set_harness("H1");
  o.set_condition(condition);
  o.set_dose(dose);
  for (size_t i = 0; i < paths.size(); ++i) {
    RankedFile* f = o.add_files();
    f->set_rank(static_cast<int>(i) + 1);
    f->set_path(paths[i]);
    f->set_score(10.0 / static_cast<double>(i + 1));
    f->set_gold(paths[i] == "a.go");
    f->set_distractor(paths[i].rfind("__harness_distractors__/", 0) == 0);
  }
  o.add_top_functions("a.go::F");
  return o;
}

GridUnit Unit(const std::string& task, const std::string& label) {
  GridUnit u;
  u.set_unit_id(task + "/H1/" + label);
  u.set_task_id(task);
  u.set_harness("H1");
  u.set_label(label);
  return u;
}

struct Fixture {
  Conditions conditions = *Conditions::Create(TestConditions({1}, {1}));
  std::vector<ConditionOutcome> outcomes = {
      Outcome("T1", kTestBaseline, 0, {"b.go", "a.go", "c.go"}),
      Outcome("T1", kTestNoise, 1, {"__harness_distractors__/d0.go", "a.go"}),
  };
  google::protobuf::RepeatedPtrField<GridUnit> units;
  std::vector<std::string> ids = {"T1/H1/baseline", "T1/H1/noise.d1"};
  Fixture() {
    *units.Add() = Unit("T1", kTestBaseline);
    *units.Add() = Unit("T1", "noise.d1");
  }
};

TEST(RankingsTest, RoundTripsEveryList) {
  Fixture f;
  const absl::StatusOr<Rankings> built = BuildRankings(f.conditions, f.units, f.outcomes);
  ASSERT_TRUE(built.ok()) << built.status();
  const Rankings& r = *built;
  EXPECT_THAT(r.paths(),
              testing::ElementsAre("__harness_distractors__/d0.go", "a.go", "b.go", "c.go"));
  ASSERT_TRUE(ValidateRankings(r, f.ids, "rankings.pb").ok());
  for (int u = 0; u < 2; ++u) {
    const std::vector<RankedFile> files = RankedFiles(r, u);
    ASSERT_EQ(files.size(), static_cast<size_t>(f.outcomes[u].files_size()));
    for (size_t i = 0; i < files.size(); ++i) {
      EXPECT_EQ(files[i].SerializeAsString(), f.outcomes[u].files(i).SerializeAsString());
    }
    EXPECT_THAT(r.units(u).top_functions(), testing::ElementsAre("a.go::F"));
  }
  EXPECT_THAT(r.units(1).distractor(), testing::ElementsAre(0));
  EXPECT_THAT(r.units(0).gold(), testing::ElementsAre(1));
}

TEST(RankingsTest, MergedShardsListTheSameFiles) {
  Fixture f;
  google::protobuf::RepeatedPtrField<GridUnit> first, second;
  *first.Add() = f.units[0];
  *second.Add() = f.units[1];
  const absl::StatusOr<Rankings> a = BuildRankings(f.conditions, first, {f.outcomes[0]});
  const absl::StatusOr<Rankings> b = BuildRankings(f.conditions, second, {f.outcomes[1]});
  const absl::StatusOr<Rankings> whole = BuildRankings(f.conditions, f.units, f.outcomes);
  ASSERT_TRUE(a.ok() && b.ok() && whole.ok());
  EXPECT_EQ(MergeRankings({*a, *b}).SerializeAsString(), whole->SerializeAsString());
}

TEST(RankingsTest, UnitWithoutOutcomeIsNamed) {
  Fixture f;
  *f.units.Add() = Unit("T2", kTestBaseline);
  EXPECT_THAT(BuildRankings(f.conditions, f.units, f.outcomes).status().message(),
              HasSubstr("unit T2/H1/baseline: no outcome"));
}

TEST(RankingsTest, RanksOutOfOrderAreRefused) {
  Fixture f;
  f.outcomes[0].mutable_files(1)->set_rank(3);
  EXPECT_THAT(BuildRankings(f.conditions, f.units, f.outcomes).status().message(),
              HasSubstr("unit T1/H1/baseline: file 1 has rank 3, expected 2"));
}

TEST(RankingsTest, SizeContractIsChecked) {
  Fixture f;
  const absl::StatusOr<Rankings> built = BuildRankings(f.conditions, f.units, f.outcomes);
  ASSERT_TRUE(built.ok()) << built.status();
  const Rankings& good = *built;
  Rankings r = good;
  r.mutable_units(0)->add_score(1);
  EXPECT_THAT(ValidateRankings(r, f.ids, "x/rankings.pb").message(),
              HasSubstr("x/rankings.pb: units[0] (T1/H1/baseline): 4 scores, expected one per "
                        "file (3)"));
  r = good;
  r.mutable_units(1)->add_gold(0);
  EXPECT_THAT(ValidateRankings(r, f.ids, "rankings.pb").message(),
              HasSubstr("gold[1] is 0, expected ascending and < 2"));
  r = good;
  r.mutable_units(0)->set_file(0, 9);
  EXPECT_THAT(ValidateRankings(r, f.ids, "rankings.pb").message(),
              HasSubstr("file[0] is 9, expected a path index < 4"));
  r = good;
  r.mutable_paths()->SwapElements(0, 1);
  EXPECT_THAT(ValidateRankings(r, f.ids, "rankings.pb").message(),
              HasSubstr("expected strictly ascending paths"));
  EXPECT_THAT(ValidateRankings(good, {f.ids[1], f.ids[0]}, "rankings.pb").message(),
              HasSubstr("unit_id, expected 'T1/H1/noise.d1' (report.json's order)"));
  EXPECT_THAT(ValidateRankings(good, {f.ids[0]}, "rankings.pb").message(),
              HasSubstr("2 units, expected 1"));
}

}  // namespace
}  // namespace repro::grid
