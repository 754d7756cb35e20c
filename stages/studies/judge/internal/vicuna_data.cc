#include "stages/studies/judge/internal/vicuna_data.h"

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"

namespace repro::judge::internal {
namespace {

std::string Size(const std::string& m) { return m.substr(8); }  // "guanaco-7b" -> "7b"

}  // namespace

bool IsGuanaco(const std::string& m) { return absl::StartsWith(m, "guanaco-"); }

std::string PairwiseStem(const std::string& m) {
  return IsGuanaco(m) ? absl::StrCat(Size(m), "-guanaco-vicuna-generations-topp0.9-temp0.7")
                      : absl::StrCat("answer-", m);
}
std::string RelativeStem(const std::string& m) {
  return IsGuanaco(m) ? absl::StrCat(Size(m), "-guanaco-vicuna-generations-topp0.9-temp0.7") : m;
}
std::string HumanStem(const std::string& m) {
  return absl::StrCat("answer_", m == "guanaco-30b" ? "guanaco-33b" : m);
}
std::string GenerationFile(const std::string& m) {
  return IsGuanaco(m) ? absl::StrCat(Size(m), "-guanaco-vicuna-generations-topp0.9-temp0.7.jsonl")
                      : absl::StrCat("answer_", m, ".jsonl");
}

const std::vector<std::string>& VicunaModelKeys() {
  static const std::vector<std::string>* models =
      new std::vector<std::string>{"bard",        "gpt35",       "gpt4",       "guanaco-13b",
                                   "guanaco-30b", "guanaco-65b", "guanaco-7b", "vicuna-13b"};
  return *models;
}

}  // namespace repro::judge::internal
