#include "stages/corpus/internal/zlib_content.h"

#include <zlib.h>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"

namespace repro {
namespace corpus {
namespace internal {
namespace {

// zlib's largest ratio of content to stream is 1032:1; a `bytes` beyond it
// is a corrupt size, refused before any allocation.
constexpr uint64_t kMaxRatio = 1032;

Bytef* In(absl::string_view s) { return reinterpret_cast<Bytef*>(const_cast<char*>(s.data())); }

}  // namespace

absl::StatusOr<std::string> DeflateContent(absl::string_view content) {
  uLongf size = compressBound(content.size());
  std::string out(size, '\0');
  const int rc = compress2(reinterpret_cast<Bytef*>(out.data()), &size, In(content), content.size(),
                           kContentLevel);
  if (rc != Z_OK) {
    return absl::ResourceExhaustedError(
        absl::StrCat("zlib compress2 of ", content.size(), " bytes failed (zlib code ", rc, ")"));
  }
  out.resize(size);
  return out;
}

absl::StatusOr<std::string> InflateContent(absl::string_view stream, uint64_t bytes) {
  if (bytes > kMaxRatio * stream.size() + 64) {
    return absl::DataLossError(absl::StrCat("a zlib stream of ", stream.size(),
                                            " bytes cannot hold the ", bytes,
                                            " bytes of the content"));
  }
  // One byte more than `bytes` tells a stream holding more from an exact one.
  std::string out(bytes + 1, '\0');
  uLongf out_size = out.size();
  uLong in_size = stream.size();
  const int rc = uncompress2(reinterpret_cast<Bytef*>(out.data()), &out_size, In(stream), &in_size);
  if (rc != Z_OK && rc != Z_BUF_ERROR) {
    return absl::DataLossError(
        absl::StrCat("corrupt or truncated zlib stream (zlib code ", rc, ": ", zError(rc), ")"));
  }
  if (rc == Z_BUF_ERROR || out_size != bytes) {
    return absl::DataLossError(absl::StrCat("content expected ", bytes,
                                            " bytes, its zlib stream holds ",
                                            rc == Z_BUF_ERROR ? "more" : absl::StrCat(out_size)));
  }
  if (in_size != stream.size()) {
    return absl::DataLossError(absl::StrCat("zlib stream of ", stream.size(), " bytes ends at ",
                                            in_size, ": bytes after it"));
  }
  out.resize(bytes);
  return out;
}

}  // namespace internal
}  // namespace corpus
}  // namespace repro
