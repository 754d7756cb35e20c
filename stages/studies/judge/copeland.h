// Orders derived from pairwise preferences: majority of reference votes and
// Copeland scores.
//
// MajorityOfVotes (declared tie rule for crowd votes): with v = a_wins +
// b_wins + ties votes on one pair, A wins iff a_wins > v/2, B wins iff
// b_wins > v/2, otherwise the pair is a tie. For three votes: 2 of 3 decide;
// a 1/1/1 split and any 2 "tie" votes give a tie.
//
// CopelandOrder: every comparison gives points to both sides (1/0 for a win,
// 1/2 each for a tie); a candidate's Copeland value is its points divided by
// its number of comparisons (its win rate, in [0, 1]). The order sorts win
// rates descending; exactly equal win rates are tied (declared tie policy).
// Candidates without any comparison get no value and are placed by
// `unvalued` (see weak_order.h). Points of a comparison must sum to 1, and
// every id in a comparison must be in `ids` (InvalidArgument otherwise).
//
// MajorityCycle: whether the strict-win relation (pairs that are not ties)
// has a directed cycle, i.e. the reference preferences are intransitive.
// CondorcetWinner: the candidate that wins every one of its comparisons, if
// any.
#ifndef REPRO_STAGES_STUDIES_JUDGE_COPELAND_H_
#define REPRO_STAGES_STUDIES_JUDGE_COPELAND_H_

#include <optional>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "stages/studies/judge/weak_order.h"

namespace repro::judge {

struct Comparison {
  std::string a;
  std::string b;
  double a_points = 0.5;  // b gets 1 - a_points
};

// Points of A (1, 0 or 0.5) under the declared majority rule; v must be > 0.
absl::StatusOr<double> MajorityOfVotes(int a_wins, int b_wins, int ties);

absl::StatusOr<WeakOrder> CopelandOrder(const std::vector<std::string>& ids,
                                        const std::vector<Comparison>& comparisons,
                                        Unvalued unvalued);

bool MajorityCycle(const std::vector<std::string>& ids, const std::vector<Comparison>& comparisons);

std::optional<std::string> CondorcetWinner(const std::vector<std::string>& ids,
                                           const std::vector<Comparison>& comparisons);

}  // namespace repro::judge

#endif  // REPRO_STAGES_STUDIES_JUDGE_COPELAND_H_
