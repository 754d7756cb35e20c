#include "stages/inspect/lineage/value_search.h"

#include <algorithm>
#include <cctype>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "absl/strings/ascii.h"
#include "absl/strings/match.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_split.h"
#include "absl/strings/strip.h"
#include "nlohmann/json.hpp"

namespace repro::lineage {
namespace {

constexpr size_t kMaxContext = 160;

bool IsWordChar(char c) { return absl::ascii_isalnum(static_cast<unsigned char>(c)) || c == '_'; }

bool IsDigit(absl::string_view s, size_t i) {
  return i < s.size() && absl::ascii_isdigit(static_cast<unsigned char>(s[i]));
}

// Length of the number token starting at `i` (0 if none): [+-]?(d+(.d*)?|.d+)([eE][+-]?d+)?
size_t NumberLength(absl::string_view s, size_t i) {
  size_t j = i;
  if (j < s.size() && (s[j] == '+' || s[j] == '-')) ++j;
  const size_t int_start = j;
  while (IsDigit(s, j)) ++j;
  bool digits = j > int_start;
  if (j < s.size() && s[j] == '.' && (digits || IsDigit(s, j + 1))) {
    ++j;
    const size_t frac_start = j;
    while (IsDigit(s, j)) ++j;
    digits = digits || j > frac_start;
  }
  if (!digits) return 0;
  if (j < s.size() && (s[j] == 'e' || s[j] == 'E')) {
    size_t k = j + 1;
    if (k < s.size() && (s[k] == '+' || s[k] == '-')) ++k;
    if (IsDigit(s, k)) {
      while (IsDigit(s, k)) ++k;
      j = k;
    }
  }
  return j - i;
}

struct NumberShape {
  int decimals = 0;
  bool exponent = false;
};

NumberShape ShapeOf(absl::string_view number) {
  NumberShape shape;
  const size_t e = number.find_first_of("eE");
  shape.exponent = e != absl::string_view::npos;
  absl::string_view mantissa = number.substr(0, e);
  const size_t dot = mantissa.find('.');
  if (dot != absl::string_view::npos) shape.decimals = static_cast<int>(mantissa.size() - dot - 1);
  return shape;
}

bool ParseNumber(absl::string_view text, double* value) {
  absl::ConsumePrefix(&text, "+");
  return absl::SimpleAtod(text, value);
}

// Every number token in `text`, as (offset, length).
std::vector<std::pair<size_t, size_t>> NumberTokens(absl::string_view text) {
  std::vector<std::pair<size_t, size_t>> tokens;
  size_t i = 0;
  while (i < text.size()) {
    const char c = text[i];
    const bool may_start =
        absl::ascii_isdigit(static_cast<unsigned char>(c)) || c == '+' || c == '-' || c == '.';
    const bool free = i == 0 || (!IsWordChar(text[i - 1]) && text[i - 1] != '.');
    if (may_start && free) {
      const size_t n = NumberLength(text, i);
      if (n > 0) {
        tokens.emplace_back(i, n);
        i += n;
        continue;
      }
    }
    ++i;
  }
  return tokens;
}

// Offsets where `needle` occurs in `text` bounded by non-word characters.
std::vector<size_t> BoundedOccurrences(absl::string_view text, absl::string_view needle) {
  std::vector<size_t> found;
  if (needle.empty()) return found;
  for (size_t pos = text.find(needle); pos != absl::string_view::npos;
       pos = text.find(needle, pos + 1)) {
    const size_t end = pos + needle.size();
    const bool left = pos == 0 || !IsWordChar(text[pos - 1]) || !IsWordChar(needle.front());
    const bool right = end == text.size() || !IsWordChar(text[end]) || !IsWordChar(needle.back());
    if (left && right) found.push_back(pos);
  }
  return found;
}

std::string Clip(absl::string_view s) {
  if (s.size() <= kMaxContext) return std::string(s);
  return absl::StrCat(s.substr(0, kMaxContext - 3), "...");
}

// Hits of `query` inside one line or string value; `location` names it.
void SearchString(absl::string_view text, const ValueQuery& query, const SearchOptions& options,
                  const std::string& location, bool keep_context, std::vector<ValueHit>* hits) {
  if (query.numeric) {
    for (const auto& [offset, length] : NumberTokens(text)) {
      absl::string_view number = text.substr(offset, length);
      std::optional<MatchKind> kind = MatchNumber(query, number, options);
      if (!kind) continue;
      hits->push_back({location, std::string(number),
                       keep_context ? Clip(absl::StripAsciiWhitespace(text)) : std::string(),
                       *kind});
      if (keep_context) return;  // one hit per line of text
    }
    return;
  }
  if (!BoundedOccurrences(text, query.text).empty()) {
    hits->push_back({location, Clip(text),
                     keep_context ? Clip(absl::StripAsciiWhitespace(text)) : std::string(),
                     MatchKind::kString});
  }
}

// SAX consumer that tracks the JSON path of every value.
class JsonSearch : public nlohmann::json_sax<nlohmann::json> {
 public:
  JsonSearch(const ValueQuery& query, const SearchOptions& options)
      : query_(query), options_(options) {}

  bool null() override { return Scalar(); }
  bool boolean(bool) override { return Scalar(); }
  bool number_integer(number_integer_t v) override { return Number(std::to_string(v)); }
  bool number_unsigned(number_unsigned_t v) override { return Number(std::to_string(v)); }
  bool number_float(number_float_t, const string_t& raw) override { return Number(raw); }
  bool string(string_t& s) override {
    if (!query_.numeric && s == query_.text) {
      hits_.push_back({Path(), Clip(s), "", MatchKind::kString});
    } else {
      SearchString(s, query_, options_, Path(), false, &hits_);
    }
    return Scalar();
  }
  bool binary(binary_t&) override { return Scalar(); }
  bool start_object(std::size_t) override {
    stack_.push_back({false, 0, ""});
    return true;
  }
  bool key(string_t& k) override {
    stack_.back().key = k;
    if (!query_.numeric && k == query_.text) {
      hits_.push_back({Path(), absl::StrCat("(key) ", Clip(k)), "", MatchKind::kString});
    }
    return true;
  }
  bool end_object() override { return Close(); }
  bool start_array(std::size_t) override {
    stack_.push_back({true, 0, ""});
    return true;
  }
  bool end_array() override { return Close(); }
  bool parse_error(std::size_t position, const std::string&,
                   const nlohmann::detail::exception& e) override {
    error_ = absl::StrCat("offset ", position, ": ", e.what());
    return false;
  }

  std::vector<ValueHit>& hits() { return hits_; }
  const std::string& error() const { return error_; }

 private:
  struct Frame {
    bool array;
    size_t index;
    std::string key;
  };

  std::string Path() const {
    std::string path = "$";
    for (const Frame& f : stack_) {
      if (f.array) {
        absl::StrAppend(&path, "[", f.index, "]");
      } else if (!f.key.empty() && std::all_of(f.key.begin(), f.key.end(), [](char c) {
                   return IsWordChar(c) || c == '@' || c == '-';
                 })) {
        absl::StrAppend(&path, ".", f.key);
      } else {
        absl::StrAppend(&path, "[\"", f.key, "\"]");
      }
    }
    return path;
  }
  bool Number(const std::string& raw) {
    if (query_.numeric) {
      std::optional<MatchKind> kind = MatchNumber(query_, raw, options_);
      if (kind) hits_.push_back({Path(), raw, "", *kind});
    }
    return Scalar();
  }
  bool Scalar() {
    if (!stack_.empty() && stack_.back().array) ++stack_.back().index;
    return true;
  }
  bool Close() {
    stack_.pop_back();
    return Scalar();
  }

  const ValueQuery& query_;
  const SearchOptions& options_;
  std::vector<Frame> stack_;
  std::vector<ValueHit> hits_;
  std::string error_;
};

// Calls `fn(line, line_number)` for each line of `text`, numbered from 1,
// without its "\n" or "\r\n".
template <typename Fn>
void ForEachLine(absl::string_view text, Fn fn) {
  int line_number = 0;
  for (absl::string_view line : absl::StrSplit(text, '\n')) {
    absl::ConsumeSuffix(&line, "\r");
    fn(line, ++line_number);
  }
}

bool LooksBinary(absl::string_view bytes) {
  return bytes.substr(0, 8192).find('\0') != absl::string_view::npos;
}

}  // namespace

absl::StatusOr<ValueQuery> ParseValueQuery(absl::string_view text) {
  ValueQuery q;
  q.text = std::string(absl::StripAsciiWhitespace(text));
  if (q.text.empty()) return absl::InvalidArgumentError("empty query");
  if (NumberLength(q.text, 0) == q.text.size() && ParseNumber(q.text, &q.value)) {
    q.numeric = true;
    const NumberShape shape = ShapeOf(q.text);
    q.decimals = shape.decimals;
    q.exponent = shape.exponent;
  }
  return q;
}

std::optional<MatchKind> MatchNumber(const ValueQuery& query, absl::string_view candidate,
                                     const SearchOptions& options) {
  double value;
  if (!query.numeric || !ParseNumber(candidate, &value)) return std::nullopt;
  if (value == query.value) return MatchKind::kExact;
  const NumberShape shape = ShapeOf(candidate);
  if (query.exponent || query.decimals < options.min_round_decimals) return std::nullopt;
  if (!shape.exponent && shape.decimals <= query.decimals) return std::nullopt;
  if (absl::StrFormat("%.*f", query.decimals, value) ==
      absl::StrFormat("%.*f", query.decimals, query.value)) {
    return MatchKind::kRounded;
  }
  return std::nullopt;
}

std::vector<ValueHit> FindInText(absl::string_view text, const ValueQuery& query,
                                 const SearchOptions& options) {
  std::vector<ValueHit> hits;
  ForEachLine(text, [&](absl::string_view line, int line_number) {
    SearchString(line, query, options, absl::StrCat("line ", line_number), true, &hits);
  });
  return hits;
}

absl::StatusOr<std::vector<ValueHit>> FindInJson(absl::string_view json, const ValueQuery& query,
                                                 const SearchOptions& options) {
  JsonSearch search(query, options);
  const bool ok = nlohmann::json::sax_parse(json.begin(), json.end(), &search);
  if (!ok) {
    return absl::InvalidArgumentError(absl::StrCat("not JSON: ", search.error()));
  }
  return std::move(search.hits());
}

std::vector<ValueHit> FindInTokens(absl::string_view text, const ValueQuery& query,
                                   const SearchOptions& options) {
  std::vector<ValueHit> hits;
  ForEachLine(text, [&](absl::string_view line, int line_number) {
    if (line.empty() || line[0] == '#') return;
    const size_t tab = line.find('\t');
    if (tab == absl::string_view::npos) {
      SearchString(line, query, options, absl::StrCat("line ", line_number), true, &hits);
      return;
    }
    absl::string_view key = line.substr(0, tab);
    absl::string_view value = line.substr(tab + 1);
    const std::string location = absl::StrCat("token ", key);
    if (key == query.text || (!query.numeric && value == query.text)) {
      hits.push_back({location, std::string(value), "", MatchKind::kString});
      return;
    }
    std::vector<ValueHit> in_value;
    SearchString(value, query, options, location, false, &in_value);
    if (!in_value.empty()) {
      ValueHit hit = in_value.front();
      hit.found = std::string(value);
      hits.push_back(hit);
    }
  });
  return hits;
}

std::vector<ValueHit> FindInArtifact(absl::string_view name, absl::string_view bytes,
                                     const ValueQuery& query, const SearchOptions& options) {
  if (LooksBinary(bytes)) return {};
  if (absl::EndsWith(name, ".tokens.txt")) return FindInTokens(bytes, query, options);
  if (absl::EndsWith(name, ".json")) {
    absl::StatusOr<std::vector<ValueHit>> hits = FindInJson(bytes, query, options);
    if (hits.ok()) return *std::move(hits);
  }
  return FindInText(bytes, query, options);
}

std::vector<std::string> NumbersIn(absl::string_view text) {
  std::vector<std::string> numbers;
  for (const auto& [offset, length] : NumberTokens(text)) {
    std::string n(text.substr(offset, length));
    if (std::find(numbers.begin(), numbers.end(), n) == numbers.end()) numbers.push_back(n);
  }
  return numbers;
}

std::optional<std::string> LookupToken(absl::string_view tokens_text, absl::string_view key) {
  for (absl::string_view line : absl::StrSplit(tokens_text, '\n')) {
    absl::ConsumeSuffix(&line, "\r");
    const size_t tab = line.find('\t');
    if (tab != absl::string_view::npos && line.substr(0, tab) == key) {
      return std::string(line.substr(tab + 1));
    }
  }
  return std::nullopt;
}

}  // namespace repro::lineage
