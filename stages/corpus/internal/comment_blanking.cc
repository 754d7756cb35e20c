#include "stages/corpus/internal/comment_blanking.h"

#include <algorithm>

#include "stages/corpus/internal/syntax_tree.h"

namespace repro::corpus::internal {
namespace {

// The byte ranges BlankComments blanks: comment nodes anywhere, and the
// docstring statement of each docstring parent.
class CommentWalk {
 public:
  explicit CommentWalk(const languages::Rules& rules) : rules_(rules) {}

  void Collect(TSNode root, std::vector<Blank>* out) const {
    PreOrder(root, [&](TSNode node) {
      if (IsOneOf(node, rules_.comment_types())) {
        out->push_back({ts_node_start_byte(node), ts_node_end_byte(node)});
        return false;
      }
      if (IsOneOf(node, rules_.docstring_parent_types())) AddDocstring(node, out);
      return true;
    });
  }

 private:
  static bool IsOneOf(TSNode node, const google::protobuf::RepeatedPtrField<std::string>& types) {
    for (const std::string& t : types) {
      if (Is(node, t)) return true;
    }
    return false;
  }
  // The parent's first named child that is not a comment, when it is a
  // statement holding only a docstring. Followed by ';' ("\"\"\"doc\"\"\"; x = 1"),
  // the statement must stay: blanked whole, the ';' would begin the line.
  void AddDocstring(TSNode parent, std::vector<Blank>* out) const {
    const uint32_t n = ts_node_named_child_count(parent);
    for (uint32_t i = 0; i < n; ++i) {
      const TSNode c = ts_node_named_child(parent, i);
      if (IsOneOf(c, rules_.comment_types())) continue;
      if (Is(c, rules_.docstring_statement_type()) && ts_node_named_child_count(c) == 1 &&
          Is(ts_node_named_child(c, 0), rules_.docstring_type())) {
        const TSNode next = ts_node_next_sibling(c);
        out->push_back(
            {ts_node_start_byte(c), ts_node_end_byte(c), !ts_node_is_null(next) && Is(next, ";")});
      }
      return;
    }
  }

  const languages::Rules& rules_;
};

}  // namespace

void CollectBlanks(const languages::Rules& rules, TSNode root, std::vector<Blank>* out) {
  CommentWalk(rules).Collect(root, out);
}

void Apply(const Blank& blank, std::string* text) {
  const uint32_t end = std::min<uint32_t>(blank.end, static_cast<uint32_t>(text->size()));
  for (uint32_t b = blank.start; b < end; ++b) {
    if ((*text)[b] != '\n') (*text)[b] = ' ';
  }
  if (blank.empty_tuple && blank.start + 1 < end) {
    (*text)[blank.start] = '(';
    (*text)[end - 1] = ')';
  }
}

}  // namespace repro::corpus::internal
