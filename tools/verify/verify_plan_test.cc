#include "tools/verify/verify_plan.h"

#include "gmock/gmock.h"
#include "gtest/gtest.h"

namespace repro::verify {
namespace {

schemas::Lineage ThreeStages() {
  schemas::Lineage l;
  for (const char* label : {"//a:one", "//a:two", "//a:three"}) {
    schemas::Provenance* p = l.add_stages();
    p->set_label(label);
    schemas::FileDigest* o = p->add_outputs();
    o->set_path(std::string("a/") + (label + 4) + ".json");
    o->set_sha256(std::string(64, "abc"[l.stages_size() - 1]));
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

TEST(VerifyPlanTest, LabelsOfThisWorkspaceOnly) {
  for (const char* ok : {"//a:one", "//stages/grid/by_experiment:e04_fixture/T01_H000_cell", "//:x",
                         "//a:b+c=d,e~f-g"})
    EXPECT_TRUE(CheckWorkspaceLabel(ok).ok()) << ok;
  // A space and a flag (the attack: a nested `bazel build` took it as an option),
  // another repository, relative and malformed labels, '.' and '..' segments.
  for (const char* bad :
       {"//a:one --build_event_json_file=/tmp/x", "--build_event_json_file=/tmp/x", "@other//a:b",
        "a:b", "//a", "//a:b:c", "//a:", "//a/../b:c", "//a:./b", "//a:-b", "//a//b:c", "//a:b;c",
        "//a:b\nc", "//a:$(x)", "//a:b\tc"}) {
    absl::Status s = CheckWorkspaceLabel(bad);
    EXPECT_FALSE(s.ok()) << bad;
    EXPECT_THAT(s.message(), ::testing::HasSubstr("expected a label \"//<package>:<name>\""));
  }
}

TEST(VerifyPlanTest, OutputPathsInsideTheStagesPackage) {
  EXPECT_TRUE(CheckOutputPath("stages/studies/w04", "stages/studies/w04/packing.json").ok());
  EXPECT_TRUE(CheckOutputPath("", "x.json").ok());
  for (const char* bad : {"../../../../etc/hostname", "stages/studies/w04/../../../etc/hostname",
                          "/etc/hostname", "stages/studies/w04//x", "stages/studies/w04/./x",
                          "stages/studies/w04", "stages/studies/w04/", "stages/studies/w05/x",
                          "stages/studies/w04x/y", "stages/studies/w04/a b"}) {
    absl::Status s = CheckOutputPath("stages/studies/w04", bad);
    EXPECT_FALSE(s.ok()) << bad;
    EXPECT_THAT(s.message(),
                ::testing::HasSubstr("expected a normalized relative path under the stage's "
                                     "package 'stages/studies/w04/'"));
  }
}

TEST(VerifyPlanTest, APoisonedEntryStopsThePlanNamingIt) {
  schemas::Lineage l = ThreeStages();
  l.mutable_stages(1)->set_label("//a:two --build_event_json_file=/tmp/x");
  EXPECT_THAT(VerifyPlan(l, 0, 1).status().message(),
              ::testing::HasSubstr(
                  "stage '//a:two --build_event_json_file=/tmp/x', field label: expected"));
  l = ThreeStages();
  l.mutable_stages(2)->mutable_outputs(0)->set_path("../../../../etc/hostname");
  EXPECT_THAT(VerifyPlan(l, 0, 1).status().message(),
              ::testing::HasSubstr("stage '//a:three', field outputs[0].path: expected"));
  l = ThreeStages();
  l.mutable_stages(0)->mutable_outputs(0)->set_sha256("x");
  EXPECT_THAT(
      VerifyPlan(l, 0, 1).status().message(),
      ::testing::HasSubstr("stage '//a:one', field outputs[0].sha256: expected 64 lowercase hex"));
}

}  // namespace
}  // namespace repro::verify
