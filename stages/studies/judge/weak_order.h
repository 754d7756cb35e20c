// Weak orders (rankings with ties) over the candidates of one task.
//
// A WeakOrder is a list of tie groups, best first. Each group holds candidate
// ids sorted ascending (byte order) and the value that defines the group (an
// outcome, a score, a Copeland win rate; 0 when meaningless). Every id appears
// at most once. The same type serves ground orders (ties = equal under the
// declared outcome/tie policy) and predicted orders (ties = the judge did not
// separate the candidates).
//
// Construction from scores (FromScores):
//  - Direction kHigherIsBetter sorts values descending, kLowerIsBetter
//    ascending; exactly equal doubles form one group.
//  - Candidates without a value (std::nullopt) form one extra group placed
//    below every valued candidate when `unvalued` is kBottom, or are left out
//    when kExclude (the caller records them as missing).
// Errors: InvalidArgument for an empty or duplicate id, a NaN value.
#ifndef REPRO_STAGES_STUDIES_JUDGE_WEAK_ORDER_H_
#define REPRO_STAGES_STUDIES_JUDGE_WEAK_ORDER_H_

#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "absl/status/statusor.h"

namespace repro::judge {

struct Group {
  std::vector<std::string> ids;  // sorted ascending
  double value = 0;
  bool operator==(const Group& o) const { return ids == o.ids && value == o.value; }
};

using WeakOrder = std::vector<Group>;

enum class ScoreDirection { kHigherIsBetter, kLowerIsBetter };
enum class Unvalued { kBottom, kExclude };

struct ScoredId {
  std::string id;
  std::optional<double> value;
};

absl::StatusOr<WeakOrder> FromScores(const std::vector<ScoredId>& scores, ScoreDirection direction,
                                     Unvalued unvalued);

// All ids of the order, in order (ids within a group ascending).
std::vector<std::string> Flatten(const WeakOrder& order);

// Number of ids.
int Size(const WeakOrder& order);

// The order restricted to `keep` (ids not in `keep` removed; emptied groups
// dropped; values kept).
WeakOrder Restrict(const WeakOrder& order, const std::vector<std::string>& keep);

// OK when both orders hold exactly the same set of ids, each once; otherwise
// InvalidArgument naming the first offending id.
absl::Status CheckSameIds(const WeakOrder& a, const WeakOrder& b);

// "A B > C" style text for reports: groups separated by " > ", ids in a
// group by " = ".
std::string ToText(const WeakOrder& order);

}  // namespace repro::judge

#endif  // REPRO_STAGES_STUDIES_JUDGE_WEAK_ORDER_H_
