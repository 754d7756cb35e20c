#include "stages/corpus/internal/identifier_renaming.h"

#include <algorithm>
#include <utility>
#include <vector>

#include "absl/strings/ascii.h"
#include "absl/strings/escaping.h"
#include "absl/strings/str_cat.h"
#include "stages/framework/pipeline/sha256.h"

namespace repro::corpus::internal {
namespace {

constexpr absl::string_view kUpper = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";
constexpr absl::string_view kLower = "abcdefghijklmnopqrstuvwxyz";
constexpr absl::string_view kDigits = "0123456789";
constexpr absl::string_view kLowerOrDigit = "abcdefghijklmnopqrstuvwxyz0123456789";

bool IsWordChar(char c) { return absl::ascii_isalnum(c) || c == '_' || c == '$'; }

// A letter or digit, or a byte of a non-ASCII character: what makes a name
// more than punctuation ('_', '$').
bool IsNameChar(char c) { return absl::ascii_isalnum(c) || static_cast<unsigned char>(c) >= 0x80; }

// The word of a name: without its leading '@' and '#' and trailing '?' and '!'.
absl::string_view WordOf(absl::string_view name) {
  while (!name.empty() && (name.front() == '@' || name.front() == '#')) name.remove_prefix(1);
  while (!name.empty() && (name.back() == '?' || name.back() == '!')) name.remove_suffix(1);
  return name;
}

// Per byte of `name`, the letters it may become: empty where it is kept.
// nullopt when the name is not renamable (not ASCII; a sigil inside).
std::optional<std::vector<absl::string_view>> Shape(absl::string_view name) {
  const absl::string_view word = WordOf(name);
  if (word.empty()) return std::nullopt;
  std::vector<absl::string_view> shape(name.size());
  const size_t begin = word.data() - name.data();
  bool head = true;
  for (size_t i = begin; i < begin + word.size(); ++i) {
    const char c = name[i];
    if (!IsWordChar(c)) return std::nullopt;  // also every non-ASCII byte
    if (!absl::ascii_isalnum(c)) continue;
    if (!head) {
      shape[i] = kLowerOrDigit;
    } else {
      shape[i] = absl::ascii_isupper(c) ? kUpper : absl::ascii_islower(c) ? kLower : kDigits;
    }
    head = false;
  }
  return shape;
}

// The number of names of `shape`, saturated just above kSmallSpace.
uint64_t SpaceSize(const std::vector<absl::string_view>& shape) {
  uint64_t size = 1;
  for (absl::string_view letters : shape) {
    if (!letters.empty()) size = std::min(size * letters.size(), kSmallSpace + 1);
  }
  return size;
}

// At least `n` bytes drawn from SHA-256 of the salt, the name and the attempt.
std::string Draw(absl::string_view salt, absl::string_view name, int attempt, size_t n) {
  std::string out;
  for (int block = 0; out.size() < n; ++block) {
    const std::string key =
        absl::StrCat(salt, std::string(1, '\0'), name, std::string(1, '\0'), attempt, ".", block);
    out += absl::HexStringToBytes(Sha256Hex(key));
  }
  return out;
}

uint32_t At(const std::string& bytes, size_t i) {
  return static_cast<uint8_t>(bytes[2 * i]) << 8 | static_cast<uint8_t>(bytes[2 * i + 1]);
}

// A candidate of `shape`: each letter from two drawn bytes.
std::string FromDraw(absl::string_view name, const std::vector<absl::string_view>& shape,
                     const std::string& bytes) {
  std::string out(name);
  for (size_t i = 0; i < shape.size(); ++i) {
    if (!shape[i].empty()) out[i] = shape[i][At(bytes, i) % shape[i].size()];
  }
  return out;
}

// The `index`th name of `shape` (mixed radix, the last byte the fastest).
std::string FromIndex(absl::string_view name, const std::vector<absl::string_view>& shape,
                      uint64_t index) {
  std::string out(name);
  for (size_t i = shape.size(); i-- > 0;) {
    if (shape[i].empty()) continue;
    out[i] = shape[i][index % shape[i].size()];
    index /= shape[i].size();
  }
  return out;
}

bool Free(absl::string_view candidate, const std::set<std::string>& taken) {
  return taken.count(std::string(WordOf(candidate))) == 0;
}

// Every name of a small space in turn, from a drawn place.
std::optional<std::string> SearchWhole(absl::string_view name, absl::string_view salt,
                                       const std::vector<absl::string_view>& shape, uint64_t size,
                                       const std::set<std::string>& taken) {
  const std::string bytes = Draw(salt, name, 0, 8);
  uint64_t start = 0;
  for (int i = 0; i < 8; ++i) start = start << 8 | static_cast<uint8_t>(bytes[i]);
  for (uint64_t k = 0; k < size; ++k) {
    std::string candidate = FromIndex(name, shape, (start + k) % size);
    if (Free(candidate, taken)) return candidate;
  }
  return std::nullopt;
}

std::optional<std::string> SearchDrawn(absl::string_view name, absl::string_view salt,
                                       const std::vector<absl::string_view>& shape,
                                       const std::set<std::string>& taken) {
  for (int attempt = 0; attempt < kAttempts; ++attempt) {
    std::string candidate = FromDraw(name, shape, Draw(salt, name, attempt, 2 * shape.size()));
    if (Free(candidate, taken)) return candidate;
  }
  return std::nullopt;
}

absl::string_view TextOf(absl::string_view source, const CapturedNode& node) {
  if (node.start >= node.end || node.end > source.size()) return {};
  return source.substr(node.start, node.end - node.start);
}

const std::vector<CapturedNode>& Of(const Captures& captures, const char* name) {
  static const std::vector<CapturedNode>* const kNone = new std::vector<CapturedNode>();
  const auto it = captures.find(name);
  return it == captures.end() ? *kNone : it->second;
}

}  // namespace

std::set<std::string> GrammarKeywords(const TSLanguage* language) {
  std::set<std::string> out;
  const uint32_t count = ts_language_symbol_count(language);
  for (TSSymbol s = 0; s < count; ++s) {
    if (ts_language_symbol_type(language, s) != TSSymbolTypeAnonymous) continue;
    const absl::string_view name = ts_language_symbol_name(language, s);
    if (!name.empty() && std::all_of(name.begin(), name.end(), IsWordChar)) {
      out.emplace(name);
    }
  }
  return out;
}

std::set<std::string> WordsOf(absl::string_view text) {
  std::set<std::string> out;
  size_t i = 0;
  while (i < text.size()) {
    if (!IsWordChar(text[i])) {
      ++i;
      continue;
    }
    const size_t start = i;
    while (i < text.size() && IsWordChar(text[i])) ++i;
    out.emplace(text.substr(start, i - start));
  }
  return out;
}

std::optional<std::string> OpaqueName(absl::string_view name, absl::string_view salt,
                                      const std::set<std::string>& taken) {
  const std::optional<std::vector<absl::string_view>> shape = Shape(name);
  if (!shape.has_value()) return std::nullopt;
  const uint64_t size = SpaceSize(*shape);
  if (size <= kSmallSpace) return SearchWhole(name, salt, *shape, size, taken);
  return SearchDrawn(name, salt, *shape, taken);
}

Renaming PlanRenaming(absl::string_view source, const Captures& captures, absl::string_view salt,
                      std::set<std::string> keywords) {
  std::set<std::string> names;  // byte order
  for (const CapturedNode& d : Of(captures, kDefinitionCapture)) {
    const absl::string_view text = TextOf(source, d);
    if (std::any_of(text.begin(), text.end(), IsNameChar)) names.emplace(text);
  }
  std::set<std::string> taken = std::move(keywords);
  for (std::string word : WordsOf(source)) taken.insert(std::move(word));
  Renaming out;
  for (const std::string& name : names) {
    std::optional<std::string> replacement = OpaqueName(name, salt, taken);
    if (!replacement.has_value()) {
      ++out.kept;
      continue;
    }
    taken.emplace(WordOf(*replacement));
    out.names.emplace(name, *std::move(replacement));
  }
  return out;
}

int ApplyRenaming(const Renaming& renaming, const Captures& captures, std::string* text) {
  std::vector<CapturedNode> nodes = Of(captures, kDefinitionCapture);
  const std::vector<CapturedNode>& references = Of(captures, kReferenceCapture);
  nodes.insert(nodes.end(), references.begin(), references.end());
  std::stable_sort(nodes.begin(), nodes.end(), [](const CapturedNode& a, const CapturedNode& b) {
    return a.start != b.start ? a.start < b.start : a.end > b.end;
  });
  int occurrences = 0;
  uint32_t done = 0;  // the end of the last node replaced or passed
  for (const CapturedNode& n : nodes) {
    if (n.start < done) continue;
    const auto it = renaming.names.find(std::string(TextOf(*text, n)));
    done = n.end;
    if (it == renaming.names.end()) continue;
    text->replace(n.start, n.end - n.start, it->second);
    ++occurrences;
  }
  return occurrences;
}

}  // namespace repro::corpus::internal
