// SHA-256 digests (FIPS 180-4) through OpenSSL's EVP interface.
//
// Sha256Hex returns the 64-character lowercase hex digest of `bytes`. The
// OpenSSL calls are checked: if EVP_Digest fails (it does not for a working
// libcrypto), the process prints the failure to stderr and aborts, since no
// caller can go on without the digest.
// Sha256File reads a whole file; an unreadable file is a NotFound or
// Internal status naming the path.
#ifndef REPRO_STAGES_PIPELINE_SHA256_H_
#define REPRO_STAGES_PIPELINE_SHA256_H_

#include <string>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"

namespace repro {

std::string Sha256Hex(absl::string_view bytes);

absl::StatusOr<std::string> Sha256File(const std::string& path);

}  // namespace repro

#endif  // REPRO_STAGES_PIPELINE_SHA256_H_
