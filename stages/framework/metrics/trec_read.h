// Reads TREC run and qrels files, the inverse of trec_export.h.
//
// ParseTrecRun(text, file): lines "<qid> Q0 <docno> <rank> <score> <tag>"
// (six white-space separated fields, trec_eval's run format). Returns, per
// qid in order of first appearance, the documents with their scores in line
// order; the rank column is checked to be a positive integer but not used
// (trec_eval orders by score too). ParseTrecQrels(text, file): lines
// "<qid> <iteration> <docno> <grade>", the grade an integer >= 0; per qid,
// (docno, grade) in line order. In both, a docno is percent-decoded
// (TrecDocno's inverse: "%20" is a space), blank lines are skipped, and
// every error is InvalidArgument "<file>:<line>: ..." naming the field and
// what was expected and found: a wrong field count, a rank, score or grade
// that does not parse (or a non-finite score), a malformed '%' escape, or a
// docno twice under one qid.
#ifndef REPRO_STAGES_FRAMEWORK_METRICS_TREC_READ_H_
#define REPRO_STAGES_FRAMEWORK_METRICS_TREC_READ_H_

#include <string>
#include <utility>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "stages/framework/metrics/qrels.h"

namespace repro::metrics {

struct TrecTopicRun {
  std::string qid;
  std::vector<ScoredDoc> docs;  // line order
};

struct TrecTopicQrels {
  std::string qid;
  std::vector<std::pair<std::string, int>> judgments;  // line order
};

absl::StatusOr<std::vector<TrecTopicRun>> ParseTrecRun(absl::string_view text,
                                                       absl::string_view file);

absl::StatusOr<std::vector<TrecTopicQrels>> ParseTrecQrels(absl::string_view text,
                                                           absl::string_view file);

// TrecDocno's inverse; InvalidArgument for a '%' not followed by two hex digits.
absl::StatusOr<std::string> DecodeTrecDocno(absl::string_view docno);

}  // namespace repro::metrics

#endif  // REPRO_STAGES_FRAMEWORK_METRICS_TREC_READ_H_
