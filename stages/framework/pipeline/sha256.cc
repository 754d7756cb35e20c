#include "stages/framework/pipeline/sha256.h"

#include <openssl/evp.h>

#include <cstdlib>
#include <fstream>
#include <iostream>
#include <utility>
#include <vector>

#include "absl/strings/escaping.h"
#include "absl/strings/str_cat.h"
#include "stages/framework/pipeline/status_macros.h"

namespace repro {

namespace {

constexpr size_t kFileChunkBytes = size_t{1} << 20;  // files are hashed 1 MiB at a time

// The hex digest of the concatenation of `parts` under `md`. EVP calls return
// 1 on success; a failure (the algorithm missing from this OpenSSL, an
// allocation failure) leaves no digest to return: stop rather than hash
// content to a wrong or empty value.
std::string EvpHex(const EVP_MD* md, const char* name, unsigned int expected_len,
                   std::initializer_list<absl::string_view> parts) {
  unsigned char digest[EVP_MAX_MD_SIZE];
  unsigned int len = 0;
  size_t total = 0;
  EVP_MD_CTX* ctx = EVP_MD_CTX_new();
  bool ok = md != nullptr && ctx != nullptr && EVP_DigestInit_ex(ctx, md, nullptr) == 1;
  for (absl::string_view part : parts) {
    ok = ok && EVP_DigestUpdate(ctx, part.data(), part.size()) == 1;
    total += part.size();
  }
  ok = ok && EVP_DigestFinal_ex(ctx, digest, &len) == 1 && len == expected_len;
  EVP_MD_CTX_free(ctx);
  if (!ok) {
    std::cerr << "OpenSSL EVP digest (" << name << ") failed on " << total
              << " bytes (digest length " << len << ", expected " << expected_len << ")\n";
    std::abort();
  }
  return absl::BytesToHexString(absl::string_view(reinterpret_cast<const char*>(digest), len));
}

}  // namespace

std::string Sha256Hex(absl::string_view bytes) {
  return EvpHex(EVP_sha256(), "SHA-256", 32, {bytes});
}

std::string Sha1Hex(std::initializer_list<absl::string_view> parts) {
  return EvpHex(EVP_sha1(), "SHA-1", 20, parts);
}

absl::StatusOr<FileSha256> Sha256OfFile(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return absl::NotFoundError(absl::StrCat(path, ": cannot open"));
  const EVP_MD* md = EVP_sha256();
  unsigned char digest[EVP_MAX_MD_SIZE];
  unsigned int len = 0;
  uint64_t total = 0;
  EVP_MD_CTX* ctx = EVP_MD_CTX_new();
  bool ok = md != nullptr && ctx != nullptr && EVP_DigestInit_ex(ctx, md, nullptr) == 1;
  std::vector<char> buffer(kFileChunkBytes);
  while (ok && in) {
    in.read(buffer.data(), static_cast<std::streamsize>(buffer.size()));
    const std::streamsize n = in.gcount();
    if (n > 0) ok = EVP_DigestUpdate(ctx, buffer.data(), static_cast<size_t>(n)) == 1;
    total += static_cast<uint64_t>(n);
  }
  const bool read_error = in.bad();
  ok = ok && EVP_DigestFinal_ex(ctx, digest, &len) == 1 && len == 32;
  EVP_MD_CTX_free(ctx);
  if (read_error) return absl::InternalError(absl::StrCat(path, ": read error"));
  if (!ok) {
    std::cerr << "OpenSSL EVP digest (SHA-256) failed on " << path << " after " << total
              << " bytes (digest length " << len << ", expected 32)\n";
    std::abort();
  }
  return FileSha256{
      absl::BytesToHexString(absl::string_view(reinterpret_cast<const char*>(digest), len)), total};
}

absl::StatusOr<std::string> Sha256File(const std::string& path) {
  ASSIGN_OR_RETURN(FileSha256 d, Sha256OfFile(path));
  return std::move(d.hex);
}

}  // namespace repro
