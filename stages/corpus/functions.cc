#include "stages/corpus/functions.h"

#include <tree_sitter/api.h>

#include <algorithm>
#include <cstring>
#include <utility>

#include "absl/strings/ascii.h"
#include "absl/strings/escaping.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "stages/corpus/languages/grammar_registry.h"
#include "stages/framework/pipeline/status_macros.h"

namespace repro {
namespace corpus {
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

// The 1-based line of the first ERROR or MISSING node under `root` in
// pre-order, descending only into subtrees that hold one; 0 when none. A
// cursor walk: the depth of the tree costs no stack.
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

// The byte range [start, end) of `source` from the first non-blank byte of
// line `first` to the last non-blank byte of line `last` (1-based); empty
// (start == end) when those lines are blank or past the end.
struct ByteRange {
  uint32_t start = 0;
  uint32_t end = 0;
};

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

ByteRange NonBlankRange(absl::string_view source, uint32_t first, uint32_t last) {
  size_t start = LineStart(source, first);
  size_t end = LineStart(source, last + 1);
  while (start < end && absl::ascii_isspace(static_cast<unsigned char>(source[start]))) ++start;
  while (end > start && absl::ascii_isspace(static_cast<unsigned char>(source[end - 1]))) --end;
  return {static_cast<uint32_t>(start), static_cast<uint32_t>(end)};
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

// A byte range BlankComments blanks. A docstring followed by ';' keeps an
// expression in its place: its first byte becomes '(' and its last ')'.
struct Blank {
  uint32_t start = 0;
  uint32_t end = 0;
  bool empty_tuple = false;
};

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

// `text` with `blank` applied: every byte but '\n' a space, or the ends of
// an empty tuple.
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

absl::Status Missing(absl::string_view where, absl::string_view field, absl::string_view expected) {
  return absl::InvalidArgumentError(
      absl::StrCat(where, ", field ", field, ": expected ", expected, ", found none"));
}

// The rules' required fields, present (the first one missing, named).
absl::Status ValidateRequired(const languages::Rules& rules, absl::string_view where) {
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

absl::Status Wrong(absl::string_view where, absl::string_view field, absl::string_view expected,
                   absl::string_view value, absl::string_view why = "") {
  return absl::InvalidArgumentError(absl::StrCat(where, ", field ", field, ": expected ", expected,
                                                 ", found \"", absl::CEscape(value), "\"", why));
}

// The names of a rules file checked against its grammar: a node type the
// grammar has no named node of, or a field it has no field of, would match
// nothing and silently change the chunks. An empty value (an optional field
// not set) passes.
class GrammarNames {
 public:
  GrammarNames(const languages::LinkedGrammar& grammar, absl::string_view where)
      : grammar_(grammar), where_(where) {}

  absl::Status NodeType(absl::string_view field, const std::string& value) const {
    if (value.empty() || IsNamedNodeType(value)) return absl::OkStatus();
    return Wrong(where_, field, absl::StrCat("a named node type of ", grammar_.id), value);
  }
  absl::Status NodeTypes(absl::string_view field,
                         const google::protobuf::RepeatedPtrField<std::string>& values) const {
    for (const std::string& v : values) RETURN_IF_ERROR(NodeType(field, v));
    return absl::OkStatus();
  }
  absl::Status FieldName(absl::string_view field, const std::string& value) const {
    if (value.empty() || ts_language_field_id_for_name(grammar_.language, value.data(),
                                                       static_cast<uint32_t>(value.size())) != 0) {
      return absl::OkStatus();
    }
    return Wrong(where_, field, absl::StrCat("a field name of ", grammar_.id), value);
  }

 private:
  // ts_language_symbol_for_name answers "ERROR" for any prefix of it.
  bool IsNamedNodeType(const std::string& name) const {
    if (name == "ERROR") return true;
    const TSSymbol symbol = ts_language_symbol_for_name(
        grammar_.language, name.data(), static_cast<uint32_t>(name.size()), /*is_named=*/true);
    return symbol != 0 && symbol != static_cast<TSSymbol>(-1) &&
           ts_language_symbol_type(grammar_.language, symbol) == TSSymbolTypeRegular;
  }

  const languages::LinkedGrammar& grammar_;
  absl::string_view where_;
};

absl::Status ValidateChunkNames(const languages::Rules& rules, const GrammarNames& names) {
  for (const languages::ChunkRule& r : rules.chunks()) {
    RETURN_IF_ERROR(names.NodeType("chunks.node_type", r.node_type()));
    RETURN_IF_ERROR(names.FieldName("chunks.name_field", r.name_field()));
    RETURN_IF_ERROR(names.FieldName("chunks.receiver_field", r.receiver_field()));
    RETURN_IF_ERROR(names.FieldName("chunks.value_field", r.value_field()));
    RETURN_IF_ERROR(names.NodeTypes("chunks.value_types", r.value_types()));
    RETURN_IF_ERROR(names.FieldName("chunks.signature_field", r.signature_field()));
    RETURN_IF_ERROR(names.NodeTypes("chunks.parent_types", r.parent_types()));
  }
  for (const languages::ContainerRule& r : rules.containers()) {
    RETURN_IF_ERROR(names.NodeType("containers.node_type", r.node_type()));
    RETURN_IF_ERROR(names.FieldName("containers.name_field", r.name_field()));
    RETURN_IF_ERROR(names.FieldName("containers.body_field", r.body_field()));
    for (const languages::Unwrap& u : r.unwrap()) {
      RETURN_IF_ERROR(names.NodeType("containers.unwrap.node_type", u.node_type()));
      RETURN_IF_ERROR(names.FieldName("containers.unwrap.field", u.field()));
    }
  }
  return names.NodeTypes("wrapper_types", rules.wrapper_types());
}

absl::Status ValidateCommentNames(const languages::Rules& rules, const GrammarNames& names) {
  RETURN_IF_ERROR(names.NodeTypes("comment_types", rules.comment_types()));
  RETURN_IF_ERROR(names.NodeTypes("docstring_parent_types", rules.docstring_parent_types()));
  RETURN_IF_ERROR(names.NodeType("docstring_statement_type", rules.docstring_statement_type()));
  return names.NodeType("docstring_type", rules.docstring_type());
}

// The index of the ']' that closes the bracket expression opened at
// glob[open] (glibc's fnmatch: a first ']' is literal, '\' escapes, "[:",
// "[=" and "[." open a class that ":]", "=]" or ".]" closes); npos if none.
size_t BracketEnd(absl::string_view glob, size_t open) {
  size_t i = open + 1;
  if (i < glob.size() && (glob[i] == '!' || glob[i] == '^')) ++i;
  if (i < glob.size() && glob[i] == ']') ++i;
  for (; i < glob.size(); ++i) {
    if (glob[i] == ']') return i;
    if (glob[i] == '\\') {
      ++i;
    } else if (glob[i] == '[' && i + 1 < glob.size() && absl::StrContains(":=.", glob[i + 1])) {
      const size_t close = glob.find(absl::StrCat(glob.substr(i + 1, 1), "]"), i + 2);
      if (close == absl::string_view::npos) return close;
      i = close + 1;
    }
  }
  return absl::string_view::npos;
}

// Why fnmatch(3) (flags 0) would not read `glob` as written, "" when it
// would: glibc takes an unclosed '[' as a literal character.
std::string GlobSyntaxError(absl::string_view glob) {
  for (size_t i = 0; i < glob.size(); ++i) {
    if (glob[i] == '\\') {
      if (i + 1 == glob.size()) return absl::StrCat("'\\' at byte ", i + 1, " escapes nothing");
      ++i;
    } else if (glob[i] == '[') {
      const size_t close = BracketEnd(glob, i);
      if (close == absl::string_view::npos) {
        return absl::StrCat("'[' at byte ", i + 1,
                            " opens a bracket expression that no ']' closes");
      }
      i = close;
    }
  }
  return glob.empty() ? "an empty glob matches no path" : "";
}

absl::Status ValidateGlobs(absl::string_view where, absl::string_view field,
                           const google::protobuf::RepeatedPtrField<std::string>& globs) {
  for (const std::string& g : globs) {
    const std::string why = GlobSyntaxError(g);
    if (!why.empty()) return Wrong(where, field, "a glob (fnmatch(3))", g, absl::StrCat(": ", why));
  }
  return absl::OkStatus();
}

}  // namespace

std::string RulesFile(absl::string_view language) {
  return absl::StrCat("stages/corpus/languages/", language, "/rules.textproto");
}

absl::Status ValidateRules(const languages::Rules& rules, absl::string_view where) {
  RETURN_IF_ERROR(ValidateRequired(rules, where));
  absl::StatusOr<languages::LinkedGrammar> grammar = languages::FindGrammar(rules.language());
  if (!grammar.ok()) {
    return absl::Status(grammar.status().code(),
                        absl::StrCat(where, ": ", grammar.status().message()));
  }
  const GrammarNames names(*grammar, where);
  RETURN_IF_ERROR(ValidateChunkNames(rules, names));
  RETURN_IF_ERROR(ValidateCommentNames(rules, names));
  RETURN_IF_ERROR(ValidateGlobs(where, "non_gold_path_globs", rules.non_gold_path_globs()));
  return ValidateGlobs(where, "non_gold_basename_globs", rules.non_gold_basename_globs());
}

absl::StatusOr<std::unique_ptr<FunctionParser>> FunctionParser::Create(
    const languages::Rules& rules) {
  RETURN_IF_ERROR(ValidateRules(rules, RulesFile(rules.language())));
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
  std::vector<Blank> blanks;
  if (!rules_.docstring_type().empty() || rules_.comment_types_size() > 0) {
    CommentWalk(rules_).Collect(root, &blanks);
  }
  BlankedFile out;
  out.has_error = ts_node_has_error(root);
  ts_tree_delete(tree);
  out.text = std::string(source);
  for (const Blank& blank : blanks) Apply(blank, &out.text);
  out.comments = static_cast<int>(blanks.size());
  return out;
}

absl::StatusOr<NodeKind> FunctionParser::NodeHolding(absl::string_view source, uint32_t first_line,
                                                     uint32_t last_line) {
  ASSIGN_OR_RETURN(TSTree* const tree, Tree(source));
  const TSNode root = ts_tree_root_node(tree);
  const ByteRange range = NonBlankRange(source, first_line, last_line);
  TSNode node = root;
  if (range.start < range.end) {
    node = ts_node_named_descendant_for_byte_range(root, range.start, range.end);
    if (ts_node_is_null(node)) node = root;
  }
  NodeKind kind;
  kind.type = ts_node_type(node);
  kind.root = ts_node_eq(node, root);
  ts_tree_delete(tree);
  return kind;
}

absl::StatusOr<FileFunctions> FunctionParser::Parse(absl::string_view source) {
  ASSIGN_OR_RETURN(TSTree* const tree, Tree(source));
  const TSNode root = ts_tree_root_node(tree);
  FileFunctions result;
  result.has_error = ts_node_has_error(root);
  if (result.has_error) result.first_error_line = FirstErrorLine(root);
  Walk(rules_, source).Collect(root, &result.functions);
  ts_tree_delete(tree);
  return result;
}

}  // namespace corpus
}  // namespace repro
