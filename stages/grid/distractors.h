// S002 synthetic distractors (docs/e04.md, "Distractors (S002)").
//
// GenerateDistractors(task_id, query, dose) returns `dose` valid Go source
// files whose task-relevant vocabulary is drawn only from the query text:
//  - Vocabulary: the query lowercased, split on every byte that is not an
//    ASCII letter or digit, words of >= 3 characters that are not in the
//    stopword list below, first occurrence order. Fewer than 2 words is
//    InvalidArgument (a query with no usable vocabulary cannot make a
//    task-relevant distractor).
//  - Nesting: distractor i depends only on (task_id, vocabulary, i), never on
//    the dose, so the first distractor is the same at doses 1, 5 and 10 and
//    the first five the same at 5 and 10.
//  - Choices: word j of distractor i is vocabulary[SHA-256("<task>/<i>/<j>")
//    read as a big-endian uint64 mod |vocabulary|]: fully specified, no
//    library PRNG whose sequence could change.
//  - Paths: "__harness_distractors__/d<ii>_<word>_<word>.go" (reserved, never
//    gold). Package `distractors`; every top-level name carries the index, so
//    the files also compile together. Output is gofmt-clean (tested with
//    Debian's gofmt).
#ifndef REPRO_STAGES_GRID_DISTRACTORS_H_
#define REPRO_STAGES_GRID_DISTRACTORS_H_

#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"

namespace repro::grid {

inline constexpr char kDistractorPrefix[] = "__harness_distractors__/";

struct DistractorFile {
  int index = 0;
  std::string path;
  std::string source;
};

// The query's distractor vocabulary (see above).
std::vector<std::string> QueryVocabulary(absl::string_view query);

absl::StatusOr<std::vector<DistractorFile>> GenerateDistractors(absl::string_view task_id,
                                                                absl::string_view query, int dose);

bool IsDistractorPath(absl::string_view path);

}  // namespace repro::grid

#endif  // REPRO_STAGES_GRID_DISTRACTORS_H_
