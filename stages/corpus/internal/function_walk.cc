#include "stages/corpus/internal/function_walk.h"

#include <string>
#include <utility>

#include "absl/strings/ascii.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "stages/corpus/internal/syntax_tree.h"

namespace repro::corpus::internal {
namespace {

// The base type name of a method receiver: "(s *Stack[T])" -> "Stack".
std::string ReceiverTypeName(TSNode receiver, absl::string_view source) {
  TSNode decl = {};
  bool found = false;
  const uint32_t n = ts_node_named_child_count(receiver);
  for (uint32_t i = 0; i < n; ++i) {
    TSNode c = ts_node_named_child(receiver, i);
    if (Is(c, "parameter_declaration") || Is(c, "variadic_parameter_declaration")) {
      decl = c;
      found = true;
      break;
    }
  }
  if (!found) return std::string(Text(receiver, source));
  TSNode type = Field(decl, "type");
  for (int guard = 0; guard < 16 && !ts_node_is_null(type); ++guard) {
    if (Is(type, "pointer_type") || Is(type, "parenthesized_type")) {
      type = ts_node_named_child(type, 0);
    } else if (Is(type, "generic_type")) {
      type = Field(type, "type");
    } else {
      break;
    }
  }
  return std::string(Text(type, source));
}

// `text` with every run of whitespace one space.
std::string CollapseSpaces(absl::string_view text) {
  std::string out;
  bool space = false;
  for (const char ch : text) {
    if (absl::ascii_isspace(static_cast<unsigned char>(ch))) {
      space = true;
      continue;
    }
    if (space && !out.empty()) out.push_back(' ');
    space = false;
    out.push_back(ch);
  }
  return out;
}

// The type of one parameter (ChunkRule.signature_field): its type and
// dimensions fields, or, without a type field, its text from the first
// named child that is not "modifiers" up to its last named child (the name:
// "String... args" gives "String...").
std::string ParameterType(TSNode parameter, absl::string_view source) {
  const TSNode type = Field(parameter, "type");
  if (!ts_node_is_null(type)) {
    return CollapseSpaces(
        absl::StrCat(Text(type, source), Text(Field(parameter, "dimensions"), source)));
  }
  const uint32_t n = ts_node_named_child_count(parameter);
  uint32_t first = 0;
  while (first + 1 < n && Is(ts_node_named_child(parameter, first), "modifiers")) ++first;
  if (first + 1 >= n) return CollapseSpaces(Text(parameter, source));
  const uint32_t start = ts_node_start_byte(ts_node_named_child(parameter, first));
  const uint32_t end = ts_node_start_byte(ts_node_named_child(parameter, n - 1));
  if (start > end || end > source.size()) return "";
  return CollapseSpaces(source.substr(start, end - start));
}

// "(T1, T2)": the types of the parameter list's named children that are
// not comments ("()" for none or a missing list).
std::string Signature(TSNode parameters, absl::string_view source) {
  std::vector<std::string> types;
  const uint32_t n = ts_node_is_null(parameters) ? 0 : ts_node_named_child_count(parameters);
  for (uint32_t i = 0; i < n; ++i) {
    const TSNode p = ts_node_named_child(parameters, i);
    if (!ts_node_is_extra(p)) types.push_back(ParameterType(p, source));
  }
  return absl::StrCat("(", absl::StrJoin(types, ", "), ")");
}

// The walk of functions.h over one tree.
class Walk {
 public:
  Walk(const languages::Rules& rules, absl::string_view source) : rules_(rules), source_(source) {}

  // Appends the functions under `root` in source order. An explicit stack
  // of the nodes whose named children are being searched: the depth of
  // wrappers and containers costs no call stack.
  void Collect(TSNode root, std::vector<Function>* out) const {
    std::vector<Frame> stack = {{root, 0, ""}};
    while (!stack.empty()) {
      Frame& top = stack.back();
      if (top.next == ts_node_named_child_count(top.parent)) {
        stack.pop_back();
        continue;
      }
      const TSNode c = ts_node_named_child(top.parent, top.next++);
      std::string prefix = top.prefix;  // `top` dangles once the stack grows
      if (IsWrapper(c)) {
        stack.push_back({c, 0, std::move(prefix)});
      } else if (const languages::ChunkRule* rule = ChunkRuleOf(c)) {
        const std::string name = QualifiedName(c, *rule, prefix);
        out->push_back(Describe(c, *rule, name));
        if (rules_.nested_chunks()) stack.push_back({c, 0, absl::StrCat(name, ".")});
      } else if (const languages::ContainerRule* container = ContainerRuleOf(c)) {
        const TSNode body = Field(c, container->body_field());
        if (ts_node_is_null(body)) continue;
        stack.push_back({body, 0, absl::StrCat(prefix, ContainerName(c, *container), ".")});
      } else if (rules_.nested_chunks()) {
        stack.push_back({c, 0, std::move(prefix)});
      }
    }
  }

 private:
  // A node whose named children are searched, from `next` on.
  struct Frame {
    TSNode parent;
    uint32_t next;
    std::string prefix;  // the containers' names, "Outer.Inner."
  };

  bool IsWrapper(TSNode node) const {
    for (const std::string& t : rules_.wrapper_types()) {
      if (Is(node, t)) return true;
    }
    return false;
  }
  const languages::ChunkRule* ChunkRuleOf(TSNode node) const {
    for (const languages::ChunkRule& r : rules_.chunks()) {
      if (Is(node, r.node_type()) && HasValue(node, r) && HasParent(node, r)) return &r;
    }
    return nullptr;
  }
  // Whether the rule's parent condition (ChunkRule.parent_types) holds.
  static bool HasParent(TSNode node, const languages::ChunkRule& r) {
    if (r.parent_types().empty()) return true;
    const TSNode parent = ts_node_parent(node);
    if (ts_node_is_null(parent)) return false;
    for (const std::string& t : r.parent_types()) {
      if (Is(parent, t)) return true;
    }
    return false;
  }
  // Whether the rule's value condition (ChunkRule.value_field) holds.
  static bool HasValue(TSNode node, const languages::ChunkRule& r) {
    if (r.value_field().empty()) return true;
    const TSNode value = Field(node, r.value_field());
    if (ts_node_is_null(value)) return false;
    for (const std::string& t : r.value_types()) {
      if (Is(value, t)) return true;
    }
    return false;
  }
  // The container's name: its name field, through the rule's unwraps.
  std::string ContainerName(TSNode node, const languages::ContainerRule& r) const {
    TSNode name = Field(node, r.name_field());
    for (int guard = 0; guard < 16 && !ts_node_is_null(name); ++guard) {
      const languages::Unwrap* step = nullptr;
      for (const languages::Unwrap& u : r.unwrap()) {
        if (Is(name, u.node_type())) step = &u;
      }
      if (step == nullptr) break;
      name = Field(name, step->field());
    }
    return std::string(Text(name, source_));
  }
  const languages::ContainerRule* ContainerRuleOf(TSNode node) const {
    for (const languages::ContainerRule& r : rules_.containers()) {
      if (Is(node, r.node_type())) return &r;
    }
    return nullptr;
  }

  // The chunk's name without its signature: qualified by the receiver's
  // type or by the containers (and, nested, the chunks) it is in.
  std::string QualifiedName(TSNode node, const languages::ChunkRule& rule,
                            const std::string& prefix) const {
    const absl::string_view name = Text(Field(node, rule.name_field()), source_);
    if (rule.receiver_field().empty()) return absl::StrCat(prefix, name);
    return absl::StrCat(ReceiverTypeName(Field(node, rule.receiver_field()), source_), ".", name);
  }

  // `name` followed by the rule's signature, if it reads one.
  Function Describe(TSNode node, const languages::ChunkRule& rule, const std::string& name) const {
    Function f;
    f.name = name;
    if (!rule.signature_field().empty()) {
      absl::StrAppend(&f.name, Signature(Field(node, rule.signature_field()), source_));
    }
    // A node that ends at column 0 of a row ends with the newline of the row
    // before: an unterminated Go function in an ERROR node, "func e({g\n",
    // ends at (1, 0) but lies on line 1.
    const TSPoint start = ts_node_start_point(node);
    const TSPoint end = ts_node_end_point(node);
    f.start_line = start.row + 1;
    f.end_line = (end.column == 0 && end.row > start.row) ? end.row : end.row + 1;
    return f;
  }

  const languages::Rules& rules_;
  absl::string_view source_;
};

}  // namespace

void CollectFunctions(const languages::Rules& rules, absl::string_view source, TSNode root,
                      std::vector<Function>* out) {
  Walk(rules, source).Collect(root, out);
}

}  // namespace repro::corpus::internal
