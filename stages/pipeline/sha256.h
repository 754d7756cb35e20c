// SHA-256 digests (FIPS 180-4) through OpenSSL's EVP interface.
//
// Sha256Hex returns the 64-character lowercase hex digest of `bytes`.
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
