#include "stages/framework/pipeline/textproto.h"

#include "gtest/gtest.h"
#include "stages/framework/schemas/provenance.pb.h"

namespace repro {
namespace {

TEST(TextProtoTest, ParsesAndNamesFileOnError) {
  schemas::Provenance p;
  EXPECT_TRUE(ParseTextProto("stage: \"w04\"", "a.textproto", &p).ok());
  EXPECT_EQ(p.stage(), "w04");
  absl::Status s = ParseTextProto("stage: \"w04\"\nbogus: 1\n", "a.textproto", &p);
  ASSERT_FALSE(s.ok());
  EXPECT_NE(s.message().find("a.textproto:2:"), std::string::npos) << s.message();
}

// Found by textproto_fuzz: "\377" parsed into a proto3 string, and ToJson
// then failed silently.
TEST(TextProtoTest, InvalidUtf8IsAnErrorAtItsLine) {
  schemas::Provenance p;
  absl::Status s =
      ParseTextProto("stage: \"w04\"\ninputs {\n  path: \"a\\377\"\n}\n", "a.textproto", &p);
  ASSERT_EQ(s.code(), absl::StatusCode::kInvalidArgument);
  EXPECT_EQ(s.message(),
            "a.textproto:3:3: field 'inputs[0].path' of repro.schemas.Provenance is not valid "
            "UTF-8 (use a bytes field for raw bytes)");
}

TEST(TextProtoTest, JsonIsStable) {
  schemas::Provenance p;
  p.set_stage("w04");
  EXPECT_EQ(ToJson(p), ToJson(p));
  EXPECT_NE(ToJson(p).find("\"stage\": \"w04\""), std::string::npos);
}

}  // namespace
}  // namespace repro
