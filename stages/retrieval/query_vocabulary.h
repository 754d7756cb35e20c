// The words of a query that a perturbation may draw from: S002's distractor
// vocabulary (stages/grid/distractors.h), and the check that a task's query
// has enough of them (the grid's task check, the task miner).
//
// QueryVocabulary(query): the query lowercased, split on every byte that is
// not an ASCII letter or digit (so a non-ASCII letter splits words), the words
// of 3 or more characters that are not in the stopword list of
// query_vocabulary.cc, each once, in the order of first occurrence. It never
// fails; an empty result means the query has no usable word.
#ifndef REPRO_STAGES_RETRIEVAL_QUERY_VOCABULARY_H_
#define REPRO_STAGES_RETRIEVAL_QUERY_VOCABULARY_H_

#include <string>
#include <vector>

#include "absl/strings/string_view.h"

namespace repro::retrieval {

std::vector<std::string> QueryVocabulary(absl::string_view query);

}  // namespace repro::retrieval

#endif  // REPRO_STAGES_RETRIEVAL_QUERY_VOCABULARY_H_
