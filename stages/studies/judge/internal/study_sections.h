// The sections of judge.md after the empirical results (report_writer.h
// gives the layout): what is not evaluated; "2. Identification bounds", the
// full tables of n <= 4 and the summary of every n of `bounds`; "3.
// Model-conditioned scenarios", the n = 8 points of `scenarios`; "4. Declared
// policies", every policy of policies.h.
//
// Each appends its section to `page`'s judge.md and records its tokens
// ("bounds/n<n>/c<concordant>", "bounds/summary/n<n>",
// "scenario/<family>/n8/<parameter>"; the other two record none).
#ifndef REPRO_STAGES_STUDIES_JUDGE_INTERNAL_STUDY_SECTIONS_H_
#define REPRO_STAGES_STUDIES_JUDGE_INTERNAL_STUDY_SECTIONS_H_

#include "stages/studies/judge/internal/report_text.h"
#include "stages/studies/judge/judge.pb.h"

namespace repro::judge::internal {

void WriteNotEvaluated(Page* page);
void WriteBounds(const BoundsTables& bounds, Page* page);
void WriteScenarios(const ScenarioGrid& scenarios, Page* page);
void WritePolicies(Page* page);

}  // namespace repro::judge::internal

#endif  // REPRO_STAGES_STUDIES_JUDGE_INTERNAL_STUDY_SECTIONS_H_
