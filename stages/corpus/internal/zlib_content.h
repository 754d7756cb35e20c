// The compressed content of a stored snapshot's files (stored_corpus.h).
//
// DeflateContent(content) is the zlib stream (RFC 1950) of `content` that
// zlib's compress2 writes at kContentLevel: the same content and zlib build
// give the same bytes, so a stored artifact is a pure function of its inputs.
// InflateContent(stream, bytes) returns the content back and checks that it
// is exactly `bytes` long and that `stream` holds nothing after the zlib
// stream; a corrupt, truncated or mislabelled stream is DataLoss saying what
// was expected and what was found (the caller names the artifact and path).
// Only the content's bytes are compressed: its sha256, git blob id and size
// stay those of the content itself.
#ifndef REPRO_STAGES_CORPUS_INTERNAL_ZLIB_CONTENT_H_
#define REPRO_STAGES_CORPUS_INTERNAL_ZLIB_CONTENT_H_

#include <cstdint>
#include <string>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"

namespace repro {
namespace corpus {
namespace internal {

// The deflate level of every stored content: fixed, so the bytes are too.
inline constexpr int kContentLevel = 6;

// The zlib stream of `content` at kContentLevel. Fails only when zlib
// cannot allocate its state (ResourceExhausted).
absl::StatusOr<std::string> DeflateContent(absl::string_view content);

// The content of zlib stream `stream`, which must be `bytes` long.
absl::StatusOr<std::string> InflateContent(absl::string_view stream, uint64_t bytes);

}  // namespace internal
}  // namespace corpus
}  // namespace repro

#endif  // REPRO_STAGES_CORPUS_INTERNAL_ZLIB_CONTENT_H_
