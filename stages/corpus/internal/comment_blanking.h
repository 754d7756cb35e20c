// What FunctionParser::BlankComments (functions.h) blanks, private to
// //stages/corpus:functions.
//
// CollectBlanks appends the byte ranges of `root`'s tree to blank: every
// node of the rules' comment_types anywhere (not descending into it), and,
// under each node of docstring_parent_types, the parent's first named child
// that is not a comment when it is a docstring_statement_type holding only a
// docstring_type. A docstring followed by ';' is marked empty_tuple.
// Apply blanks one range of `text`: every byte but '\n' a space or, for an
// empty_tuple, its first byte '(' and its last ')'; a range past the end of
// `text` is cut at the end.
#ifndef REPRO_STAGES_CORPUS_INTERNAL_COMMENT_BLANKING_H_
#define REPRO_STAGES_CORPUS_INTERNAL_COMMENT_BLANKING_H_

#include <tree_sitter/api.h>

#include <cstdint>
#include <string>
#include <vector>

#include "stages/corpus/languages/language.pb.h"

namespace repro::corpus::internal {

// A byte range BlankComments blanks. A docstring followed by ';' keeps an
// expression in its place: its first byte becomes '(' and its last ')'.
struct Blank {
  uint32_t start = 0;
  uint32_t end = 0;
  bool empty_tuple = false;
};

void CollectBlanks(const languages::Rules& rules, TSNode root, std::vector<Blank>* out);

void Apply(const Blank& blank, std::string* text);

}  // namespace repro::corpus::internal

#endif  // REPRO_STAGES_CORPUS_INTERNAL_COMMENT_BLANKING_H_
