// Packing a ranked list of units under one token budget by one rule set
// (docs/packing.md; outcomes defined in docs/metrics.md, "Packing").
//
// This is the one implementation of packing: W04 (stages/studies/w04) packs
// through it, and new grid outcomes are to use it. The grid's older
// budget_coverage_* tokens keep their own whole-file prefix rule
// (stages/grid/cells/outcomes.h) only because frozen tokens are defined by it.
//
// Input: `units` in rank order (best first), each with an id (unique, non
// empty), a cost (>= 0, in the caller's unit: tokens or lines), the file it
// comes from, the material claims it covers (e.g. gold function ids), a
// dependency cluster, and its near-duplicate relations: `near_duplicate_of`
// (declared: the redundancy rule may skip on them) and
// `unresolved_duplicate_of` (never used to skip, only reported). A relation
// names another unit of the list, any rank; a unit never names itself.
// `budget` >= 0. Bad input is InvalidArgument naming `where`, the unit (rank
// and id) and the field, expected vs found.
//
// Rules (exactly one RuleSet per call; the scan is greedy by rank in all):
//  - kGreedy (the baseline): scan the ranks once; a unit is packed when its
//    cost fits the remaining budget, else skipped "does not fit", and the scan
//    goes on (skip-and-continue: a later, smaller unit may still be packed).
//  - kRedundancy: as kGreedy, but before the fit test a unit is skipped
//    "redundant with <unit>" when a unit it declares in `near_duplicate_of`
//    is already packed (the first such unit in its list). Two options narrow
//    the rule: `same_cluster` (the packed unit must be in the same dependency
//    cluster) and `only_without_new_claim` (the unit must add no claim the
//    packed units lack). W04's R-REDUNDANT-NO-NEW-CLAIM is both options on.
//  - kDiversity (n = `per_file` >= 1): pass 1 scans the ranks once and packs a
//    unit when it fits and fewer than n units of its file are packed; a unit
//    of a file that already has n packed units is deferred ("file quota").
//    Pass 2 scans the deferred units once, in rank order, and packs each that
//    fits the budget left after pass 1 (no quota then). So no file gets an
//    (n+1)-th unit before every file has had its chance at n. A deferred unit
//    that pass 2 does not pack keeps the reason "file quota" (its decision
//    says the cost and the budget left in pass 2). A unit that does not fit in
//    pass 1 is final: the budget only shrinks.
//
// Output (PackResult): one Decision per unit in rank order (packed or the
// reason it was skipped, the budget left before it was decided, the pass),
// the packed ids in packing order, tokens used and left, the sorted distinct
// claims covered, files and clusters of the packed units (an empty file or
// cluster is none; kDiversity requires a file on every unit), and the admitted
// pairs "(earlier, later)" in packing order: both units packed and the later
// one names the earlier in `near_duplicate_of` (redundant_pairs) or in
// `unresolved_duplicate_of` (unresolved_pairs).
#ifndef REPRO_STAGES_FRAMEWORK_PACKING_PACKING_H_
#define REPRO_STAGES_FRAMEWORK_PACKING_PACKING_H_

#include <cstdint>
#include <string>
#include <vector>

#include "absl/status/statusor.h"

namespace repro::packing {

struct Unit {
  std::string id;
  int64_t cost = 0;
  std::string file;
  std::vector<std::string> claims;
  std::string cluster;
  std::vector<std::string> near_duplicate_of;
  std::vector<std::string> unresolved_duplicate_of;
};

enum class Rule { kGreedy, kRedundancy, kDiversity };

// The rule's name in reports and errors: "greedy", "redundancy", "diversity".
const char* RuleName(Rule rule);

struct RuleSet {
  Rule rule = Rule::kGreedy;
  bool same_cluster = false;            // kRedundancy only
  bool only_without_new_claim = false;  // kRedundancy only
  int per_file = 0;                     // kDiversity only, >= 1
};

enum class Reason { kPacked, kDoesNotFit, kRedundant, kFileQuota };

struct Decision {
  std::string id;
  int64_t cost = 0;
  int64_t remaining_before = 0;  // budget left when the unit was last decided
  int pass = 1;                  // 2 for a unit kDiversity reconsidered
  Reason reason = Reason::kPacked;
  std::string redundant_with;  // kRedundant: the packed unit it duplicates
};

// "packed", "does not fit", "redundant with <unit>", "file quota".
std::string ReasonText(const Decision& decision);

struct PackResult {
  RuleSet rules;
  int64_t budget = 0;
  std::vector<Decision> decisions;  // rank order
  std::vector<std::string> packed;  // packing order
  int64_t used = 0;
  int64_t left = 0;
  std::vector<std::string> claims_covered;  // sorted, distinct
  std::vector<std::string> files;           // sorted, distinct
  std::vector<std::string> clusters;        // sorted, distinct
  std::vector<std::string> redundant_pairs;
  std::vector<std::string> unresolved_pairs;
};

// InvalidArgument for bad units, budget or rule options (see above).
absl::Status ValidateUnits(const std::vector<Unit>& units, const std::string& where);

absl::StatusOr<PackResult> Pack(const std::vector<Unit>& units, int64_t budget,
                                const RuleSet& rules, const std::string& where);

// |gold members in `covered`|: e.g. gold functions among claims_covered, or
// gold files among files. Both lists may be in any order; repeats count once.
int CountCovered(const std::vector<std::string>& covered, const std::vector<std::string>& gold);

}  // namespace repro::packing

#endif  // REPRO_STAGES_FRAMEWORK_PACKING_PACKING_H_
