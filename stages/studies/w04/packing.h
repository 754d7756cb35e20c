// W04 packing comparison: one fixed order, one fixed budget, one rule.
//
// EvaluatePacking takes the authored PackingCase and the reranked order from
// the reranking stage, and returns the PackingResult.
//
// Stop conditions (InvalidArgument naming the file, condition, passage and
// field, expected vs found):
//  - a passage id outside the candidate pool, a duplicate id, a negative cost
//    or budget, a claim id that is not declared, a near-duplicate reference to
//    a passage that is not earlier in the order;
//  - a condition's order differs from the reranked order;
//  - the treatment differs from the baseline in anything but the declared rule:
//    budget, order, cost, claims, origin, dependency cluster or redundancy
//    label; or the rule lists do not differ by exactly the declared rule.
//
// Packing is the framework's (stages/framework/packing: CompareSingleFactor,
// rule kGreedy for the baseline, kRedundancy with same_cluster and
// only_without_new_claim for R-REDUNDANT-NO-NEW-CLAIM; a passage's origin is
// the unit's file); this file keeps W04's ledger checks and its reason
// strings. Greedy by rank: scan the order once; a passage is selected when its
// cost fits the remaining budget, else excluded with R-DOES-NOT-FIT. With the
// rule R-REDUNDANT-NO-NEW-CLAIM, a passage is skipped first when it is a
// DECLARED near-duplicate of an already selected passage in the same
// dependency cluster and every claim it covers is already covered by the
// selection. UNRESOLVED labels (a passage's status, or its relations listed
// in unresolved_duplicate_of) never skip; they are reported.
//
// Reported per condition: selected ids, cost, unused budget, claim coverage
// (|covered| / |declared claims|), represented dependency clusters, admitted
// redundant pairs "(earlier, later)" (both selected, DECLARED relation), and
// every decision with its reason.
#ifndef REPRO_STAGES_STUDIES_W04_PACKING_H_
#define REPRO_STAGES_STUDIES_W04_PACKING_H_

#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "stages/studies/w04/w04.pb.h"

namespace repro::w04 {

inline constexpr char kRuleRedundant[] = "R-REDUNDANT-NO-NEW-CLAIM";
inline constexpr char kReasonDoesNotFit[] = "R-DOES-NOT-FIT";
inline constexpr char kReasonSelected[] = "SELECTED";

// `reranked_order`: candidate ids in the treatment order of the reranking
// stage; `pool_ids`: the fixed pool. `file` names the input in errors.
absl::StatusOr<PackingResult> EvaluatePacking(const PackingCase& packing_case,
                                              const std::vector<std::string>& reranked_order,
                                              const std::string& file);

}  // namespace repro::w04

#endif  // REPRO_STAGES_STUDIES_W04_PACKING_H_
