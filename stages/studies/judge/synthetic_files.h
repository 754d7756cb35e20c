// Synthetic judge input files: the real schemas with made-up content, small
// enough for unit tests and fuzz seeds (testonly).
//
// SyntheticVicunaFiles(): Vicuna-80 in miniature: two questions, the 8 models
// of VicunaModels() ranked by a fixed true order (gpt4 best), unanimous crowd
// votes, a GPT-4 pairwise judge that follows the true order except for one
// unparsed call (question 2, bard vs gpt4), and relative-score files whose
// Guanaco rows swap the answer ids against the file name as the real files do.
// Keys are the logical file names ImportVicuna expects.
//
// SyntheticVicunaAnswerId(q, model): the answer id of `model` for question q
// in those files (a shortuuid of the generation for Guanaco models).
//
// SyntheticHumanEvalFiles(): ICE-Score in miniature: for each of the four
// languages a sample file with two problems and both judge files (no_ref,
// with_ref), exercising every kind of bad input the importer records (an
// unparsable score, a grade for no program, a program with no grade).
#ifndef REPRO_STAGES_STUDIES_JUDGE_SYNTHETIC_FILES_H_
#define REPRO_STAGES_STUDIES_JUDGE_SYNTHETIC_FILES_H_

#include <map>
#include <string>

namespace repro::judge {

std::map<std::string, std::string> SyntheticVicunaFiles();
std::string SyntheticVicunaAnswerId(int q, const std::string& model);
std::map<std::string, std::string> SyntheticHumanEvalFiles();

}  // namespace repro::judge

#endif  // REPRO_STAGES_STUDIES_JUDGE_SYNTHETIC_FILES_H_
