#include "stages/pipeline/sha256.h"

#include <openssl/evp.h>

#include <cstdlib>
#include <iostream>

#include "absl/strings/escaping.h"
#include "stages/pipeline/file_io.h"

namespace repro {

std::string Sha256Hex(absl::string_view bytes) {
  unsigned char digest[EVP_MAX_MD_SIZE];
  unsigned int len = 0;
  const EVP_MD* md = EVP_sha256();
  // EVP_Digest returns 1 on success. A failure (no SHA-256 in this OpenSSL, an
  // allocation failure) leaves no digest to return: stop rather than hash
  // content to a wrong or empty value.
  if (md == nullptr || EVP_Digest(bytes.data(), bytes.size(), digest, &len, md, nullptr) != 1 ||
      len != 32) {
    std::cerr << "Sha256Hex: OpenSSL EVP_Digest(SHA-256) failed on " << bytes.size()
              << " bytes (digest length " << len << ", expected 32)\n";
    std::abort();
  }
  return absl::BytesToHexString(absl::string_view(reinterpret_cast<const char*>(digest), len));
}

absl::StatusOr<std::string> Sha256File(const std::string& path) {
  absl::StatusOr<std::string> bytes = ReadFile(path);
  if (!bytes.ok()) return bytes.status();
  return Sha256Hex(*bytes);
}

}  // namespace repro
