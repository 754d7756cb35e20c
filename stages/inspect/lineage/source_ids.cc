#include "stages/inspect/lineage/source_ids.h"

#include <set>
#include <utility>

#include "absl/strings/ascii.h"
#include "absl/strings/match.h"
#include "absl/strings/str_split.h"
#include "absl/strings/strip.h"

namespace repro::lineage {
namespace {

bool IsHexId(absl::string_view v) {
  if (v.size() < 7 || v.size() > 64) return false;
  for (char c : v) {
    if (!absl::ascii_isdigit(static_cast<unsigned char>(c)) && (c < 'a' || c > 'f')) return false;
  }
  return true;
}

bool NamesAnId(absl::string_view key) {
  const std::string k = absl::AsciiStrToLower(key);
  for (const char* word : {"commit", "hash", "sha", "snapshot", "digest", "revision", "version"}) {
    if (absl::StrContains(k, word)) return true;
  }
  return false;
}

bool IsWordChar(char c) { return absl::ascii_isalnum(static_cast<unsigned char>(c)) || c == '_'; }

class Collector {
 public:
  void Add(absl::string_view key, absl::string_view value) {
    SourceId id{std::string(key), std::string(value)};
    if (seen_.insert({id.key, id.value}).second) ids_.push_back(std::move(id));
  }
  std::vector<SourceId> Take() { return std::move(ids_); }

 private:
  std::set<std::pair<std::string, std::string>> seen_;
  std::vector<SourceId> ids_;
};

void BareHex(absl::string_view line, Collector* out) {
  size_t i = 0;
  while (i < line.size()) {
    if (!IsWordChar(line[i])) {
      ++i;
      continue;
    }
    size_t j = i;
    while (j < line.size() && IsWordChar(line[j])) ++j;
    absl::string_view word = line.substr(i, j - i);
    if ((word.size() == 40 || word.size() == 64) && IsHexId(word)) out->Add("hex", word);
    i = j;
  }
}

}  // namespace

std::vector<SourceId> ExtractSourceIds(absl::string_view file_name, absl::string_view text) {
  Collector out;
  if (text.substr(0, 8192).find('\0') != absl::string_view::npos) return out.Take();
  std::vector<absl::string_view> lines = absl::StrSplit(text, '\n');
  if (absl::EndsWith(file_name, ".tsv") && !lines.empty()) {
    std::vector<absl::string_view> header = absl::StrSplit(absl::StripSuffix(lines[0], "\r"), '\t');
    for (size_t n = 1; n < lines.size(); ++n) {
      std::vector<absl::string_view> cells =
          absl::StrSplit(absl::StripSuffix(lines[n], "\r"), '\t');
      for (size_t c = 0; c < cells.size() && c < header.size(); ++c) {
        if (NamesAnId(header[c]) && IsHexId(cells[c])) out.Add(header[c], cells[c]);
      }
    }
    return out.Take();
  }
  for (absl::string_view line : lines) {
    // `key: "v"` (text proto, several per line allowed:
    // `records { candidate_id: "C1" version_hash: "41a0c1e2" }`) or `"key": "v"` (JSON).
    size_t pos = 0;
    bool keyed = false;
    while ((pos = line.find(": \"", pos)) != absl::string_view::npos) {
      size_t k = pos;
      while (k > 0 && (IsWordChar(line[k - 1]) || line[k - 1] == '"')) --k;
      absl::string_view field = absl::StripAsciiWhitespace(line.substr(k, pos - k));
      field = absl::StripPrefix(absl::StripSuffix(field, "\""), "\"");
      const size_t vstart = pos + 3;
      const size_t vend = line.find('"', vstart);
      if (vend == absl::string_view::npos) break;
      absl::string_view v = line.substr(vstart, vend - vstart);
      if (NamesAnId(field) && IsHexId(v)) {
        out.Add(field, v);
        keyed = true;
      }
      pos = vend + 1;
    }
    if (!keyed) BareHex(line, &out);
  }
  return out.Take();
}

}  // namespace repro::lineage
