// SHA-256 digests (FIPS 180-4) through OpenSSL's EVP interface.
//
// Sha256Hex returns the 64-character lowercase hex digest of `bytes`. The
// OpenSSL calls are checked: if EVP_Digest fails (it does not for a working
// libcrypto), the process prints the failure to stderr and aborts, since no
// caller can go on without the digest.
// Sha256OfFile hashes a file 1 MiB at a time (a large file is never held in
// memory) and returns the hex digest and the file's size; Sha256File returns
// the digest alone. A file that cannot be opened is NotFound, a read error
// Internal, each naming the path.
//
// Sha1Hex returns the 40-character lowercase hex SHA-1 digest of the
// concatenation of `parts`, checked the same way. It exists for identifiers
// that other formats define by SHA-1 (git blob ids, RFC 4122 version-5 UUIDs);
// the project's own content hashes are SHA-256.
#ifndef REPRO_STAGES_FRAMEWORK_PIPELINE_SHA256_H_
#define REPRO_STAGES_FRAMEWORK_PIPELINE_SHA256_H_

#include <cstdint>
#include <initializer_list>
#include <string>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"

namespace repro {

std::string Sha256Hex(absl::string_view bytes);

struct FileSha256 {
  std::string hex;     // 64 lowercase hex digits
  uint64_t bytes = 0;  // the file's size
};

absl::StatusOr<FileSha256> Sha256OfFile(const std::string& path);

absl::StatusOr<std::string> Sha256File(const std::string& path);

std::string Sha1Hex(std::initializer_list<absl::string_view> parts);

}  // namespace repro

#endif  // REPRO_STAGES_FRAMEWORK_PIPELINE_SHA256_H_
