// Importer of the judge-log JSON Lines format used by the authored fixture
// (data/judge/fixture.jsonl) and by users who export their own judge runs
// (format in docs/judge.md). One JSON object per line, by "type":
//
//   protocol  {"judge", "model", "model_version", "prompt", "input_mode",
//              "temperature", "seed", "retries", "call_form"}; the prompt is
//              stored as its sha256 (prompt_config_hash).
//   task      {"task_id", "category", "split", "metric", "direction"
//              ("higher_is_better" | "lower_is_better"), "candidates":
//              [{"id", "text"}...] in input order, "outcomes": {id: number |
//              null}}; an id absent from "outcomes" or null is unexecuted
//              (missing, never zero).
//   listwise  {"task_id", "judge", "raw_output"}: one listwise call; the raw
//              output is parsed by ParseListwise (output_parse.h).
//   pairwise  {"task_id", "judge", "first", "second", "raw_output"}: one
//              separately prompted call, parsed by ParseVerdictLine.
//
// Records: one per (listwise judge, task), every task of the file, in task
// id order (a task without an output gets parse_failed "no output recorded"),
// and one per (pairwise judge, task with calls), whose predicted order is
// derived from the calls (policy::kPairwiseDerivation).
//
// Bad input is recorded, never fatal, as ImportIssues of kind:
// malformed_json_line, invalid_field, unknown_record_type, unknown_task_id,
// unknown_judge, duplicate_task, duplicate_candidate_id, unknown_candidate_id,
// duplicate_judge_output, missing_judge_output, unparsable_judge_output,
// duplicate_id_in_output, id_missing_from_output, single_candidate_task.
// A file with no task at all is InvalidArgument.
#ifndef REPRO_STAGES_STUDIES_JUDGE_FIXTURE_IMPORT_H_
#define REPRO_STAGES_STUDIES_JUDGE_FIXTURE_IMPORT_H_

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "stages/studies/judge/judge.pb.h"

namespace repro::judge {

absl::StatusOr<JudgeDataset> ImportJudgeLog(absl::string_view text, absl::string_view file,
                                            absl::string_view dataset_name);

}  // namespace repro::judge

#endif  // REPRO_STAGES_STUDIES_JUDGE_FIXTURE_IMPORT_H_
