// SHA-256 digests (FIPS 180-4) through OpenSSL's EVP interface.
//
// Sha256Hex returns the 64-character lowercase hex digest of `bytes`. The
// OpenSSL calls are checked: if EVP_Digest fails (it does not for a working
// libcrypto), the process prints the failure to stderr and aborts, since no
// caller can go on without the digest.
// Sha256File reads a whole file; an unreadable file is a NotFound or
// Internal status naming the path.
//
// Sha1Hex returns the 40-character lowercase hex SHA-1 digest of the
// concatenation of `parts`, checked the same way. It exists for identifiers
// that other formats define by SHA-1 (git blob ids, RFC 4122 version-5 UUIDs);
// the project's own content hashes are SHA-256.
#ifndef REPRO_STAGES_PIPELINE_SHA256_H_
#define REPRO_STAGES_PIPELINE_SHA256_H_

#include <initializer_list>
#include <string>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"

namespace repro {

std::string Sha256Hex(absl::string_view bytes);

absl::StatusOr<std::string> Sha256File(const std::string& path);

std::string Sha1Hex(std::initializer_list<absl::string_view> parts);

}  // namespace repro

#endif  // REPRO_STAGES_PIPELINE_SHA256_H_
