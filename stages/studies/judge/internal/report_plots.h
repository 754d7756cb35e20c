// The three SVG plots of the judge report (plots.h draws them):
//  - judge_top1.svg: top-1 of every data set and judge of `measurements` with
//    its 95% task-bootstrap interval, the range its mean pairwise accuracy
//    allows (bounds k = 1) and the random-pick baseline;
//  - judge_topk.svg: the share of tasks whose best candidate is among the
//    judge's first k, k = 1, 2, 3, 5;
//  - judge_scenarios.svg: top-1 against pairwise accuracy of the n = 8
//    `scenarios` of three families, with the exact envelope of `bounds` n = 8.
// RenderPlots returns file name -> SVG text.
#ifndef REPRO_STAGES_STUDIES_JUDGE_INTERNAL_REPORT_PLOTS_H_
#define REPRO_STAGES_STUDIES_JUDGE_INTERNAL_REPORT_PLOTS_H_

#include <map>
#include <string>

#include "stages/studies/judge/judge.pb.h"

namespace repro::judge::internal {

std::map<std::string, std::string> RenderPlots(const JudgeMeasurements& measurements,
                                               const BoundsTables& bounds,
                                               const ScenarioGrid& scenarios);

}  // namespace repro::judge::internal

#endif  // REPRO_STAGES_STUDIES_JUDGE_INTERNAL_REPORT_PLOTS_H_
