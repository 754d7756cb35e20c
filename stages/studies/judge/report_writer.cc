#include "stages/studies/judge/report_writer.h"

#include <utility>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "stages/framework/pipeline/status_macros.h"
#include "stages/framework/tokens/tokens.h"
#include "stages/studies/judge/internal/dataset_sections.h"
#include "stages/studies/judge/internal/report_plots.h"
#include "stages/studies/judge/internal/report_text.h"
#include "stages/studies/judge/internal/study_sections.h"
#include "stages/studies/judge/policies.h"
#include "stages/studies/judge/report_files.h"

namespace repro::judge {

using internal::Page;
using internal::RenderPlots;
using internal::WriteBounds;
using internal::WriteDatasetSections;
using internal::WriteNotEvaluated;
using internal::WritePolicies;
using internal::WriteScenarios;

std::string Report::TokensText() const { return tokens::TokensToText(tokens); }

absl::StatusOr<Report> RenderReport(const ReportInputs& in) {
  Page page;
  std::string& md = page.md;
  absl::StrAppend(&md, "# ", in.title, "\n\n");
  md +=
      "When a judge ranks candidates and a policy executes only its top picks, how reliably "
      "does it select the best one, and what does that cost or save? Measured as the judge "
      "measurement contract defines it (docs/judge.md): each metric separate, uncertainty at "
      "the task level, empirical results first and model-conditioned scenarios apart.\n\n";
  absl::StrAppend(&md, "- data: ", in.data_note, "\n");
  const BootstrapSettings& bs = in.measurements.bootstrap();
  absl::StrAppend(&md, "- uncertainty: 95% percentile intervals from ", bs.resamples(),
                  " task-level bootstrap resamples (seed ", bs.seed(), "; unit: ", bs.unit(),
                  ")\n");
  absl::StrAppend(&md, "- ties: ", policy::kPredictedTies, "; ", policy::kOutcomeTies, "\n");
  absl::StrAppend(&md, "- missing: ", policy::kMissingOutcome, "\n");
  absl::StrAppend(&md, "- per-task values: ", in.tasks_csv_name,
                  "; every number with full precision: judge.json; lineage: lineage.json\n\n");

  md += "## 1. Empirical results\n\n";
  std::vector<std::string> names;
  for (const DatasetMeasurements& ds : in.measurements.datasets()) names.push_back(ds.dataset());
  absl::StrAppend(&md, "Data sets, in order: ", absl::StrJoin(names, ", "),
                  ". Plots: judge_top1.svg (top-1 with its identification range and the random "
                  "baseline), judge_topk.svg (best retained in the first k).\n\n");
  for (const DatasetMeasurements& ds : in.measurements.datasets()) {
    WriteDatasetSections(ds, &page);
  }
  WriteNotEvaluated(&page);
  WriteBounds(in.bounds, &page);
  WriteScenarios(in.scenarios, &page);
  WritePolicies(&page);
  md += "## 5. Files\n\n";
  absl::StrAppend(&md,
                  "- judge.md (this file), judge.json (measurements, bounds, scenarios, "
                  "policies), ",
                  in.tasks_csv_name,
                  " (one row per record), judge_top1.svg, "
                  "judge_topk.svg, judge_scenarios.svg, judge.tokens.txt (frozen-token values), "
                  "lineage.json (provenance of every stage below this report).\n");
  Report report;
  report.svgs = RenderPlots(in.measurements, in.bounds, in.scenarios);
  report.markdown = md;
  report.json = ReportJsonText(in.title, in.data_note, in.measurements, in.bounds, in.scenarios);
  report.tokens = std::move(page.tokens).Finish();
  RETURN_IF_ERROR(tokens::ValidateTokens(report.tokens, report.markdown, "judge.md"));
  return report;
}

}  // namespace repro::judge
