#include "stages/grid/distractors.h"

#include <algorithm>
#include <cstdint>
#include <map>
#include <set>

#include "absl/strings/ascii.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "stages/framework/pipeline/sha256.h"
#include "stages/framework/pipeline/status_macros.h"
#include "stages/retrieval/query_vocabulary.h"

namespace repro::grid {
namespace {

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

// An identifier's parts ("shared", "set", "record", "0") in the three forms
// of the template (distractors.h); never starts with a digit.
void AddIdentifier(const std::string& name, const std::vector<std::string>& parts,
                   std::map<std::string, std::string>* values) {
  std::string upper, lower, snake;
  for (size_t p = 0; p < parts.size(); ++p) {
    upper += Capitalized(parts[p]);
    lower += p == 0 ? parts[p] : Capitalized(parts[p]);
    snake += (p == 0 ? "" : "_") + parts[p];
  }
  if (absl::ascii_isdigit(static_cast<unsigned char>(upper[0]))) {
    upper = "X" + upper;
    lower = "x" + lower;
    snake = "x_" + snake;
  }
  (*values)[Capitalized(name)] = upper;
  (*values)[name] = lower;
  (*values)[name + "_snake"] = snake;
}

// The values of the placeholders of distractor i (distractors.h).
std::map<std::string, std::string> PlaceholderValues(absl::string_view task_id,
                                                     const std::vector<std::string>& vocab, int i) {
  std::map<std::string, std::string> v;
  int j = 0;
  for (const char* word : {"a", "b", "c", "d", "e", "f", "g", "h", "k", "m", "n"}) {
    v[word] = vocab[Choose(task_id, i, j++) % vocab.size()];
  }
  const std::string index = absl::StrCat(i);
  AddIdentifier("type", {v["a"], v["b"], "record", index}, &v);
  AddIdentifier("func", {v["c"], v["d"], "matches", index}, &v);
  AddIdentifier("method", {v["e"], v["f"], "value"}, &v);
  AddIdentifier("text", {v["g"], "text"}, &v);
  AddIdentifier("count", {v["h"], "count"}, &v);
  // A column after the two fields, one space after the longer (gofmt).
  const size_t width = std::max(v["Text"].size(), v["Count"].size()) + 1;
  v["text_pad"] = std::string(width - v["Text"].size(), ' ');
  v["count_pad"] = std::string(width - v["Count"].size(), ' ');
  v["i"] = index;
  v["ii"] = absl::StrFormat("%02d", i);
  v["task"] = std::string(task_id);
  v["threshold"] = absl::StrCat(Choose(task_id, i, 99) % 90 + 10);
  return v;
}

}  // namespace

absl::StatusOr<std::string> FillDistractorTemplate(
    absl::string_view language, absl::string_view tmpl,
    const std::map<std::string, std::string>& values) {
  auto error = [&](absl::string_view what) {
    return absl::InvalidArgumentError(
        absl::StrCat("stages/corpus/languages/", language,
                     "/rules.textproto, field distractor_template: ", what));
  };
  if (tmpl.empty()) {
    return error("expected the text of an S002 distractor file, found none (docs/corpus.md)");
  }
  std::string out;
  size_t pos = 0;
  while (pos < tmpl.size()) {
    const size_t open = tmpl.find("{{", pos);
    if (open == absl::string_view::npos) {
      absl::StrAppend(&out, tmpl.substr(pos));
      break;
    }
    const size_t close = tmpl.find("}}", open + 2);
    if (close == absl::string_view::npos) {
      return error(absl::StrCat("expected \"}}\" after the \"{{\" at byte ", open, ", found none"));
    }
    const std::string name(tmpl.substr(open + 2, close - open - 2));
    const auto it = values.find(name);
    if (it == values.end()) {
      std::vector<std::string> known;
      for (const auto& [k, unused] : values) known.push_back(k);
      return error(absl::StrCat("expected a placeholder of ", absl::StrJoin(known, ", "),
                                "; found {{", name, "}}"));
    }
    absl::StrAppend(&out, tmpl.substr(pos, open - pos), it->second);
    pos = close + 2;
  }
  return out;
}

bool IsDistractorPath(absl::string_view path) { return absl::StartsWith(path, kDistractorPrefix); }

absl::StatusOr<std::vector<DistractorFile>> GenerateDistractors(
    absl::string_view task_id, absl::string_view query, int dose,
    const corpus::languages::Rules& rules) {
  if (dose < 0) return absl::InvalidArgumentError(absl::StrCat("dose must be >= 0, got ", dose));
  const std::vector<std::string> vocab = retrieval::QueryVocabulary(query);
  if (vocab.size() < 2) {
    return absl::InvalidArgumentError(
        absl::StrCat("task ", task_id, ": field query has ", vocab.size(),
                     " usable words; S002 distractors need at least 2"));
  }
  if (rules.extensions().empty()) {
    return absl::InvalidArgumentError(
        absl::StrCat("stages/corpus/languages/", rules.language(),
                     "/rules.textproto, field extensions: expected at least one, found none"));
  }
  std::vector<DistractorFile> files;
  for (int i = 0; i < dose; ++i) {
    const std::map<std::string, std::string> values = PlaceholderValues(task_id, vocab, i);
    DistractorFile file;
    file.index = i;
    file.path = absl::StrCat(kDistractorPrefix, "d", values.at("ii"), "_", values.at("a"), "_",
                             values.at("b"), rules.extensions(0));
    ASSIGN_OR_RETURN(file.source,
                     FillDistractorTemplate(rules.language(), rules.distractor_template(), values));
    files.push_back(std::move(file));
  }
  return files;
}

}  // namespace repro::grid
