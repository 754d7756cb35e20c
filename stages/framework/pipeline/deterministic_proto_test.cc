#include "stages/framework/pipeline/deterministic_proto.h"

#include <string>

#include "gtest/gtest.h"
#include "stages/framework/schemas/provenance.pb.h"

namespace repro {
namespace {

TEST(DeterministicBytesTest, ParsesBackToTheSameMessage) {
  schemas::Provenance p;
  p.set_stage("rank");
  p.add_args("--k=10");
  schemas::Provenance back;
  ASSERT_TRUE(back.ParseFromString(DeterministicBytes(p)));
  EXPECT_EQ(back.stage(), "rank");
  ASSERT_EQ(back.args_size(), 1);
  EXPECT_EQ(back.args(0), "--k=10");
}

TEST(DeterministicBytesTest, EqualMessagesGiveEqualBytes) {
  schemas::Provenance a;
  a.set_stage("rank");
  schemas::Provenance b = a;
  EXPECT_EQ(DeterministicBytes(a), DeterministicBytes(b));
  EXPECT_EQ(DeterministicBytes(schemas::Provenance()), "");
}

}  // namespace
}  // namespace repro
