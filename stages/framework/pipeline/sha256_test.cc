#include "stages/framework/pipeline/sha256.h"

#include <cstdlib>
#include <fstream>
#include <string>

#include "gtest/gtest.h"

namespace repro {
namespace {

TEST(Sha256Test, KnownVectors) {  // FIPS 180-4 examples
  EXPECT_EQ(Sha256Hex(""), "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
  EXPECT_EQ(Sha256Hex("abc"), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  EXPECT_EQ(Sha256Hex("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq"),
            "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1");
}

TEST(Sha1Test, KnownVectorsAndParts) {  // FIPS 180-4 examples; parts are concatenated
  EXPECT_EQ(Sha1Hex({""}), "da39a3ee5e6b4b0d3255bfef95601890afd80709");
  EXPECT_EQ(Sha1Hex({"abc"}), "a9993e364706816aba3e25717850c26c9cd0d89d");
  EXPECT_EQ(Sha1Hex({"a", "", "bc"}), "a9993e364706816aba3e25717850c26c9cd0d89d");
}

TEST(Sha256Test, MissingFileIsNotFound) {
  EXPECT_EQ(Sha256File("/nonexistent/x").status().code(), absl::StatusCode::kNotFound);
  EXPECT_EQ(Sha256OfFile("/nonexistent/x").status().code(), absl::StatusCode::kNotFound);
}

// A file is hashed in 1 MiB chunks: the digest is that of its whole bytes,
// across chunk boundaries and for an empty file.
TEST(Sha256Test, FilesAreHashedWholeInChunks) {
  const std::string dir = std::getenv("TEST_TMPDIR") ? std::getenv("TEST_TMPDIR") : "/tmp";
  for (const size_t size : {size_t{0}, size_t{1} << 20, (size_t{5} << 19) + 7}) {
    std::string bytes(size, '\0');
    for (size_t i = 0; i < size; ++i) bytes[i] = static_cast<char>((i * 131) % 251);
    const std::string path = dir + "/chunked_" + std::to_string(size);
    std::ofstream(path, std::ios::binary).write(bytes.data(), static_cast<std::streamsize>(size));
    absl::StatusOr<FileSha256> d = Sha256OfFile(path);
    ASSERT_TRUE(d.ok()) << d.status();
    EXPECT_EQ(d->hex, Sha256Hex(bytes)) << size;
    EXPECT_EQ(d->bytes, size);
    EXPECT_EQ(*Sha256File(path), Sha256Hex(bytes));
  }
}

}  // namespace
}  // namespace repro
