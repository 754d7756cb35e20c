#include "stages/grid/conditions/transform_registry.h"

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "stages/framework/pipeline/status_testing.h"

namespace repro::grid {
namespace {

TEST(FindTransform, FindsALinkedTransformByName) {
  EXPECT_TRUE(FindTransform("comments_removed").ok());
}

TEST(FindTransform, NamesTheNameAndTheLinkedOnesWhenNoneIsLinked) {
  EXPECT_TRUE(IsError(FindTransform("comments_kept"), absl::StatusCode::kNotFound,
                      "no corpus transform named 'comments_kept' is linked (linked: "
                      "comments_removed"));
}

}  // namespace
}  // namespace repro::grid
