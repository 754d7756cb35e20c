#include "stages/framework/pipeline/utf8.h"

#include "gtest/gtest.h"
#include "stages/framework/schemas/provenance.pb.h"

namespace repro {
namespace {

TEST(Utf8, ValidityIsProtobufs) {
  EXPECT_TRUE(IsValidUtf8(""));
  EXPECT_TRUE(IsValidUtf8("d\xc3\xa4ta"));
  EXPECT_FALSE(IsValidUtf8("\xff"));
  EXPECT_FALSE(IsValidUtf8("d\xc3"));  // a sequence cut short
}

TEST(Utf8, SafeEscapesOnlyInvalidBytes) {
  EXPECT_EQ(Utf8Safe("d\xc3\xa4ta"), "d\xc3\xa4ta");
  EXPECT_EQ(Utf8Safe("a\xff"
                     "b\xc3"),
            "a\\xffb\\xc3");
  EXPECT_TRUE(IsValidUtf8(Utf8Safe("\xfe\xff\xc3\xa4\xc3")));
}

TEST(Utf8, ExcerptCutsAtASequenceBoundary) {
  EXPECT_EQ(Utf8Excerpt("abc", 3), "abc");
  EXPECT_EQ(Utf8Excerpt("ab\xc3\xa4z", 3), "ab...");
  EXPECT_EQ(Utf8Excerpt("\xff\xff\xff\xff", 2), "\\xff\\xff...");
}

TEST(Utf8, FindNamesTheFieldPath) {
  schemas::Provenance p;
  p.set_stage("ok");
  EXPECT_FALSE(FindInvalidUtf8(p).has_value());
  p.add_inputs()->set_path("fine");
  p.add_inputs()->set_path("bad\xff");
  std::optional<InvalidUtf8Field> f = FindInvalidUtf8(p);
  ASSERT_TRUE(f.has_value());
  EXPECT_EQ(f->path, "inputs[1].path");
  EXPECT_EQ(f->line, -1);
}

}  // namespace
}  // namespace repro
