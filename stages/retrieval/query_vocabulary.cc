#include "stages/retrieval/query_vocabulary.h"

#include <set>

#include "absl/strings/ascii.h"

namespace repro::retrieval {
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

}  // namespace repro::retrieval
