#include "stages/corpus/go_functions.h"

#include <tree_sitter/api.h>

#include <cstring>

#include "absl/strings/str_cat.h"

extern "C" const TSLanguage* tree_sitter_go(void);

namespace repro {
namespace corpus {
namespace {

absl::string_view Text(TSNode node, absl::string_view source) {
  const uint32_t start = ts_node_start_byte(node);
  const uint32_t end = ts_node_end_byte(node);
  if (start > end || end > source.size()) return "";
  return source.substr(start, end - start);
}

bool Is(TSNode node, const char* type) { return std::strcmp(ts_node_type(node), type) == 0; }

TSNode Field(TSNode node, const char* name) {
  return ts_node_child_by_field_name(node, name, std::strlen(name));
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
  if (ts_node_is_null(type)) return "";
  return std::string(Text(type, source));
}

void Collect(TSNode parent, absl::string_view source, std::vector<GoFunction>* out) {
  const uint32_t n = ts_node_named_child_count(parent);
  for (uint32_t i = 0; i < n; ++i) {
    TSNode c = ts_node_named_child(parent, i);
    if (Is(c, "ERROR")) {
      Collect(c, source, out);
      continue;
    }
    const bool is_func = Is(c, "function_declaration");
    const bool is_method = Is(c, "method_declaration");
    if (!is_func && !is_method) continue;
    GoFunction f;
    f.name = std::string(Text(Field(c, "name"), source));
    if (is_method) {
      f.name = absl::StrCat(ReceiverTypeName(Field(c, "receiver"), source), ".", f.name);
    }
    // A node that ends at column 0 of a row ends with the newline of the row
    // before (tree-sitter's end point is exclusive): an unterminated function
    // in an ERROR node, "func e({g\n", ends at (1, 0) but lies on line 1.
    const TSPoint start = ts_node_start_point(c);
    const TSPoint end = ts_node_end_point(c);
    f.start_line = start.row + 1;
    f.end_line = (end.column == 0 && end.row > start.row) ? end.row : end.row + 1;
    out->push_back(std::move(f));
  }
}

}  // namespace

const char kGoGrammar[] = "tree-sitter-go 0.23.4";

GoFunctionParser::GoFunctionParser() : parser_(ts_parser_new()) {
  ts_parser_set_language(parser_, tree_sitter_go());
}

GoFunctionParser::~GoFunctionParser() { ts_parser_delete(parser_); }

absl::StatusOr<GoFileFunctions> GoFunctionParser::Parse(absl::string_view source) {
  TSTree* tree =
      ts_parser_parse_string(parser_, nullptr, source.data(), static_cast<uint32_t>(source.size()));
  if (tree == nullptr) {
    return absl::InternalError(
        "tree-sitter returned no tree (grammar ABI not accepted by the library?)");
  }
  TSNode root = ts_tree_root_node(tree);
  GoFileFunctions result;
  result.has_error = ts_node_has_error(root);
  Collect(root, source, &result.functions);
  ts_tree_delete(tree);
  return result;
}

}  // namespace corpus
}  // namespace repro
