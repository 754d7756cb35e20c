// What FunctionParser::BlankComments (functions.h) blanks, private to
// //stages/corpus:functions, from the captures of a language's
// queries/comments.scm (query_captures.h).
//
// CommentBlanks gives the byte ranges to blank, in document order (the
// outer first): every @comment node but one inside an earlier @comment
// (a comment is blanked whole, once), and every @docstring node. A
// docstring followed by ';' (its next sibling, named or not) is marked
// empty_tuple: the detail comments.scm cannot say, checked here on the
// captured node.
// Apply blanks one range of `text`: every byte but '\n' a space or, for an
// empty_tuple, its first byte '(' and its last ')'; a range past the end of
// `text` is cut at the end.
#ifndef REPRO_STAGES_CORPUS_INTERNAL_COMMENT_BLANKING_H_
#define REPRO_STAGES_CORPUS_INTERNAL_COMMENT_BLANKING_H_

#include <cstdint>
#include <string>
#include <vector>

#include "stages/corpus/query_captures.h"

namespace repro::corpus::internal {

// The capture names of comments.scm.
inline constexpr char kCommentCapture[] = "comment";
inline constexpr char kDocstringCapture[] = "docstring";

// A byte range BlankComments blanks. A docstring followed by ';' keeps an
// expression in its place: its first byte becomes '(' and its last ')'.
struct Blank {
  uint32_t start = 0;
  uint32_t end = 0;
  bool empty_tuple = false;
};

std::vector<Blank> CommentBlanks(const Captures& captures);

void Apply(const Blank& blank, std::string* text);

}  // namespace repro::corpus::internal

#endif  // REPRO_STAGES_CORPUS_INTERNAL_COMMENT_BLANKING_H_
