#include "tools/verify/verify_plan.h"

#include "gmock/gmock.h"
#include "gtest/gtest.h"

namespace repro {
namespace {

schemas::Lineage ThreeStages() {
  schemas::Lineage l;
  for (const char* label : {"//a:one", "//a:two", "//a:three"}) {
    schemas::Provenance* p = l.add_stages();
    p->set_label(label);
    schemas::FileDigest* o = p->add_outputs();
    o->set_path(std::string("a/") + (label + 4) + ".json");
    o->set_sha256(std::string(64, label[4]));
  }
  return l;
}

TEST(VerifyPlanTest, AllStagesInLabelOrder) {
  absl::StatusOr<std::vector<PlannedOutput>> p = VerifyPlan(ThreeStages(), 0, 1);
  ASSERT_TRUE(p.ok()) << p.status();
  ASSERT_EQ(p->size(), 3u);
  EXPECT_EQ((*p)[0].label, "//a:one");
  EXPECT_EQ((*p)[1].label, "//a:three");
  EXPECT_EQ((*p)[2].path, "a/two.json");
}

TEST(VerifyPlanTest, SampleIsFixedBySeed) {
  absl::StatusOr<std::vector<PlannedOutput>> a = VerifyPlan(ThreeStages(), 2, 7);
  absl::StatusOr<std::vector<PlannedOutput>> b = VerifyPlan(ThreeStages(), 2, 7);
  ASSERT_TRUE(a.ok() && b.ok());
  ASSERT_EQ(a->size(), 2u);
  EXPECT_EQ((*a)[0].label, (*b)[0].label);
  EXPECT_EQ((*a)[1].label, (*b)[1].label);
  EXPECT_LT((*a)[0].label, (*a)[1].label);
}

TEST(VerifyPlanTest, BadArguments) {
  EXPECT_THAT(VerifyPlan(ThreeStages(), -1, 1).status().message(),
              ::testing::HasSubstr("--sample: expected >= 0, found -1"));
  EXPECT_THAT(VerifyPlan(schemas::Lineage(), 0, 1).status().message(),
              ::testing::HasSubstr("the lineage records no stage"));
}

}  // namespace
}  // namespace repro
