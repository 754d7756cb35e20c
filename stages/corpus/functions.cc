#include "stages/corpus/functions.h"

#include <tree_sitter/api.h>

#include <utility>

#include "absl/strings/str_cat.h"
#include "stages/corpus/internal/comment_blanking.h"
#include "stages/corpus/internal/function_walk.h"
#include "stages/corpus/internal/syntax_tree.h"
#include "stages/corpus/languages/grammar_registry.h"
#include "stages/framework/pipeline/status_macros.h"

namespace repro {
namespace corpus {

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
  std::vector<internal::Blank> blanks;
  if (!rules_.docstring_type().empty() || rules_.comment_types_size() > 0) {
    internal::CollectBlanks(rules_, root, &blanks);
  }
  BlankedFile out;
  out.has_error = ts_node_has_error(root);
  ts_tree_delete(tree);
  out.text = std::string(source);
  for (const internal::Blank& blank : blanks) internal::Apply(blank, &out.text);
  out.comments = static_cast<int>(blanks.size());
  return out;
}

absl::StatusOr<NodeKind> FunctionParser::NodeHolding(absl::string_view source, uint32_t first_line,
                                                     uint32_t last_line) {
  ASSIGN_OR_RETURN(TSTree* const tree, Tree(source));
  const TSNode root = ts_tree_root_node(tree);
  const internal::ByteRange range = internal::NonBlankRange(source, first_line, last_line);
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
  if (result.has_error) result.first_error_line = internal::FirstErrorLine(root);
  internal::CollectFunctions(rules_, source, root, &result.functions);
  ts_tree_delete(tree);
  return result;
}

}  // namespace corpus
}  // namespace repro
