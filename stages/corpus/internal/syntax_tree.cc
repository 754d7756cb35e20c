#include "stages/corpus/internal/syntax_tree.h"

#include "absl/strings/ascii.h"

namespace repro::corpus::internal {
namespace {

bool IsErrorOrMissing(TSNode node) {
  return ts_node_is_missing(node) || absl::string_view("ERROR") == ts_node_type(node);
}

// Moves the cursor to the first child of its node that holds an ERROR or
// MISSING node; false (the cursor anywhere below) when none does.
bool GotoChildWithError(TSTreeCursor* cursor) {
  if (!ts_tree_cursor_goto_first_child(cursor)) return false;
  do {
    if (ts_node_has_error(ts_tree_cursor_current_node(cursor))) return true;
  } while (ts_tree_cursor_goto_next_sibling(cursor));
  return false;
}

}  // namespace

uint32_t FirstErrorLine(TSNode root) {
  TSTreeCursor cursor = ts_tree_cursor_new(root);
  uint32_t line = 0;
  for (;;) {
    const TSNode node = ts_tree_cursor_current_node(&cursor);
    if (IsErrorOrMissing(node)) {
      line = ts_node_start_point(node).row + 1;
      break;
    }
    if (!GotoChildWithError(&cursor)) break;
  }
  ts_tree_cursor_delete(&cursor);
  return line;
}

// Moves the cursor to the next node in pre-order that is not below its
// current node; false when the walk is over.
bool GotoNextUnvisited(TSTreeCursor* cursor) {
  while (!ts_tree_cursor_goto_next_sibling(cursor)) {
    if (!ts_tree_cursor_goto_parent(cursor)) return false;
  }
  return true;
}

absl::string_view Text(TSNode node, absl::string_view source) {
  if (ts_node_is_null(node)) return "";
  const uint32_t start = ts_node_start_byte(node);
  const uint32_t end = ts_node_end_byte(node);
  if (start > end || end > source.size()) return "";
  return source.substr(start, end - start);
}

bool Is(TSNode node, absl::string_view type) { return type == ts_node_type(node); }

TSNode Field(TSNode node, const std::string& name) {
  return ts_node_child_by_field_name(node, name.data(), static_cast<uint32_t>(name.size()));
}

namespace {

// The byte offset where 1-based line `line` starts (source.size() past the
// end).
size_t LineStart(absl::string_view source, uint32_t line) {
  size_t pos = 0;
  for (uint32_t l = 1; l < line && pos < source.size(); ++l) {
    const size_t nl = source.find('\n', pos);
    pos = nl == absl::string_view::npos ? source.size() : nl + 1;
  }
  return pos;
}

}  // namespace

ByteRange NonBlankRange(absl::string_view source, uint32_t first, uint32_t last) {
  size_t start = LineStart(source, first);
  size_t end = LineStart(source, last + 1);
  while (start < end && absl::ascii_isspace(static_cast<unsigned char>(source[start]))) ++start;
  while (end > start && absl::ascii_isspace(static_cast<unsigned char>(source[end - 1]))) --end;
  return {static_cast<uint32_t>(start), static_cast<uint32_t>(end)};
}

}  // namespace repro::corpus::internal
