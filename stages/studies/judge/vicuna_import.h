// Importer of Vicuna-80 from QLoRA and PRD (data set `vicuna80_qlora_prd`;
// origin, licences and schema in its SOURCE.md and docs/judge.md).
//
// Input: file contents keyed by logical name (base name without ".gz"):
// vicuna_questions.jsonl, reviewer.jsonl, vicuna_prompt_threeclass.jsonl,
// vicuna_prompt_relative.jsonl, the 8 generation files, the 56 GPT-4
// pairwise files (J1), the 14 GPT-4 relative-to-gpt-3.5 files (J2) and the 56
// PRD human-vote files among the 8 models. A missing file is NotFound naming
// it.
//
// Candidates (ids): bard, gpt35, gpt4, guanaco-13b, guanaco-30b (PRD calls it
// guanaco-33b; same model), guanaco-65b, guanaco-7b, vicuna-13b. Version =
// sha256 of the text the judge saw (answer text; for Guanaco the truncated
// generation cut at "A chat between a curious human and an artificial
// intelligence", as eval_gpt_review.py does); upstream_id = answer_id.
//
// Records per question q (task_id "vicuna80/q<q>", cluster the same):
//  - "gpt-4/pairwise-threeclass": the 8 answers; the 56 separately prompted
//    calls (both presentation orders; score 1/2/3, -1 = unparsed upstream);
//    predicted order derived by Copeland over calls (kPairwiseDerivation).
//  - "gpt-4/relative-to-gpt-3.5": the 7 answers other than gpt35; pointwise
//    score = mean of the answer's 1-10 score over the two orders against the
//    fixed gpt-3.5 reference ([-1,-1] = unparsed, left out of the mean; no
//    parsed order = unscored).
// Ground order of each record: human crowd votes, policy::kHumanMajority,
// over the record's own candidates.
//
// Presentation order comes from each review's answer ids, never from the file
// name. Answer ids are checked against the generations (answer_id; for
// Guanaco, shortuuid of the text the judge saw, recomputed). In the 8 Guanaco
// relative-score files the ids show the opposite order to the file name
// (gpt-3.5 is Assistant 1 in "<guanaco>-vs-gpt-3.5"); GPT-4's score at the
// id position of the gpt-3.5 answer agrees with that answer's score in the
// other files, the file-name position does not, so the ids are used and every
// such row is recorded as file_orientation_mismatch.
//
// Bad input (ImportIssue kinds): malformed_json_line, invalid_field,
// unknown_task_id, unknown_candidate_id (an answer id that is not the
// generation file's), file_orientation_mismatch, duplicate_judge_output,
// unparsable_judge_output, missing_judge_output, unexpected_vote_count,
// pair_in_both_orientations, missing_reference_votes, inconsistent_reviewer_id.
// Loader checks reproduce the reference numbers of SOURCE.md.
#ifndef REPRO_STAGES_STUDIES_JUDGE_VICUNA_IMPORT_H_
#define REPRO_STAGES_STUDIES_JUDGE_VICUNA_IMPORT_H_

#include <map>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "stages/studies/judge/judge.pb.h"

namespace repro::judge {

absl::StatusOr<JudgeDataset> ImportVicuna(const std::map<std::string, std::string>& files,
                                          const std::map<std::string, std::string>& paths);

// The model keys, sorted.
const std::vector<std::string>& VicunaModels();

}  // namespace repro::judge

#endif  // REPRO_STAGES_STUDIES_JUDGE_VICUNA_IMPORT_H_
