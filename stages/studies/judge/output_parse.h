// Parsing raw judge outputs into scores, orders and verdicts. Every parser
// returns a result with `ok` false and a reason code instead of guessing; the
// caller records the failure (it is never dropped, never credited).
//
// ParseLeadingScore (pointwise 0..max scores such as ICE-Score's 0-4 replies):
//  1. Trim whitespace. Strip one leading label, if present, of the form
//     "Score:", "Functional Correctness:" or "Usefulness:" (case-sensitive,
//     then whitespace).
//  2. The text must now begin with one digit d in 0..max that is not followed
//     by another digit, and not by '-' plus a digit ("0-4" repeats the scale).
//     Anything after is commentary and ignored ("3 - The code...", "Score: 0
//     (The snippet is empty)", "0- The code...").
//  Reasons: "no_leading_score" (e.g. "N/A (...)", or several labelled scores
//  such as "Version 1: 4\nVersion 2: 3": which candidate is meant is not
//  decidable), "scale_echo" ("0-4"), "out_of_range" (a leading number > max).
//
// ParseListwise ("B > A = C" style listwise outputs, the fixture's format):
//  tokens are candidate ids ([A-Za-z0-9_.-]+) separated by '>' (strictly
//  better) or '=' (tied); whitespace around separators is ignored. A text that
//  does not match this grammar, or is empty, is "unparsable". Otherwise:
//  ids not among `candidates` are `unknown` (ignored for the order), a
//  repeated id is a `duplicate` (its later occurrences ignored), candidates
//  never returned are `missing`. The order holds the returned valid ids, with
//  one group of all missing ids appended last (declared failure policy:
//  an unplaced candidate ranks below every placed one, tied with the other
//  unplaced ones). With no valid id at all the output counts as unparsable.
//
// ParseVerdictLine (pairwise, QLoRA three-class convention): the last
//  non-empty line, trimmed, must be exactly "1" (first better), "2" (second
//  better) or "3" (tie); otherwise UNPARSED with reason "no_verdict_line".
#ifndef REPRO_STAGES_STUDIES_JUDGE_OUTPUT_PARSE_H_
#define REPRO_STAGES_STUDIES_JUDGE_OUTPUT_PARSE_H_

#include <string>
#include <vector>

#include "absl/strings/string_view.h"
#include "stages/studies/judge/pairwise_metrics.h"
#include "stages/studies/judge/weak_order.h"

namespace repro::judge {

struct ScoreParse {
  bool ok = false;
  int score = 0;
  std::string reason;  // empty when ok
};

ScoreParse ParseLeadingScore(absl::string_view raw, int max_score);

struct ListwiseParse {
  bool ok = false;  // false: unparsable (reason set); order is then all-tied
  std::string reason;
  std::vector<std::string> returned;  // tokens as returned, in order
  std::vector<std::string> unknown;
  std::vector<std::string> duplicates;
  std::vector<std::string> missing;  // sorted
  WeakOrder order;                   // complete over `candidates`
};

ListwiseParse ParseListwise(absl::string_view raw, const std::vector<std::string>& candidates);

struct VerdictParse {
  Verdict verdict = Verdict::kUnparsed;
  std::string reason;
  std::string last_line;
};

VerdictParse ParseVerdictLine(absl::string_view raw);

}  // namespace repro::judge

#endif  // REPRO_STAGES_STUDIES_JUDGE_OUTPUT_PARSE_H_
