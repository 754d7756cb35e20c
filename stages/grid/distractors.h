// S002 synthetic distractors (docs/grid.md, "Distractors (S002)").
//
// GenerateDistractors(task_id, query, dose, rules) returns `dose` source
// files of the language of `rules` (a language folder's Rules,
// stages/corpus/languages/<language>/rules.textproto) whose task-relevant
// vocabulary is drawn only from the query text:
//  - Vocabulary: the query's (retrieval::QueryVocabulary,
//    stages/retrieval/query_vocabulary.h). Fewer than 2 words is
//    InvalidArgument (a query with no usable vocabulary cannot make a
//    task-relevant distractor).
//  - Nesting: distractor i depends only on (task_id, vocabulary, i, rules),
//    never on the dose, so the first distractor is the same at doses 1, 5
//    and 10 and the first five the same at 5 and 10.
//  - Choices: word j (j = 0..10: placeholders a b c d e f g h k m n) of
//    distractor i is vocabulary[SHA-256("<task>/<i>/<j>") read as a
//    big-endian uint64 mod |vocabulary|], and its threshold is
//    SHA-256("<task>/<i>/99") mod 90 + 10: fully specified, no library PRNG
//    whose sequence could change.
//  - Text: the rules' distractor_template with every {{placeholder}}
//    replaced (FillDistractorTemplate): the words {{a}} .. {{n}},
//    {{i}} (the index), {{ii}} (two digits), {{task}}, {{threshold}}, and
//    five identifiers, each in three forms ({{Type}} upper camel case,
//    {{type}} lower camel case, {{type_snake}} snake case; a leading digit
//    gets "X", "x", "x_"): type = a b record i, func = c d matches i,
//    method = e f value, text = g text, count = h count; {{text_pad}} and
//    {{count_pad}} are the spaces that put a column one space after the
//    longer of {{Text}} and {{Count}} (gofmt's struct field alignment).
//    Words are [a-z0-9]+, safe in comments and string literals; the
//    identifiers are never a keyword (every one has a suffix word).
//  - Paths: "__harness_distractors__/d<ii>_<a>_<b><the rules' first
//    extension>" (reserved, never gold). Every shipped template parses with
//    its grammar without an ERROR node (distractor_chunks_test), and Go's is
//    gofmt-clean (distractors_gofmt_test).
#ifndef REPRO_STAGES_GRID_DISTRACTORS_H_
#define REPRO_STAGES_GRID_DISTRACTORS_H_

#include <map>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "stages/corpus/languages/language.pb.h"

namespace repro::grid {

inline constexpr char kDistractorPrefix[] = "__harness_distractors__/";

struct DistractorFile {
  int index = 0;
  std::string path;
  std::string source;
};

// The distractors (above). InvalidArgument for a query with fewer than 2
// words (naming the task), a negative dose, rules without an extension or
// a template (FillDistractorTemplate's errors).
absl::StatusOr<std::vector<DistractorFile>> GenerateDistractors(
    absl::string_view task_id, absl::string_view query, int dose,
    const corpus::languages::Rules& rules);

// `tmpl` with every {{name}} replaced by values[name]. InvalidArgument naming
// stages/corpus/languages/<language>/rules.textproto and the field when the
// template is empty, a "{{" is not closed, or a name has no value (the
// message lists the names).
absl::StatusOr<std::string> FillDistractorTemplate(
    absl::string_view language, absl::string_view tmpl,
    const std::map<std::string, std::string>& values);

bool IsDistractorPath(absl::string_view path);

}  // namespace repro::grid

#endif  // REPRO_STAGES_GRID_DISTRACTORS_H_
