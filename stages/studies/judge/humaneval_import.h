// Importer of the ICE-Score HumanEval judge outputs (data set
// `humaneval_icescore`; origin, licence and schema in its SOURCE.md and in
// docs/judge.md).
//
// Input: file contents keyed by logical name (base name without ".gz"):
//   humaneval_{lang}_sample.json                   candidates + pass/fail
//   {lang}_humaneval_no_step_{no_ref,with_ref}_gpt35.json   GPT-3.5 replies
// for lang in cpp, java, js, python (all twelve required: NotFound naming the
// missing file otherwise). Judge lists are aligned with the sample list by
// position.
//
// Output records, one per (language, task, input mode): task_id
// "humaneval-{lang}/{task_id}", candidates = sample indices in ascending
// numeric order (version = sha256 of the program text), outcomes = MultiPL-E
// pass/fail (1 = passes all tests, higher is better; seed and cost not
// recorded), ground order by policy::kOutcomeTies, predicted order from the
// parsed 0-4 scores (ParseLeadingScore; policy::kPointwiseDerivation and
// kPointwiseFailure), cluster = "humaneval/{task_id}" (one problem in four
// languages resamples as one unit).
//
// Bad input is recorded (ImportIssue kinds): invalid_field,
// unknown_candidate_id (a judge entry or grade for no candidate),
// missing_outcome, missing_judge_output, execution_label_mismatch (the judge
// file's copy disagrees; the sample file wins), misaligned_file,
// duplicate_task, unparsable_judge_output (with the parser's reason).
// The loader checks compare counts with the numbers published in SOURCE.md.
#ifndef REPRO_STAGES_STUDIES_JUDGE_HUMANEVAL_IMPORT_H_
#define REPRO_STAGES_STUDIES_JUDGE_HUMANEVAL_IMPORT_H_

#include <map>
#include <string>

#include "absl/status/statusor.h"
#include "stages/studies/judge/judge.pb.h"

namespace repro::judge {

// `files`: logical name -> bytes (already gunzipped); `paths`: logical name
// -> workspace-relative path used in issues and raw references.
absl::StatusOr<JudgeDataset> ImportHumanEval(const std::map<std::string, std::string>& files,
                                             const std::map<std::string, std::string>& paths);

}  // namespace repro::judge

#endif  // REPRO_STAGES_STUDIES_JUDGE_HUMANEVAL_IMPORT_H_
