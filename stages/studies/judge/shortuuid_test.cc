#include "stages/studies/judge/shortuuid.h"

#include "gtest/gtest.h"

namespace repro::judge {
namespace {

// Expected values from Python 3 uuid.uuid5 and shortuuid's algorithm.
TEST(ShortUuid, MatchesPython) {
  EXPECT_EQ(Uuid5Text("hello"), "9342d47a-1bab-5709-9869-c840b2eac501");
  EXPECT_EQ(ShortUuid("hello"), "UDTaRrnpgsP9VobgyvVfLm");
  EXPECT_EQ(ShortUuid(""), "G2XvSSebd6Tc4bHMenwxLy");
  EXPECT_EQ(Uuid5Text("https://example.org/x"), "fdb420ba-c7a0-5bc0-b348-39fd508cc82c");
  EXPECT_EQ(ShortUuid("https://example.org/x"), "o9wP8CNMWEuzGkPdiTPnxN");
  EXPECT_EQ(ShortUuid("Time management is a crucial skill."), "J2hQSyz7jrRLW96EpcAWcb");
  EXPECT_EQ(ShortUuid("caf\xc3\xa9"), "Jm9NXnACQLniFmRHPk2ijQ");
}

}  // namespace
}  // namespace repro::judge
