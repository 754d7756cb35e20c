// Writes a ranked run and its qrels in TREC format, so anyone can check our
// numbers with trec_eval.
//
// Run lines: "<qid> Q0 <docid> <rank> <score> <tag>". trec_eval ignores the
// rank column and re-sorts by score (ties by docno descending), so the
// exported score is derived from the final rank, score = |run| - rank + 1:
// strictly decreasing integers, exact in any float format. Qrels lines:
// "<qid> 0 <docid> <grade>", in the given order.
//
// A docno is one field of a white-space separated line, so TrecDocno(id)
// writes each byte of `id` that is ASCII white space (space, \t, \n, \v,
// \f, \r) or '%' as '%' and two upper-case hex digits ("a b.go" is
// "a%20b.go", "100%.go" is "100%25.go"), every other byte as itself:
// reversible (percent-decoding gives the id back), and an id without those
// bytes is its own docno, so existing runs keep their bytes. Runs and qrels
// encode alike, so trec_eval matches them as the pipeline does.
//
// For exponential-gain nDCG, export the qrels with grade 2^g - 1
// (ExponentialGrades): trec_eval's ndcg_cut uses the grade as a linear gain.
#ifndef REPRO_STAGES_FRAMEWORK_METRICS_TREC_EXPORT_H_
#define REPRO_STAGES_FRAMEWORK_METRICS_TREC_EXPORT_H_

#include <string>
#include <utility>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "stages/framework/metrics/qrels.h"

namespace repro::metrics {

std::string TrecDocno(absl::string_view id);

// Fails on duplicate or empty ids, or a qid/tag with white space.
absl::StatusOr<std::string> TrecRun(const std::string& qid, const Run& run, const std::string& tag);

absl::StatusOr<std::string> TrecQrels(const std::string& qid,
                                      const std::vector<std::pair<std::string, int>>& judgments);

// Maps each grade g to 2^g - 1.
std::vector<std::pair<std::string, int>> ExponentialGrades(
    const std::vector<std::pair<std::string, int>>& judgments);

}  // namespace repro::metrics

#endif  // REPRO_STAGES_FRAMEWORK_METRICS_TREC_EXPORT_H_
