#include "stages/framework/pipeline/stage_proto.h"

#include "gtest/gtest.h"
#include "stages/framework/pipeline/file_io.h"
#include "stages/framework/pipeline/status_testing.h"
#include "stages/framework/schemas/provenance.pb.h"

namespace repro {
namespace {

TEST(StageProtoTest, ReadsByFileKind) {
  const std::string dir = ::testing::TempDir();
  ASSERT_TRUE(WriteFileAtomically(dir + "/p.textproto", "stage: \"a\"\n").ok());
  ASSERT_TRUE(WriteFileAtomically(dir + "/p.json", "{\"stage\": \"b\"}").ok());
  schemas::Provenance bin;
  bin.set_stage("c");
  ASSERT_TRUE(WriteFileAtomically(dir + "/p.pb", bin.SerializeAsString()).ok());
  ASSERT_TRUE(WriteFileAtomically(dir + "/bad.textproto", "stage: 1 2\n").ok());
  Stage stage("//x:y",
              {{"t", dir + "/p.textproto", "p.textproto"},
               {"j", dir + "/p.json", "p.json"},
               {"b", dir + "/p.pb", "p.pb"},
               {"bad", dir + "/bad.textproto", "bad.textproto"}},
              {{"out.pb", dir + "/out.pb"}});
  schemas::Provenance p;
  ASSERT_TRUE(ReadInputProto(stage, "t", &p).ok());
  EXPECT_EQ(p.stage(), "a");
  ASSERT_TRUE(ReadInputProto(stage, "j", &p).ok());
  EXPECT_EQ(p.stage(), "b");
  ASSERT_TRUE(ReadInputProto(stage, "b", &p).ok());
  EXPECT_EQ(p.stage(), "c");
  absl::Status s = ReadInputProto(stage, "bad", &p);
  ASSERT_FALSE(s.ok());
  EXPECT_NE(s.message().find("bad.textproto:1:"), std::string::npos) << s.message();
  EXPECT_FALSE(ReadInputProto(stage, "missing", &p).ok());
  EXPECT_TRUE(WriteOutputProto(stage, "out.pb", bin).ok());
  EXPECT_EQ(stage.written().at("out.pb"), bin.SerializeAsString());
}

TEST(StageProtoTest, BadInputsNameRoleFileAndType) {
  const std::string dir = ::testing::TempDir();
  ASSERT_TRUE(WriteFileAtomically(dir + "/bad.pb", "\xff\xff\xff").ok());
  ASSERT_TRUE(WriteFileAtomically(dir + "/bad.json", "{\"stage\": 3,").ok());
  Stage stage("//x:y",
              {{"b", dir + "/bad.pb", "pkg/bad.pb"}, {"j", dir + "/bad.json", "pkg/bad.json"}}, {});
  schemas::Provenance p;
  EXPECT_TRUE(IsError(ReadInputProto(stage, "b", &p), absl::StatusCode::kInvalidArgument,
                      "input b: pkg/bad.pb: not a binary repro.schemas.Provenance"));
  EXPECT_TRUE(IsError(ReadInputProto(stage, "j", &p), absl::StatusCode::kInvalidArgument,
                      "input j: pkg/bad.json: invalid JSON for repro.schemas.Provenance"));
  EXPECT_TRUE(IsError(ReadInputProto(stage, "missing", &p), absl::StatusCode::kNotFound,
                      "no input with role 'missing'; known roles: b, j"));
}

TEST(StageProtoTest, ReadProtoFileReadsByFileKindAndNamesThePath) {
  const std::string dir = ::testing::TempDir();
  schemas::Provenance bin;
  bin.set_stage("c");
  ASSERT_TRUE(WriteFileAtomically(dir + "/f.textproto", "stage: \"a\"\n").ok());
  ASSERT_TRUE(WriteFileAtomically(dir + "/f.json", "{\"stage\": \"b\"}").ok());
  ASSERT_TRUE(WriteFileAtomically(dir + "/f.pb", bin.SerializeAsString()).ok());
  schemas::Provenance p;
  ASSERT_TRUE(ReadProtoFile(dir + "/f.textproto", &p).ok());
  EXPECT_EQ(p.stage(), "a");
  ASSERT_TRUE(ReadProtoFile(dir + "/f.json", &p).ok());
  EXPECT_EQ(p.stage(), "b");
  ASSERT_TRUE(ReadProtoFile(dir + "/f.pb", &p).ok());
  EXPECT_EQ(p.stage(), "c");

  ASSERT_TRUE(WriteFileAtomically(dir + "/g.textproto", "stage: 1 2\n").ok());
  ASSERT_TRUE(WriteFileAtomically(dir + "/g.json", "[").ok());
  ASSERT_TRUE(WriteFileAtomically(dir + "/g.pb", "\xff\xff\xff").ok());
  EXPECT_TRUE(IsError(ReadProtoFile(dir + "/g.textproto", &p), absl::StatusCode::kInvalidArgument,
                      dir + "/g.textproto:1:"));
  EXPECT_TRUE(IsError(ReadProtoFile(dir + "/g.json", &p), absl::StatusCode::kInvalidArgument,
                      dir + "/g.json: invalid JSON for repro.schemas.Provenance"));
  EXPECT_TRUE(IsError(ReadProtoFile(dir + "/g.pb", &p), absl::StatusCode::kInvalidArgument,
                      dir + "/g.pb: not a binary repro.schemas.Provenance"));
  EXPECT_TRUE(IsError(ReadProtoFile(dir + "/none.pb", &p), absl::StatusCode::kNotFound,
                      dir + "/none.pb: cannot open"));
}

TEST(StageProtoTest, InvalidUtf8OutputIsRefusedNamingTheField) {
  const std::string dir = ::testing::TempDir();
  Stage stage("//x:y", {}, {{"bad.pb", dir + "/bad.pb"}});
  schemas::Provenance p;
  p.set_stage("ok");
  p.add_outputs()->set_path("bad\xff");
  absl::Status s = WriteOutputProto(stage, "bad.pb", p);
  ASSERT_EQ(s.code(), absl::StatusCode::kInvalidArgument);
  EXPECT_EQ(
      s.message(),
      "output bad.pb: field 'outputs[0].path' of repro.schemas.Provenance is not valid UTF-8");
  EXPECT_EQ(stage.written().count("bad.pb"), 0u);
}

}  // namespace
}  // namespace repro
