#include "stages/corpus/internal/zlib_content.h"

#include <string>

#include "gtest/gtest.h"
#include "stages/framework/pipeline/status_testing.h"

namespace repro {
namespace corpus {
namespace internal {
namespace {

const char kGo[] = "package a\n\nfunc F() {\n\treturn\n}\n\nfunc G() {\n\treturn\n}\n";

std::string Deflated(absl::string_view content) {
  absl::StatusOr<std::string> s = DeflateContent(content);
  EXPECT_TRUE(s.ok()) << s.status();
  return s.ok() ? *s : "";
}

TEST(ZlibContentTest, RoundTripsByteForByte) {
  std::string binary(300, '\0');
  for (size_t i = 0; i < binary.size(); ++i) binary[i] = static_cast<char>(i * 7);
  for (const std::string& content : {std::string(kGo), std::string(), binary}) {
    absl::StatusOr<std::string> back = InflateContent(Deflated(content), content.size());
    ASSERT_TRUE(back.ok()) << back.status();
    EXPECT_EQ(*back, content);
  }
}

TEST(ZlibContentTest, TheSameContentGivesTheSameBytes) {
  EXPECT_EQ(Deflated(kGo), Deflated(kGo));
  EXPECT_LT(Deflated(std::string(10000, 'x')).size(), 100u);
}

TEST(ZlibContentTest, ACorruptStreamIsDataLoss) {
  std::string stream = Deflated(kGo);
  stream[stream.size() / 2] ^= 0x55;
  EXPECT_TRUE(
      IsError(InflateContent(stream, sizeof(kGo) - 1), absl::StatusCode::kDataLoss, "zlib stream"));
  EXPECT_TRUE(IsError(InflateContent("not zlib", 3), absl::StatusCode::kDataLoss,
                      "corrupt or truncated zlib stream"));
}

TEST(ZlibContentTest, ATruncatedStreamIsDataLoss) {
  const std::string stream = Deflated(kGo);
  EXPECT_TRUE(IsError(InflateContent(stream.substr(0, stream.size() - 3), sizeof(kGo) - 1),
                      absl::StatusCode::kDataLoss, "corrupt or truncated zlib stream"));
}

TEST(ZlibContentTest, AWrongSizeIsDataLoss) {
  const std::string stream = Deflated(kGo);
  EXPECT_TRUE(IsError(InflateContent(stream, sizeof(kGo)), absl::StatusCode::kDataLoss,
                      "content expected 55 bytes, its zlib stream holds 54"));
  EXPECT_TRUE(IsError(InflateContent(stream, 10), absl::StatusCode::kDataLoss,
                      "content expected 10 bytes, its zlib stream holds more"));
  EXPECT_TRUE(IsError(InflateContent(stream, uint64_t{1} << 40), absl::StatusCode::kDataLoss,
                      "cannot hold"));
}

TEST(ZlibContentTest, BytesAfterTheStreamAreDataLoss) {
  EXPECT_TRUE(IsError(InflateContent(Deflated(kGo) + "x", sizeof(kGo) - 1),
                      absl::StatusCode::kDataLoss, "bytes after it"));
}

}  // namespace
}  // namespace internal
}  // namespace corpus
}  // namespace repro
