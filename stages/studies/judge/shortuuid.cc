#include "stages/studies/judge/shortuuid.h"

#include <algorithm>
#include <array>
#include <string>

#include "absl/strings/ascii.h"
#include "absl/strings/escaping.h"
#include "absl/strings/match.h"
#include "absl/strings/str_format.h"
#include "stages/framework/pipeline/sha256.h"

namespace repro::judge {
namespace {

using Bytes16 = std::array<unsigned char, 16>;

// 6ba7b810-9dad-11d1-80b4-00c04fd430c8 (DNS) and ...811... (URL), RFC 4122.
constexpr Bytes16 kDns = {0x6b, 0xa7, 0xb8, 0x10, 0x9d, 0xad, 0x11, 0xd1,
                          0x80, 0xb4, 0x00, 0xc0, 0x4f, 0xd4, 0x30, 0xc8};
constexpr Bytes16 kUrl = {0x6b, 0xa7, 0xb8, 0x11, 0x9d, 0xad, 0x11, 0xd1,
                          0x80, 0xb4, 0x00, 0xc0, 0x4f, 0xd4, 0x30, 0xc8};
constexpr char kAlphabet[] = "23456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz";

Bytes16 Uuid5(absl::string_view name) {
  const std::string head = absl::AsciiStrToLower(name.substr(0, 8));
  const Bytes16& ns =
      absl::StartsWith(head, "http://") || absl::StartsWith(head, "https://") ? kUrl : kDns;
  const std::string digest = absl::HexStringToBytes(
      Sha1Hex({absl::string_view(reinterpret_cast<const char*>(ns.data()), ns.size()), name}));
  Bytes16 u;
  std::copy(digest.begin(), digest.begin() + 16, u.begin());
  u[6] = (u[6] & 0x0f) | 0x50;
  u[8] = (u[8] & 0x3f) | 0x80;
  return u;
}

}  // namespace

std::string Uuid5Text(absl::string_view name) {
  const Bytes16 u = Uuid5(name);
  std::string s;
  for (int i = 0; i < 16; ++i) {
    if (i == 4 || i == 6 || i == 8 || i == 10) s += '-';
    s += absl::StrFormat("%02x", u[i]);
  }
  return s;
}

std::string ShortUuid(absl::string_view name) {
  Bytes16 n = Uuid5(name);
  std::string digits;  // least significant first
  auto is_zero = [&n] {
    return std::all_of(n.begin(), n.end(), [](unsigned char c) { return c == 0; });
  };
  while (!is_zero()) {
    // Long division of the big-endian 128-bit number by 57.
    unsigned rem = 0;
    for (unsigned char& byte : n) {
      const unsigned cur = (rem << 8) | byte;
      byte = static_cast<unsigned char>(cur / 57);
      rem = cur % 57;
    }
    digits += kAlphabet[rem];
  }
  while (digits.size() < 22) digits += kAlphabet[0];
  std::reverse(digits.begin(), digits.end());
  return digits;
}

}  // namespace repro::judge
