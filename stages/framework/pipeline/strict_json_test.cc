#include "stages/framework/pipeline/strict_json.h"

#include "gmock/gmock.h"
#include "gtest/gtest.h"

namespace repro {
namespace {

using ::testing::HasSubstr;

TEST(StrictJsonTest, ARepeatedKeyIsAnErrorAtAnyDepth) {
  EXPECT_THROW(ParseJsonRejectingDuplicates(R"({"a": 1, "a": 2})"), DuplicateJsonKey);
  EXPECT_THROW(ParseJsonRejectingDuplicates(R"({"o": {"k": 1, "k": 1}})"), DuplicateJsonKey);
  // The same key in two objects is fine.
  EXPECT_EQ(ParseJsonRejectingDuplicates(R"({"o": {"k": 1}, "p": {"k": 2}})")["p"]["k"], 2);
}

TEST(StrictJsonTest, ErrorsNameWhereAndWhat) {
  EXPECT_EQ(ParseJsonDocument(R"({"id": "a", "id": "b"})", "t.jsonl:3").status().message(),
            "t.jsonl:3: invalid JSON: duplicate key 'id' in one object (RFC 8259 leaves its "
            "meaning open)");
  EXPECT_THAT(ParseJsonDocument("{broken", "f.json").status().message(),
              HasSubstr("f.json: invalid JSON at byte 2: "));
  EXPECT_THAT(ParseJsonDocument("[1e400]", "f.json").status().message(),
              HasSubstr("f.json: invalid JSON"));
  EXPECT_TRUE(ParseJsonDocument("{}", "f.json").ok());
}

}  // namespace
}  // namespace repro
