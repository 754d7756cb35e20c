// Small reads of a tree-sitter tree for functions.h (private to
// //stages/corpus:functions): a node's text, type and field; the line of the
// first ERROR or MISSING node; a pre-order visit; the byte range of a run of
// lines. The walks use a tree cursor: the depth of a tree costs no stack.
//
// FirstErrorLine: the 1-based line of the first ERROR or MISSING node under
// `root` in pre-order (the outermost first), descending only into subtrees
// that hold one; 0 when none.
// PreOrder(root, visit): calls visit(node) on every node of `root`'s tree in
// pre-order (anonymous nodes too), into a node's children only when visit
// returns true.
// Text: the node's bytes of `source` ("" for a null node or a range outside
// it). Is: whether the node has type `type`. Field: the node's child of field
// `name` (a null node when none).
// NonBlankRange: the byte range [start, end) of `source` from the first
// non-blank byte of line `first` to the last non-blank byte of line `last`
// (1-based); empty (start == end) when those lines are blank or past the end.
#ifndef REPRO_STAGES_CORPUS_INTERNAL_SYNTAX_TREE_H_
#define REPRO_STAGES_CORPUS_INTERNAL_SYNTAX_TREE_H_

#include <tree_sitter/api.h>

#include <cstdint>
#include <string>

#include "absl/strings/string_view.h"

namespace repro::corpus::internal {

uint32_t FirstErrorLine(TSNode root);

// Moves the cursor to the next node in pre-order that is not below its
// current node; false when the walk is over.
bool GotoNextUnvisited(TSTreeCursor* cursor);

// Calls visit(node) on every node of `root`'s tree in pre-order (anonymous
// nodes too), into a node's children only when visit returns true. A
// cursor walk: the depth of the tree costs no stack.
template <typename Visit>
void PreOrder(TSNode root, Visit visit) {
  TSTreeCursor cursor = ts_tree_cursor_new(root);
  for (bool more = true; more;) {
    const bool descend = visit(ts_tree_cursor_current_node(&cursor));
    more = (descend && ts_tree_cursor_goto_first_child(&cursor)) || GotoNextUnvisited(&cursor);
  }
  ts_tree_cursor_delete(&cursor);
}

absl::string_view Text(TSNode node, absl::string_view source);
bool Is(TSNode node, absl::string_view type);
TSNode Field(TSNode node, const std::string& name);

struct ByteRange {
  uint32_t start = 0;
  uint32_t end = 0;
};

ByteRange NonBlankRange(absl::string_view source, uint32_t first, uint32_t last);

}  // namespace repro::corpus::internal

#endif  // REPRO_STAGES_CORPUS_INTERNAL_SYNTAX_TREE_H_
