// Reads the Vicuna-80 files (vicuna_import.h lists them and the checks of
// their rows) into VicunaData: the questions, the prompt hashes and
// temperatures, the answers of the 8 models (version and answer id; for
// Guanaco the generation cut at the chat marker, its id recomputed), the
// human votes of each pair oriented as (a, b) with a < b, the GPT-4 pairwise
// calls and the GPT-4 relative scores. Presentation order comes from each
// review's answer ids, never from the file name.
//
// LoadVicuna returns NotFound naming a missing file, InvalidArgument for a
// duplicate question id or no valid question; every other bad row is added
// to `log` (ImportIssue kinds of vicuna_import.h) and skipped.
#ifndef REPRO_STAGES_STUDIES_JUDGE_INTERNAL_VICUNA_LOADER_H_
#define REPRO_STAGES_STUDIES_JUDGE_INTERNAL_VICUNA_LOADER_H_

#include <map>
#include <string>

#include "absl/status/status.h"
#include "stages/studies/judge/internal/vicuna_data.h"
#include "stages/studies/judge/record_util.h"

namespace repro::judge::internal {

absl::Status LoadVicuna(const std::map<std::string, std::string>& files,
                        const std::map<std::string, std::string>& paths, VicunaData* data,
                        IssueLog* log);

}  // namespace repro::judge::internal

#endif  // REPRO_STAGES_STUDIES_JUDGE_INTERNAL_VICUNA_LOADER_H_
