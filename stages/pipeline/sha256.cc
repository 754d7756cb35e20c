#include "stages/pipeline/sha256.h"

#include <openssl/evp.h>

#include <cstdlib>
#include <iostream>

#include "absl/strings/escaping.h"
#include "stages/pipeline/file_io.h"
#include "stages/pipeline/status_macros.h"

namespace repro {

namespace {

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

absl::StatusOr<std::string> Sha256File(const std::string& path) {
  ASSIGN_OR_RETURN(const std::string bytes, ReadFile(path));
  return Sha256Hex(bytes);
}

}  // namespace repro
