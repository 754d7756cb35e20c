// Renders the W04 report: Markdown for people and a token list for the
// frozen-token gate.
//
// Tokens are sorted by key and every value appears verbatim in the Markdown
// (checked: stages/framework/tokens/tokens.h, ValidateTokens), so a test can check both
// that the numbers did not drift (against data/w04/frozen_tokens.txt) and that
// the report shows them; tokens::TokensToText writes the token file.
// Number formats: DCG/IDCG/nDCG and their delta with 9 decimals (the seed's
// precision); recall, coverage and their deltas with 2 decimals; budgets as
// "<cost>/<budget>".
#ifndef REPRO_STAGES_STUDIES_W04_REPORT_WRITER_H_
#define REPRO_STAGES_STUDIES_W04_REPORT_WRITER_H_

#include <string>

#include "absl/status/statusor.h"
#include "stages/framework/tokens/tokens.h"
#include "stages/studies/w04/w04.pb.h"

namespace repro::w04 {

struct RenderedReport {
  std::string markdown;
  tokens::TokenList tokens;
};

// Fails (InvalidArgument) when the diagnosis candidate is not in the pool, a
// `computed` row names an unknown fact, or a token could not be frozen (a
// repeated key, a value not in the Markdown).
absl::StatusOr<RenderedReport> RenderReport(const RerankResult& rerank,
                                            const PackingResult& packing, const ReportText& text);

}  // namespace repro::w04

#endif  // REPRO_STAGES_STUDIES_W04_REPORT_WRITER_H_
