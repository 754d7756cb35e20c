#include "stages/studies/judge/json_input.h"

#include <zlib.h>

#include <cmath>
#include <cstdint>
#include <limits>
#include <set>
#include <stdexcept>
#include <string>
#include <vector>

#include "absl/strings/ascii.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "stages/framework/pipeline/status_macros.h"
#include "stages/framework/pipeline/strict_json.h"
#include "stages/framework/pipeline/utf8.h"

namespace repro::judge {

absl::StatusOr<std::string> MaybeGunzip(absl::string_view bytes, absl::string_view file) {
  if (bytes.size() < 2 || static_cast<unsigned char>(bytes[0]) != 0x1f ||
      static_cast<unsigned char>(bytes[1]) != 0x8b) {
    return std::string(bytes);
  }
  z_stream zs{};
  if (inflateInit2(&zs, 16 + MAX_WBITS) != Z_OK) {
    return absl::InternalError(absl::StrCat(file, ": zlib inflateInit2 failed"));
  }
  zs.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(bytes.data()));
  zs.avail_in = static_cast<uInt>(bytes.size());
  std::string out;
  char buf[1 << 16];
  int rc = Z_OK;
  while (rc == Z_OK) {
    zs.next_out = reinterpret_cast<Bytef*>(buf);
    zs.avail_out = sizeof(buf);
    rc = inflate(&zs, Z_NO_FLUSH);
    if (rc != Z_OK && rc != Z_STREAM_END) break;
    out.append(buf, sizeof(buf) - zs.avail_out);
  }
  const bool trailing = zs.avail_in != 0;
  inflateEnd(&zs);
  if (rc != Z_STREAM_END) {
    return absl::InvalidArgumentError(
        absl::StrCat(file, ": corrupt or truncated gzip data (zlib code ", rc, ")"));
  }
  if (trailing) {
    return absl::InvalidArgumentError(
        absl::StrCat(file, ": bytes after the gzip stream (multi-member gzip is not supported)"));
  }
  return out;
}

absl::StatusOr<Json> ParseJsonDocument(absl::string_view text, absl::string_view file) {
  return repro::ParseJsonDocument(text, file);
}

namespace {

absl::StatusOr<const Json*> Field(const Json& obj, absl::string_view name,
                                  absl::string_view where) {
  if (!obj.is_object()) {
    return absl::InvalidArgumentError(
        absl::StrCat(where, ": expected a JSON object, found ", obj.type_name()));
  }
  auto it = obj.find(std::string(name));
  if (it == obj.end()) {
    return absl::InvalidArgumentError(absl::StrCat(where, ": field '", name, "' is missing"));
  }
  return &*it;
}

absl::Status TypeError(absl::string_view where, absl::string_view name, absl::string_view expected,
                       const Json& found) {
  return absl::InvalidArgumentError(absl::StrCat(where, ": field '", name, "': expected ", expected,
                                                 ", found ", found.type_name()));
}

}  // namespace

absl::StatusOr<std::string> GetString(const Json& obj, absl::string_view name,
                                      absl::string_view where) {
  ASSIGN_OR_RETURN(const Json* f, Field(obj, name, where));
  if (!f->is_string()) return TypeError(where, name, "string", *f);
  return f->get<std::string>();
}

absl::StatusOr<long long> GetInt(const Json& obj, absl::string_view name, absl::string_view where) {
  ASSIGN_OR_RETURN(const Json* f, Field(obj, name, where));
  // Ids and counts land in int fields: anything outside int32 would wrap
  // (4294967299 into 3) or, as a double, be undefined behaviour (1e300).
  constexpr long long kMin = std::numeric_limits<int32_t>::min();
  constexpr long long kMax = std::numeric_limits<int32_t>::max();
  auto out_of_range = [&](const std::string& found) {
    return absl::InvalidArgumentError(absl::StrCat(where, ": field '", name,
                                                   "': expected an integer in [", kMin, ", ", kMax,
                                                   "], found ", found));
  };
  if (f->is_number_unsigned()) {
    const auto u = f->get<unsigned long long>();
    if (u > static_cast<unsigned long long>(kMax)) return out_of_range(absl::StrCat(u));
    return static_cast<long long>(u);
  }
  if (f->is_number_integer()) {
    const long long v = f->get<long long>();
    if (v < kMin || v > kMax) return out_of_range(absl::StrCat(v));
    return v;
  }
  if (f->is_number_float()) {
    const double d = f->get<double>();
    if (!(d >= static_cast<double>(kMin) && d <= static_cast<double>(kMax))) {
      return out_of_range(absl::StrCat(d));
    }
    if (std::floor(d) == d) return static_cast<long long>(d);
  }
  return TypeError(where, name, "integer", *f);
}

absl::StatusOr<double> GetNumber(const Json& obj, absl::string_view name, absl::string_view where) {
  ASSIGN_OR_RETURN(const Json* f, Field(obj, name, where));
  if (!f->is_number()) return TypeError(where, name, "number", *f);
  return f->get<double>();
}

}  // namespace repro::judge
