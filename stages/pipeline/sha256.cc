#include "stages/pipeline/sha256.h"

#include <openssl/evp.h>

#include "absl/strings/escaping.h"
#include "stages/pipeline/file_io.h"

namespace repro {

std::string Sha256Hex(absl::string_view bytes) {
  unsigned char digest[EVP_MAX_MD_SIZE];
  unsigned int len = 0;
  EVP_Digest(bytes.data(), bytes.size(), digest, &len, EVP_sha256(), nullptr);
  return absl::BytesToHexString(
      absl::string_view(reinterpret_cast<const char*>(digest), len));
}

absl::StatusOr<std::string> Sha256File(const std::string& path) {
  absl::StatusOr<std::string> bytes = ReadFile(path);
  if (!bytes.ok()) return bytes.status();
  return Sha256Hex(*bytes);
}

}  // namespace repro
