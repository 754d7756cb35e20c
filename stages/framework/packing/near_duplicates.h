// Near duplicates as data: the relations among a pool's units that the
// redundancy rule (packing.h) reads (docs/packing.md, "Near duplicates").
//
// FindNearDuplicates(units, options, where) compares every pair of units
// (id, text) and lists a Relation for each pair that is a near duplicate:
//  - kEqualNormalized: NormalizeContent of both texts is byte-equal. The
//    normalization: the words of the text (maximal runs of bytes other than
//    space, tab, LF, CR, VT and FF) joined by one space; so every whitespace
//    run, line breaks included, counts as one space and the ends are trimmed.
//    Nothing else changes (no case folding, no Unicode normalization, no
//    comment stripping): a vendored copy re-indented, re-wrapped or with other
//    line endings is equal, a renamed identifier is not.
//  - kShingleJaccard: otherwise, when the Jaccard similarity of the two
//    shingle sets is strictly above the declared threshold. A shingle is
//    `shingle_size` consecutive words joined by one space (a text with fewer
//    words has one shingle, all its words; a text with none has no shingle). Jaccard = |A and B| /
//    |A or B|, kept as the two integer counts; "above n/d" is shared * d > n * union, exact integer
//    arithmetic, no floating point. Two empty shingle sets are not similar.
// Order: for each unit j in input order, the pairs (i, j), i < j ascending;
// `earlier` is units[i], `later` units[j]. The result depends only on the
// input, never on a hash order.
//
// ApplyNearDuplicates(relations, ranked, where) turns the undirected relations
// into the packing's declared near_duplicate_of: the unit ranked later names
// the one ranked earlier, so the rule has an order without a cycle.
//
// CheckDirectedRelations(pool, relations, where) checks relations someone
// declared as directed ("later is a near duplicate of earlier", the earlier
// read as the original): each must name two different units of `pool`, and
// the graph must have no cycle (a cycle has no original to keep).
//
// Bad input (an empty or repeated id, a shingle size < 1, a threshold outside
// [0, 1), a relation naming a unit not in the pool or itself, a cycle) is
// InvalidArgument naming `where`, the unit or relation and the field.
#ifndef REPRO_STAGES_FRAMEWORK_PACKING_NEAR_DUPLICATES_H_
#define REPRO_STAGES_FRAMEWORK_PACKING_NEAR_DUPLICATES_H_

#include <cstdint>
#include <set>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "stages/framework/packing/packing.h"

namespace repro::packing {

struct UnitText {
  std::string id;
  std::string text;
};

struct NearDuplicateOptions {
  int shingle_size = 5;
  int64_t threshold_numerator = 8;  // similarity must be above n / d
  int64_t threshold_denominator = 10;
};

enum class Similarity { kEqualNormalized, kShingleJaccard };

struct Relation {
  std::string earlier;
  std::string later;
  Similarity kind = Similarity::kEqualNormalized;
  int64_t shared = 0;  // kShingleJaccard: |A and B|
  int64_t total = 0;   // kShingleJaccard: |A or B|
};

std::string NormalizeContent(absl::string_view text);

std::set<std::string> Shingles(absl::string_view normalized, int shingle_size);

absl::StatusOr<std::vector<Relation>> FindNearDuplicates(const std::vector<UnitText>& units,
                                                         const NearDuplicateOptions& options,
                                                         const std::string& where);

absl::Status ApplyNearDuplicates(const std::vector<Relation>& relations, std::vector<Unit>& ranked,
                                 const std::string& where);

absl::Status CheckDirectedRelations(const std::vector<std::string>& pool,
                                    const std::vector<Relation>& relations,
                                    const std::string& where);

}  // namespace repro::packing

#endif  // REPRO_STAGES_FRAMEWORK_PACKING_NEAR_DUPLICATES_H_
