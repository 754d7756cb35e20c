// What the Vicuna-80 importer (vicuna_import.h) reads from its files before
// it builds records: the questions, the prompt records, the answers of the
// 8 models, the human votes, the GPT-4 pairwise calls (J1) and relative
// scores (J2). VicunaLoader (vicuna_loader.h) fills it, RecordBuilder
// (vicuna_records.h) and AddVicunaLoaderChecks (vicuna_checks.h) read it.
//
// VicunaModelKeys: the model keys, sorted (vicuna_import.h's VicunaModels);
// below it, the upstream file names of a model.
// kVicunaReference is the fixed reference answer of J2.
#ifndef REPRO_STAGES_STUDIES_JUDGE_INTERNAL_VICUNA_DATA_H_
#define REPRO_STAGES_STUDIES_JUDGE_INTERNAL_VICUNA_DATA_H_

#include <map>
#include <optional>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include "stages/studies/judge/output_parse.h"

namespace repro::judge::internal {

inline constexpr char kVicunaDataset[] = "vicuna80_qlora_prd";
inline constexpr char kVicunaReference[] = "gpt35";

const std::vector<std::string>& VicunaModelKeys();

// The upstream names of a model's files. IsGuanaco: whether model `m` is one
// of the four Guanaco sizes ("guanaco-7b"). PairwiseStem and RelativeStem:
// the model's part of the GPT-4 pairwise and relative review file names;
// HumanStem: of the PRD human-vote file names (guanaco-30b is "guanaco-33b"
// there); GenerationFile: the model's generation file.
bool IsGuanaco(const std::string& m);
std::string PairwiseStem(const std::string& m);
std::string RelativeStem(const std::string& m);
std::string HumanStem(const std::string& m);
std::string GenerationFile(const std::string& m);

struct Question {
  std::string text;
  std::string category;
};

struct Answer {
  std::string version;
  std::string answer_id;  // from the generation file ("" for Guanaco)
};

struct RawCall {
  Call call;
  std::string ref;
  std::string last_line;
  std::string sha;
  int reviewer_id = 0;
};

struct Votes {
  int a = 0, b = 0, tie = 0;
  std::string ref;
};

// (q, model) -> per-order parsed score of the model (first: model shown
// first; second: shown second), with refs.
struct Relative {
  std::optional<double> as_first, as_second;
  bool seen_first = false, seen_second = false;
  std::vector<std::string> refs;
  std::vector<std::string> excerpts;
};

struct VicunaData {
  std::map<int, Question> questions;
  std::map<int, std::string> prompt_hash_threeclass, prompt_hash_relative;
  std::map<int, std::string> reviewer_temperature;
  std::map<std::pair<int, std::string>, Answer> answers;
  // (q, a, b) with a < b -> votes oriented as (a, b).
  std::map<std::tuple<int, std::string, std::string>, Votes> votes;
  std::map<int, std::vector<RawCall>> calls;
  std::map<std::pair<int, std::string>, Relative> relative;
  int relative_unparsed = 0;
  std::map<int, int> j1_score_counts;
};

}  // namespace repro::judge::internal

#endif  // REPRO_STAGES_STUDIES_JUDGE_INTERNAL_VICUNA_DATA_H_
