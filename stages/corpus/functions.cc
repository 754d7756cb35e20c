#include "stages/corpus/functions.h"

#include <tree_sitter/api.h>

#include <cstring>
#include <utility>

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "stages/corpus/languages/grammar_registry.h"
#include "stages/framework/pipeline/status_macros.h"

namespace repro {
namespace corpus {
namespace {

// The 1-based line of the first ERROR or MISSING node under `node` in
// pre-order, descending only into subtrees that hold one; 0 when none.
uint32_t FirstErrorLine(TSNode node) {
  if (ts_node_is_missing(node) || absl::string_view("ERROR") == ts_node_type(node)) {
    return ts_node_start_point(node).row + 1;
  }
  const uint32_t n = ts_node_child_count(node);
  for (uint32_t i = 0; i < n; ++i) {
    const TSNode child = ts_node_child(node, i);
    if (ts_node_has_error(child)) return FirstErrorLine(child);
  }
  return 0;
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

// The walk of functions.h over one tree.
class Walk {
 public:
  Walk(const languages::Rules& rules, absl::string_view source) : rules_(rules), source_(source) {}

  void Collect(TSNode parent, const std::string& prefix, std::vector<Function>* out) const {
    const uint32_t n = ts_node_named_child_count(parent);
    for (uint32_t i = 0; i < n; ++i) {
      const TSNode c = ts_node_named_child(parent, i);
      if (IsWrapper(c)) {
        Collect(c, prefix, out);
      } else if (const languages::ChunkRule* rule = ChunkRuleOf(c)) {
        out->push_back(Describe(c, *rule, prefix));
      } else if (const languages::ContainerRule* container = ContainerRuleOf(c)) {
        const TSNode body = Field(c, container->body_field());
        if (ts_node_is_null(body)) continue;
        Collect(body, absl::StrCat(prefix, ContainerName(c, *container), "."), out);
      }
    }
  }

 private:
  bool IsWrapper(TSNode node) const {
    for (const std::string& t : rules_.wrapper_types()) {
      if (Is(node, t)) return true;
    }
    return false;
  }
  const languages::ChunkRule* ChunkRuleOf(TSNode node) const {
    for (const languages::ChunkRule& r : rules_.chunks()) {
      if (Is(node, r.node_type()) && HasValue(node, r)) return &r;
    }
    return nullptr;
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

  Function Describe(TSNode node, const languages::ChunkRule& rule,
                    const std::string& prefix) const {
    Function f;
    f.name = std::string(Text(Field(node, rule.name_field()), source_));
    if (!rule.receiver_field().empty()) {
      f.name =
          absl::StrCat(ReceiverTypeName(Field(node, rule.receiver_field()), source_), ".", f.name);
    } else {
      f.name = absl::StrCat(prefix, f.name);
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

// The byte ranges BlankComments blanks: comment nodes anywhere, and the
// docstring statement of each docstring parent.
class CommentWalk {
 public:
  explicit CommentWalk(const languages::Rules& rules) : rules_(rules) {}

  void Collect(TSNode node, std::vector<std::pair<uint32_t, uint32_t>>* out) const {
    if (IsOneOf(node, rules_.comment_types())) {
      out->emplace_back(ts_node_start_byte(node), ts_node_end_byte(node));
      return;
    }
    if (IsOneOf(node, rules_.docstring_parent_types())) AddDocstring(node, out);
    const uint32_t n = ts_node_child_count(node);
    for (uint32_t i = 0; i < n; ++i) Collect(ts_node_child(node, i), out);
  }

 private:
  static bool IsOneOf(TSNode node, const google::protobuf::RepeatedPtrField<std::string>& types) {
    for (const std::string& t : types) {
      if (Is(node, t)) return true;
    }
    return false;
  }
  // The parent's first named child that is not a comment, when it is a
  // statement holding only a docstring.
  void AddDocstring(TSNode parent, std::vector<std::pair<uint32_t, uint32_t>>* out) const {
    const uint32_t n = ts_node_named_child_count(parent);
    for (uint32_t i = 0; i < n; ++i) {
      const TSNode c = ts_node_named_child(parent, i);
      if (IsOneOf(c, rules_.comment_types())) continue;
      if (Is(c, rules_.docstring_statement_type()) && ts_node_named_child_count(c) == 1 &&
          Is(ts_node_named_child(c, 0), rules_.docstring_type())) {
        out->emplace_back(ts_node_start_byte(c), ts_node_end_byte(c));
      }
      return;
    }
  }

  const languages::Rules& rules_;
};

absl::Status Missing(absl::string_view where, absl::string_view field, absl::string_view expected) {
  return absl::InvalidArgumentError(
      absl::StrCat(where, ", field ", field, ": expected ", expected, ", found none"));
}

}  // namespace

absl::Status ValidateRules(const languages::Rules& rules, absl::string_view where) {
  if (rules.language().empty()) return Missing(where, "language", "the language's name");
  if (rules.extensions().empty()) return Missing(where, "extensions", "one or more");
  for (const std::string& e : rules.extensions()) {
    if (e.size() < 2 || e[0] != '.') {
      return absl::InvalidArgumentError(absl::StrCat(
          where, ", field extensions: expected a file name ending such as \".py\", found '", e,
          "'"));
    }
  }
  if (rules.chunks().empty()) return Missing(where, "chunks", "one or more chunk rules");
  for (const languages::ChunkRule& r : rules.chunks()) {
    if (r.node_type().empty()) return Missing(where, "chunks.node_type", "a node type");
    if (r.name_field().empty()) return Missing(where, "chunks.name_field", "a field name");
  }
  for (const languages::ContainerRule& r : rules.containers()) {
    if (r.node_type().empty()) return Missing(where, "containers.node_type", "a node type");
    if (r.name_field().empty()) return Missing(where, "containers.name_field", "a field name");
    if (r.body_field().empty()) return Missing(where, "containers.body_field", "a field name");
  }
  return absl::OkStatus();
}

absl::StatusOr<std::unique_ptr<FunctionParser>> FunctionParser::Create(
    const languages::Rules& rules) {
  RETURN_IF_ERROR(ValidateRules(rules, absl::StrCat("rules of language '", rules.language(), "'")));
  ASSIGN_OR_RETURN(const languages::LinkedGrammar grammar,
                   languages::FindGrammar(rules.language()));
  TSParser* parser = ts_parser_new();
  if (!ts_parser_set_language(parser, grammar.language)) {
    ts_parser_delete(parser);
    return absl::FailedPreconditionError(
        absl::StrCat(grammar.id, ": ts_parser_set_language refused the grammar"));
  }
  return std::unique_ptr<FunctionParser>(new FunctionParser(rules, grammar.id, parser));
}

FunctionParser::FunctionParser(languages::Rules rules, std::string grammar, TSParser* parser)
    : rules_(std::move(rules)), grammar_(std::move(grammar)), parser_(parser) {}

FunctionParser::~FunctionParser() { ts_parser_delete(parser_); }

absl::StatusOr<TSTree*> FunctionParser::Tree(absl::string_view source) {
  TSTree* tree =
      ts_parser_parse_string(parser_, nullptr, source.data(), static_cast<uint32_t>(source.size()));
  if (tree == nullptr) {
    return absl::InternalError(absl::StrCat(grammar_, ": tree-sitter returned no tree"));
  }
  return tree;
}

absl::StatusOr<BlankedFile> FunctionParser::BlankComments(absl::string_view source) {
  ASSIGN_OR_RETURN(TSTree* const tree, Tree(source));
  const TSNode root = ts_tree_root_node(tree);
  std::vector<std::pair<uint32_t, uint32_t>> ranges;
  if (!rules_.docstring_type().empty() || rules_.comment_types_size() > 0) {
    CommentWalk(rules_).Collect(root, &ranges);
  }
  BlankedFile out;
  out.has_error = ts_node_has_error(root);
  ts_tree_delete(tree);
  out.text = std::string(source);
  for (const auto& [start, end] : ranges) {
    for (uint32_t b = start; b < end && b < out.text.size(); ++b) {
      if (out.text[b] != '\n') out.text[b] = ' ';
    }
  }
  out.comments = static_cast<int>(ranges.size());
  return out;
}

absl::StatusOr<FileFunctions> FunctionParser::Parse(absl::string_view source) {
  ASSIGN_OR_RETURN(TSTree* const tree, Tree(source));
  const TSNode root = ts_tree_root_node(tree);
  FileFunctions result;
  result.has_error = ts_node_has_error(root);
  if (result.has_error) result.first_error_line = FirstErrorLine(root);
  Walk(rules_, source).Collect(root, "", &result.functions);
  ts_tree_delete(tree);
  return result;
}

}  // namespace corpus
}  // namespace repro
