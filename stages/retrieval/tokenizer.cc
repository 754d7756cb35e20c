#include "stages/retrieval/tokenizer.h"

#include <algorithm>
#include <array>
#include <cstdint>
#include <utility>

#include "absl/container/inlined_vector.h"

namespace repro::retrieval {
namespace {

// Lucene EnglishAnalyzer's default stop set, sorted.
constexpr std::array<absl::string_view, 33> kStopwords = {
    "a",   "an",    "and",  "are",   "as",    "at",   "be",   "but", "by",  "for",  "if",
    "in",  "into",  "is",   "it",    "no",    "not",  "of",   "on",  "or",  "such", "that",
    "the", "their", "then", "there", "these", "they", "this", "to",  "was", "will", "with"};

inline bool IsUpper(char c) { return c >= 'A' && c <= 'Z'; }
inline bool IsLower(char c) { return c >= 'a' && c <= 'z'; }
inline bool IsDigit(char c) { return c >= '0' && c <= '9'; }
inline bool IsWordByte(char c) { return IsUpper(c) || IsLower(c) || IsDigit(c) || c == '_'; }
inline char ToLower(char c) { return IsUpper(c) ? static_cast<char>(c + 32) : c; }

inline bool Keep(absl::string_view token) {
  return token.size() >= static_cast<size_t>(kMinTokenBytes) &&
         token.size() <= static_cast<size_t>(kMaxTokenBytes) && !IsStopword(token);
}

using Parts = absl::InlinedVector<std::pair<uint32_t, uint32_t>, 8>;

// Cuts `w` (one word) into parts [begin, end) by rule 2 of the header.
void SplitWord(absl::string_view w, Parts* parts) {
  const size_t n = w.size();
  size_t i = 0;
  while (i < n) {
    const char c = w[i];
    if (c == '_') {
      ++i;
      continue;
    }
    size_t start = i;
    if (IsDigit(c)) {
      while (i < n && IsDigit(w[i])) ++i;
    } else if (IsLower(c)) {
      while (i < n && IsLower(w[i])) ++i;
    } else {  // upper
      size_t r = i;
      while (r < n && IsUpper(w[r])) ++r;
      const size_t run = r - i;
      if (run >= 2 && r < n && w[r] == 's' && (r + 1 == n || !IsLower(w[r + 1]))) {
        i = r + 1;  // plural acronym: "URLs"
      } else if (r < n && IsLower(w[r])) {
        if (run == 1) {
          i = r;
          while (i < n && IsLower(w[i])) ++i;  // "Server"
        } else {
          i = r - 1;  // "HTTP" of "HTTPServer"; "Server" follows
        }
      } else {
        i = r;  // all capitals: "ID", "HTTP"
      }
    }
    parts->emplace_back(static_cast<uint32_t>(start), static_cast<uint32_t>(i));
  }
}

}  // namespace

bool IsStopword(absl::string_view token) {
  if (token.size() > 5) return false;
  return std::binary_search(kStopwords.begin(), kStopwords.end(), token);
}

absl::Span<const absl::string_view> Stopwords() { return absl::MakeConstSpan(kStopwords); }

void ForEachToken(absl::string_view text, absl::FunctionRef<void(absl::string_view)> emit) {
  std::string lower;
  Parts parts;
  const size_t n = text.size();
  size_t i = 0;
  while (i < n) {
    while (i < n && !IsWordByte(text[i])) ++i;
    if (i == n) break;
    const size_t start = i;
    while (i < n && IsWordByte(text[i])) ++i;
    const absl::string_view word = text.substr(start, i - start);

    parts.clear();
    SplitWord(word, &parts);
    lower.resize(word.size());
    for (size_t k = 0; k < word.size(); ++k) lower[k] = ToLower(word[k]);
    const absl::string_view lw(lower);

    if (parts.size() >= 2) {
      if (Keep(lw)) emit(lw);
    }
    for (const auto& [b, e] : parts) {
      const absl::string_view part = lw.substr(b, e - b);
      if (Keep(part)) emit(part);
    }
  }
}

std::vector<std::string> Tokenize(absl::string_view text) {
  std::vector<std::string> out;
  ForEachToken(text, [&out](absl::string_view t) { out.emplace_back(t); });
  return out;
}

}  // namespace repro::retrieval
