// Synthetic judge input files: see synthetic_files.h.
#include "stages/studies/judge/synthetic_files.h"

#include <map>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "stages/studies/judge/shortuuid.h"
#include "stages/studies/judge/vicuna_import.h"

namespace repro::judge {
namespace {

bool IsGuanaco(const std::string& m) { return m.rfind("guanaco-", 0) == 0; }
std::string Sz(const std::string& m) { return m.substr(8); }
std::string PairStem(const std::string& m) {
  return IsGuanaco(m) ? Sz(m) + "-guanaco-vicuna-generations-topp0.9-temp0.7" : "answer-" + m;
}
std::string RelStem(const std::string& m) {
  return IsGuanaco(m) ? Sz(m) + "-guanaco-vicuna-generations-topp0.9-temp0.7" : m;
}
std::string HumanStem(const std::string& m) {
  return "answer_" + (m == "guanaco-30b" ? std::string("guanaco-33b") : m);
}

// True quality: higher is better.
int Quality(const std::string& m) {
  static const std::map<std::string, int> q = {
      {"gpt4", 8}, {"gpt35", 7},      {"guanaco-65b", 6}, {"guanaco-30b", 5},
      {"bard", 4}, {"vicuna-13b", 3}, {"guanaco-13b", 2}, {"guanaco-7b", 1}};
  return q.at(m);
}

}  // namespace

std::string SyntheticVicunaAnswerId(int q, const std::string& m) {
  return IsGuanaco(m) ? ShortUuid(absl::StrCat("gen ", m, " ", q)) : absl::StrCat("id-", m, "-", q);
}

std::map<std::string, std::string> SyntheticVicunaFiles() {
  std::map<std::string, std::string> f;
  f["vicuna_questions.jsonl"] =
      "{\"question_id\": 1, \"text\": \"q1\", \"category\": \"generic\"}\n"
      "{\"question_id\": 2, \"text\": \"q2\", \"category\": \"coding\"}\n";
  f["reviewer.jsonl"] =
      "{\"reviewer_id\": \"r\", \"prompt_id\": 1, \"metadata\": {\"temperature\": 0.2}}\n";
  f["vicuna_prompt_threeclass.jsonl"] = "{\"prompt_id\": 1, \"system_prompt\": \"s\"}\n";
  f["vicuna_prompt_relative.jsonl"] = "{\"prompt_id\": 1, \"system_prompt\": \"r\"}\n";
  const std::vector<std::string>& models = VicunaModels();
  for (const std::string& m : models) {
    std::string g;
    for (int q : {1, 2}) {
      if (IsGuanaco(m)) {
        absl::StrAppend(&g, "{\"question_id\": ", q, ", \"generation_truncated\": \"gen ", m, " ",
                        q, "A chat between a curious human and an artificial intelligence\"}\n");
      } else {
        absl::StrAppend(&g, "{\"question_id\": ", q, ", \"answer_id\": \"",
                        SyntheticVicunaAnswerId(q, m), "\", \"text\": \"text ", m, "\"}\n");
      }
    }
    f[IsGuanaco(m) ? Sz(m) + "-guanaco-vicuna-generations-topp0.9-temp0.7.jsonl"
                   : "answer_" + m + ".jsonl"] = g;
  }
  for (const std::string& a : models) {
    for (const std::string& b : models) {
      if (a == b) continue;
      std::string human, pair;
      for (int q : {1, 2}) {
        const int verdict = Quality(a) > Quality(b) ? 1 : 2;
        if (a < b) {
          for (int v = 0; v < 3; ++v) {
            absl::StrAppend(&human, "{\"question_id\": ", q,
                            ", \"text\": \"q\", \"score\": ", verdict, "}\n");
          }
        }
        const bool unparsed = q == 2 && a == "bard" && b == "gpt4";
        absl::StrAppend(&pair, "{\"review_id\": \"r\", \"question_id\": ", q,
                        ", \"answer1_id\": \"", SyntheticVicunaAnswerId(q, a),
                        "\", \"answer2_id\": \"", SyntheticVicunaAnswerId(q, b),
                        "\", \"reviewer_id\": 1, \"metadata\": {}, \"text\": \"why\\n",
                        unparsed ? "?" : absl::StrCat(verdict),
                        "\", \"score\": ", unparsed ? -1 : verdict, "}\n");
      }
      f[HumanStem(a) + "-vs-" + HumanStem(b) + "-human-reviewer_threeclass.jsonl"] = human;
      f[PairStem(a) + "-vs-" + PairStem(b) + "-gpt-4-reviewer-threeclass.jsonl"] = pair;
    }
  }
  for (const std::string& m : models) {
    if (m == "gpt35") continue;
    for (bool model_named_first : {true, false}) {
      // Real Guanaco files present the other order than their name says.
      const bool model_shown_first = IsGuanaco(m) ? !model_named_first : model_named_first;
      std::string rel;
      for (int q : {1, 2}) {
        const std::string first = model_shown_first ? m : "gpt35";
        const std::string second = model_shown_first ? "gpt35" : m;
        absl::StrAppend(&rel, "{\"review_id\": \"r\", \"question_id\": ", q, ", \"answer1_id\": \"",
                        SyntheticVicunaAnswerId(q, first), "\", \"answer2_id\": \"",
                        SyntheticVicunaAnswerId(q, second),
                        "\", \"reviewer_id\": 1, \"metadata\": {}, \"text\": \"s\", \"score\": [",
                        Quality(first), ", ", Quality(second), "]}\n");
      }
      f[model_named_first ? RelStem(m) + "-vs-gpt-3.5-gpt4-reviewer.jsonl"
                          : "gpt-3.5-vs-" + RelStem(m) + "-gpt4-reviewer.jsonl"] = rel;
    }
  }
  return f;
}

std::map<std::string, std::string> SyntheticHumanEvalFiles() {
  std::map<std::string, std::string> f;
  for (const char* lang : {"cpp", "java", "js", "python"}) {
    f[absl::StrCat("humaneval_", lang, "_sample.json")] = R"([
      {"task_id": "0", "intent": "i", "snippet": ["s"], "simplified": "x",
       "1": "return a", "grade-1": {"execution": 1},
       "2": "return b", "grade-2": {"execution": 0},
       "3": "return a", "grade-3": {"execution": 0},
       "grade-9": {"execution": 1}},
      {"task_id": "1", "intent": "i", "snippet": ["s"], "simplified": "x",
       "5": "p", "grade-5": {"execution": 1}, "6": "q", "grade-6": {"execution": 1}}])";
    for (const char* mode : {"no_ref", "with_ref"}) {
      f[absl::StrCat(lang, "_humaneval_no_step_", mode, "_gpt35.json")] = R"([
        {"grade-1": {"execution": 1, "raw_output": "4"},
         "grade-2": {"execution": 1, "raw_output": "Score: 3"},
         "grade-3": {"execution": 0, "raw_output": "0-4"},
         "grade-7": {"execution": 0, "raw_output": "4"}},
        {"grade-5": {"execution": 1, "raw_output": "2"}}])";
    }
  }
  return f;
}

}  // namespace repro::judge
