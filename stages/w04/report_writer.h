// Renders the W04 report: Markdown for people and a token list for the
// frozen-token gate.
//
// Tokens are "<key>\t<value>" lines, sorted by key. Every value appears
// verbatim in the Markdown, so a test can check both that the numbers did not
// drift (against data/w04/frozen_tokens.txt) and that the report shows them.
// Number formats: DCG/IDCG/nDCG and their delta with 9 decimals (the seed's
// precision); recall, coverage and their deltas with 2 decimals; budgets as
// "<cost>/<budget>".
#ifndef REPRO_STAGES_W04_REPORT_WRITER_H_
#define REPRO_STAGES_W04_REPORT_WRITER_H_

#include <string>
#include <utility>
#include <vector>

#include "absl/status/statusor.h"
#include "stages/w04/w04.pb.h"

namespace repro::w04 {

struct RenderedReport {
  std::string markdown;
  std::vector<std::pair<std::string, std::string>> tokens;
};

// Fails when the diagnosis candidate is not in the pool or a `computed` row
// names an unknown fact.
absl::StatusOr<RenderedReport> RenderReport(const RerankResult& rerank,
                                            const PackingResult& packing, const ReportText& text);

// "key\tvalue\n" lines.
std::string TokensToText(const std::vector<std::pair<std::string, std::string>>& tokens);

}  // namespace repro::w04

#endif  // REPRO_STAGES_W04_REPORT_WRITER_H_
