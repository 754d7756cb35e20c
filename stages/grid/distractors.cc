#include "stages/grid/distractors.h"

#include <algorithm>
#include <cstdint>
#include <set>

#include "absl/strings/ascii.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "stages/framework/pipeline/sha256.h"

namespace repro::grid {
namespace {

// English function words and words too generic to carry task vocabulary.
const std::set<std::string>& Stopwords() {
  static const auto* words = new std::set<std::string>{
      "the",    "and",     "for",     "with",   "that",  "this",  "are",   "was",    "were",
      "but",    "not",     "from",    "into",   "when",  "while", "then",  "than",   "its",
      "it's",   "has",     "have",    "had",    "our",   "your",  "their", "there",  "which",
      "who",    "what",    "where",   "how",    "all",   "any",   "can",   "cannot", "does",
      "doesn",  "don",     "did",     "even",   "same",  "also",  "only",  "just",   "very",
      "such",   "some",    "them",    "they",   "these", "those", "will",  "would",  "should",
      "could",  "been",    "being",   "out",    "off",   "over",  "under", "about",  "after",
      "before", "again",   "still",   "every",  "each",  "other", "one",   "two",    "instead",
      "though", "because", "without", "within", "seems", "soon",  "starts"};
  return *words;
}

uint64_t Choose(absl::string_view task_id, int i, int j) {
  const std::string hex = Sha256Hex(absl::StrCat(task_id, "/", i, "/", j));
  uint64_t v = 0;
  for (int k = 0; k < 16; ++k) {
    const char c = hex[k];
    v = (v << 4) | static_cast<uint64_t>(c <= '9' ? c - '0' : c - 'a' + 10);
  }
  return v;
}

std::string Capitalized(const std::string& w) {
  std::string out = w;
  out[0] = absl::ascii_toupper(static_cast<unsigned char>(out[0]));
  return out;
}

// An exported Go identifier from words; never starts with a digit.
std::string Ident(const std::vector<std::string>& words, const std::string& suffix) {
  std::string out;
  for (const std::string& w : words) out += Capitalized(w);
  if (absl::ascii_isdigit(static_cast<unsigned char>(out[0]))) out = "X" + out;
  return out + suffix;
}

}  // namespace

std::vector<std::string> QueryVocabulary(absl::string_view query) {
  std::vector<std::string> vocab;
  std::set<std::string> seen;
  std::string word;
  auto flush = [&]() {
    if (word.size() >= 3 && !Stopwords().count(word) && seen.insert(word).second) {
      vocab.push_back(word);
    }
    word.clear();
  };
  for (char c : query) {
    const unsigned char u = static_cast<unsigned char>(c);
    if (u < 128 && absl::ascii_isalnum(u)) {
      word += absl::ascii_tolower(u);
    } else {
      flush();
    }
  }
  flush();
  return vocab;
}

bool IsDistractorPath(absl::string_view path) { return absl::StartsWith(path, kDistractorPrefix); }

absl::StatusOr<std::vector<DistractorFile>> GenerateDistractors(absl::string_view task_id,
                                                                absl::string_view query, int dose) {
  if (dose < 0) return absl::InvalidArgumentError(absl::StrCat("dose must be >= 0, got ", dose));
  const std::vector<std::string> vocab = QueryVocabulary(query);
  if (vocab.size() < 2) {
    return absl::InvalidArgumentError(
        absl::StrCat("task ", task_id, ": field query has ", vocab.size(),
                     " usable words; S002 distractors need at least 2"));
  }
  std::vector<DistractorFile> files;
  for (int i = 0; i < dose; ++i) {
    int j = 0;
    auto w = [&]() { return vocab[Choose(task_id, i, j++) % vocab.size()]; };
    const std::string a = w(), b = w(), c = w(), d = w(), e = w(), f = w(), g = w();
    const std::string h = w(), k = w(), m = w(), n = w();
    const int threshold = static_cast<int>(Choose(task_id, i, 99) % 90) + 10;
    const std::string type = Ident({a, b}, absl::StrCat("Record", i));
    const std::string func = Ident({c, d}, absl::StrCat("Matches", i));
    const std::string method = Ident({e, f}, "Value");
    const std::string field_text = Ident({g}, "Text");
    const std::string field_count = Ident({h}, "Count");
    // gofmt aligns struct field types in one column.
    const size_t width = std::max(field_text.size(), field_count.size()) + 1;
    auto padded = [&](const std::string& name) {
      return name + std::string(width - name.size(), ' ');
    };
    DistractorFile file;
    file.index = i;
    file.path = absl::StrFormat("%sd%02d_%s_%s.go", kDistractorPrefix, i, a, b);
    file.source = absl::StrCat(
        "// Code generated for the E04 S002 perturbation. DO NOT EDIT.\n",
        "// Synthetic distractor ", i, " for task ", task_id,
        ": its words come only from the task query.\n\n", "package distractors\n\n", "// ", type,
        " keeps the ", a, " ", b, " state of a ", k, " ", m, ".\n", "type ", type, " struct {\n",
        "\t", padded(field_text), "string\n", "\t", padded(field_count), "int\n", "}\n\n", "// ",
        func, " reports whether the ", c, " ", d, " matches the ", n, ".\n", "func ", func,
        "(input string, limit int) bool {\n", "\t// ", e, " ", f, " ", g, " ", h, "\n",
        "\treturn input == \"", c, " ", d, "\" && limit > ", threshold, "\n", "}\n\n", "// ",
        method, " returns the ", e, " ", f, " of the ", a, " ", b, ".\n", "func (r *", type, ") ",
        method, "(fallback string) string {\n", "\tif r.", field_count, " > ", threshold, " {\n",
        "\t\treturn r.", field_text, " + \" ", k, " ", m, "\"\n", "\t}\n", "\treturn fallback\n",
        "}\n");
    files.push_back(std::move(file));
  }
  return files;
}

}  // namespace repro::grid
