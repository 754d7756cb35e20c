// The loader checks of Vicuna-80 (JudgeDataset.loader_checks): the reference
// numbers of the data set's SOURCE.md recomputed from VicunaData, each with
// its published value -- questions by category, human items and votes, human
// majority kinds, GPT-4 pairwise and relative score counts, and the pooled
// pair-level agreement of GPT-4's pairwise verdicts with the human majority.
#ifndef REPRO_STAGES_STUDIES_JUDGE_INTERNAL_VICUNA_CHECKS_H_
#define REPRO_STAGES_STUDIES_JUDGE_INTERNAL_VICUNA_CHECKS_H_

#include "stages/studies/judge/internal/vicuna_data.h"
#include "stages/studies/judge/judge.pb.h"

namespace repro::judge::internal {

void AddVicunaLoaderChecks(const VicunaData& data, JudgeDataset* ds);

}  // namespace repro::judge::internal

#endif  // REPRO_STAGES_STUDIES_JUDGE_INTERNAL_VICUNA_CHECKS_H_
