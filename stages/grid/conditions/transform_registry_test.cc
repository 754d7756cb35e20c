#include "stages/grid/conditions/transform_registry.h"

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "stages/framework/pipeline/status_testing.h"

namespace repro::grid {
namespace {

TEST(FindTransform, FindsALinkedTransformByKind) {
  EXPECT_TRUE(FindTransform(CONDITION_KIND_COMMENTS_REMOVED).ok());
}

TEST(FindTransform, NamesTheKindAndTheLinkedOnesWhenNoneIsLinked) {
  EXPECT_TRUE(IsError(FindTransform(CONDITION_KIND_DISTRACTORS), absl::StatusCode::kNotFound,
                      "no corpus transform is linked for condition kind "
                      "CONDITION_KIND_DISTRACTORS (linked: CONDITION_KIND_COMMENTS_REMOVED"));
}

}  // namespace
}  // namespace repro::grid
