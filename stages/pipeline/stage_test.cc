#include "stages/pipeline/stage.h"

#include <stdexcept>

#include "gtest/gtest.h"

namespace repro {
namespace {

TEST(StageTest, ExceptionsBecomeStatusesNamingThem) {
  absl::Status s = StatusFromExceptions([]() -> absl::Status { throw std::out_of_range("number overflow"); });
  EXPECT_EQ(s.code(), absl::StatusCode::kInternal);
  EXPECT_EQ(s.message(), "uncaught exception: number overflow");
  s = StatusFromExceptions([]() -> absl::Status { throw 7; });
  EXPECT_EQ(s.message(), "uncaught exception of a non-standard type");
  EXPECT_TRUE(StatusFromExceptions([] { return absl::OkStatus(); }).ok());
}

TEST(StageTest, ShortPathStripsOutputRoot) {
  EXPECT_EQ(ShortPath("bazel-out/k8-fastbuild/bin/stages/w04/x.json"),
            "stages/w04/x.json");
  EXPECT_EQ(ShortPath("data/w04/rerank.textproto"), "data/w04/rerank.textproto");
}

TEST(StageTest, UnknownRoleListsKnownRoles) {
  Stage stage("//x:y", {{"b", "p2", "p2"}, {"a", "p1", "p1"}}, {{"out.json", "o"}});
  absl::StatusOr<const Stage::Input*> in = stage.Find("c");
  ASSERT_FALSE(in.ok());
  EXPECT_NE(in.status().message().find("known roles: a, b"), std::string::npos);
  EXPECT_EQ(stage.Roles(), (std::vector<std::string>{"a", "b"}));
}

TEST(StageTest, UndeclaredOutputIsRejected) {
  Stage stage("//x:y", {}, {{"out.json", "o"}});
  EXPECT_TRUE(stage.Write("out.json", "{}").ok());
  EXPECT_FALSE(stage.Write("other.json", "{}").ok());
}

TEST(StageTest, VolatileOutputs) {
  EXPECT_TRUE(IsVolatile("T01.H000.baseline.volatile.json"));
  EXPECT_FALSE(IsVolatile("T01.H000.baseline.json"));
}

}  // namespace
}  // namespace repro
