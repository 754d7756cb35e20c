// The sections of judge.md about one data set, in this order (report_writer.h
// gives the layout): the data set and its structure, the judges and their
// protocols, the headline metrics, the identification range beside them, the
// policy value of executing the judge's first k, the separately prompted
// pairwise calls (when a judge made any), the paired differences (when any),
// the breakdowns of each judge, failures and exclusions with the bad input
// found while importing, and the loader checks (when any).
//
// WriteDatasetSections appends them to `page`'s judge.md and records their
// tokens ("<dataset>/structure", "<dataset>/<judge>/<metric>",
// "<dataset>/issues/<kind>", "<dataset>/loader/<check>", ...).
#ifndef REPRO_STAGES_STUDIES_JUDGE_INTERNAL_DATASET_SECTIONS_H_
#define REPRO_STAGES_STUDIES_JUDGE_INTERNAL_DATASET_SECTIONS_H_

#include "stages/studies/judge/internal/report_text.h"
#include "stages/studies/judge/judge.pb.h"

namespace repro::judge::internal {

void WriteDatasetSections(const DatasetMeasurements& ds, Page* page);

}  // namespace repro::judge::internal

#endif  // REPRO_STAGES_STUDIES_JUDGE_INTERNAL_DATASET_SECTIONS_H_
