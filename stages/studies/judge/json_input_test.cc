#include "stages/studies/judge/json_input.h"

#include <zlib.h>

#include "absl/strings/str_cat.h"
#include "gtest/gtest.h"
#include "stages/framework/pipeline/utf8.h"

namespace repro::judge {
namespace {

std::string Gzip(const std::string& s) {
  z_stream zs{};
  deflateInit2(&zs, 9, Z_DEFLATED, 16 + MAX_WBITS, 8, Z_DEFAULT_STRATEGY);
  std::string out(deflateBound(&zs, s.size()) + 32, '\0');
  zs.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(s.data()));
  zs.avail_in = s.size();
  zs.next_out = reinterpret_cast<Bytef*>(out.data());
  zs.avail_out = out.size();
  deflate(&zs, Z_FINISH);
  out.resize(zs.total_out);
  deflateEnd(&zs);
  return out;
}

TEST(MaybeGunzip, PlainAndGzip) {
  EXPECT_EQ(*MaybeGunzip("[1, 2]", "f.json"), "[1, 2]");
  const std::string text = "{\"a\": \"" + std::string(200000, 'x') + "\"}\n";
  EXPECT_EQ(*MaybeGunzip(Gzip(text), "f.json.gz"), text);
  std::string bad = Gzip(text).substr(0, 50);
  absl::StatusOr<std::string> r = MaybeGunzip(bad, "f.json.gz");
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.status().message().find("f.json.gz"), std::string::npos);
}

TEST(ParseJsonDocument, ErrorNamesFileAndByte) {
  EXPECT_EQ((*ParseJsonDocument("{\"k\": [1]}", "x"))["k"][0], 1);
  absl::StatusOr<Json> r = ParseJsonDocument("{\"k\": [1,}", "data/x.json");
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.status().message().find("data/x.json: invalid JSON at byte"), std::string::npos);
}

TEST(ParseJsonLines, NumbersOutOfRangeAreMalformedLinesNotCrashes) {
  // nlohmann throws out_of_range (not parse_error) for 1e400.
  JsonLines j = ParseJsonLines("{\"a\": 1}\n{\"score\": 1e400}\n");
  ASSERT_EQ(j.values.size(), 1u);
  ASSERT_EQ(j.malformed.size(), 1u);
  EXPECT_EQ(j.malformed[0].line, 2);
  EXPECT_NE(j.malformed[0].message.find("1e400"), std::string::npos) << j.malformed[0].message;
  absl::StatusOr<Json> doc = ParseJsonDocument("[1e400]", "data/x.json");
  ASSERT_FALSE(doc.ok());
  EXPECT_NE(doc.status().message().find("data/x.json: invalid JSON"), std::string::npos);
}

TEST(ParseJsonLines, DuplicateKeysAreMalformed) {
  JsonLines j = ParseJsonLines("{\"a\": 1, \"a\": 2}\n{\"o\": {\"k\": 1}, \"p\": {\"k\": 2}}\n");
  ASSERT_EQ(j.malformed.size(), 1u);
  EXPECT_EQ(j.malformed[0].line, 1);
  EXPECT_NE(j.malformed[0].message.find("duplicate key 'a'"), std::string::npos);
  ASSERT_EQ(j.values.size(), 1u);  // the same key in two objects is fine
  EXPECT_FALSE(ParseJsonDocument("{\"a\": 1, \"a\": 2}", "d.json").ok());
}

TEST(GetInt, Int32RangeOnly) {
  for (const char* bad : {"4294967299", "-2147483649", "1e300", "1e400x"}) {
    absl::StatusOr<Json> doc = ParseJsonDocument(absl::StrCat("{\"n\": ", bad, "}"), "f");
    if (!doc.ok()) continue;  // 1e400x is not JSON at all
    absl::StatusOr<long long> v = GetInt(*doc, "n", "f:1");
    ASSERT_FALSE(v.ok()) << bad;
    EXPECT_NE(v.status().message().find(
                  "f:1: field 'n': expected an integer in [-2147483648, 2147483647]"),
              std::string::npos)
        << v.status();
  }
  EXPECT_EQ(*GetInt(*ParseJsonDocument("{\"n\": 2147483647}", "f"), "n", "f"), 2147483647);
  EXPECT_EQ(*GetInt(*ParseJsonDocument("{\"n\": 7.0}", "f"), "n", "f"), 7);
}

TEST(ParseJsonLines, MalformedLinesAreReturnedNotFatal) {
  JsonLines j = ParseJsonLines("{\"a\": 1}\n{broken\n\n{\"a\": 2}\n");
  ASSERT_EQ(j.values.size(), 2u);
  EXPECT_EQ(j.values[1].line, 4);
  ASSERT_EQ(j.malformed.size(), 1u);
  EXPECT_EQ(j.malformed[0].line, 2);
  EXPECT_EQ(j.malformed[0].excerpt, "{broken");
  EXPECT_EQ(j.blank_lines, 1);
}

// Found by judge_log_fuzz: raw bytes of a malformed line reached a proto3
// string field (ImportIssue.detail) and the next stage could not read it.
TEST(ParseJsonLines, ExcerptsAndMessagesAreValidUtf8) {
  JsonLines j = ParseJsonLines("\xff\xfe{\n\"\xc3\n");
  ASSERT_EQ(j.malformed.size(), 2u);
  EXPECT_EQ(j.malformed[0].excerpt, "\\xff\\xfe{");
  EXPECT_EQ(j.malformed[1].excerpt, "\"\\xc3");
  for (const MalformedLine& m : j.malformed) {
    EXPECT_TRUE(IsValidUtf8(m.message)) << m.message;
  }
}

TEST(GetField, TypedErrors) {
  Json o = Json::parse(R"({"s": "x", "i": 3, "f": 2.0, "g": 2.5})");
  EXPECT_EQ(*GetString(o, "s", "w"), "x");
  EXPECT_EQ(*GetInt(o, "i", "w"), 3);
  EXPECT_EQ(*GetInt(o, "f", "w"), 2);
  EXPECT_FALSE(GetInt(o, "g", "w").ok());
  EXPECT_EQ(GetString(o, "i", "f.jsonl:3").status().message(),
            "f.jsonl:3: field 'i': expected string, found number");
  EXPECT_EQ(GetString(o, "zz", "w").status().message(), "w: field 'zz' is missing");
}

}  // namespace
}  // namespace repro::judge
