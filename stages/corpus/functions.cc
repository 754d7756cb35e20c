#include "stages/corpus/functions.h"

#include <tree_sitter/api.h>

#include <utility>

#include "absl/strings/str_cat.h"
#include "stages/corpus/internal/comment_blanking.h"
#include "stages/corpus/internal/function_walk.h"
#include "stages/corpus/internal/identifier_renaming.h"
#include "stages/corpus/internal/syntax_tree.h"
#include "stages/corpus/languages/grammar_registry.h"
#include "stages/corpus/query_captures.h"
#include "stages/framework/pipeline/status_macros.h"

namespace repro {
namespace corpus {
namespace {

// The rules' queries compiled for `language` (ValidateRules checked them).
absl::StatusOr<std::map<std::string, std::unique_ptr<Query>>> CompileQueries(
    const languages::Rules& rules, const TSLanguage* language) {
  std::map<std::string, std::unique_ptr<Query>> out;
  for (const languages::QueryFile& q : rules.queries()) {
    const auto known = QueryCaptureNames().find(q.name());
    if (known == QueryCaptureNames().end()) continue;  // ValidateRules refuses it
    ASSIGN_OR_RETURN(out[q.name()], Query::Compile(language, q.path(), q.text(), known->second));
  }
  return out;
}

}  // namespace

std::string QueryFile(absl::string_view language, absl::string_view name) {
  return absl::StrCat("stages/corpus/languages/", language, "/queries/", name, ".scm");
}

const std::map<std::string, std::vector<std::string>>& QueryCaptureNames() {
  static const auto* const kNames = new std::map<std::string, std::vector<std::string>>{
      {"comments", {internal::kCommentCapture, internal::kDocstringCapture}},
      {"identifiers", {internal::kDefinitionCapture, internal::kReferenceCapture}},
  };
  return *kNames;
}

absl::StatusOr<std::unique_ptr<FunctionParser>> FunctionParser::Create(
    const languages::Rules& rules) {
  RETURN_IF_ERROR(ValidateRules(rules, RulesFile(rules.language())));
  ASSIGN_OR_RETURN(const languages::LinkedGrammar grammar,
                   languages::FindGrammar(rules.language()));
  ASSIGN_OR_RETURN(auto queries, CompileQueries(rules, grammar.language));
  TSParser* parser = ts_parser_new();
  if (!ts_parser_set_language(parser, grammar.language)) {
    ts_parser_delete(parser);
    return absl::FailedPreconditionError(
        absl::StrCat(grammar.id, ": ts_parser_set_language refused the grammar"));
  }
  return std::unique_ptr<FunctionParser>(
      new FunctionParser(rules, grammar.id, parser, std::move(queries)));
}

FunctionParser::FunctionParser(languages::Rules rules, std::string grammar, TSParser* parser,
                               std::map<std::string, std::unique_ptr<Query>> queries)
    : rules_(std::move(rules)),
      grammar_(std::move(grammar)),
      parser_(parser),
      queries_(std::move(queries)) {}

FunctionParser::~FunctionParser() { ts_parser_delete(parser_); }

absl::StatusOr<TSTree*> FunctionParser::Tree(absl::string_view source) {
  TSTree* tree =
      ts_parser_parse_string(parser_, nullptr, source.data(), static_cast<uint32_t>(source.size()));
  if (tree == nullptr) {
    return absl::InternalError(absl::StrCat(grammar_, ": tree-sitter returned no tree"));
  }
  return tree;
}

absl::StatusOr<const Query*> FunctionParser::QueryNamed(absl::string_view name,
                                                        absl::string_view does) const {
  const auto query = queries_.find(std::string(name));
  if (query == queries_.end()) {
    return absl::FailedPreconditionError(absl::StrCat(
        "the rules of ", rules_.language(), " hold no query ", QueryFile(rules_.language(), name),
        ": a stage that ", does, " reads its languages' query files (rules.bzl, rules_roles)"));
  }
  return query->second.get();
}

absl::StatusOr<BlankedFile> FunctionParser::BlankComments(absl::string_view source) {
  ASSIGN_OR_RETURN(const Query* const query, QueryNamed("comments", "blanks comments"));
  ASSIGN_OR_RETURN(TSTree* const tree, Tree(source));
  const TSNode root = ts_tree_root_node(tree);
  const std::vector<internal::Blank> blanks = internal::CommentBlanks(query->Run(root));
  BlankedFile out;
  out.has_error = ts_node_has_error(root);
  ts_tree_delete(tree);
  out.text = std::string(source);
  for (const internal::Blank& blank : blanks) internal::Apply(blank, &out.text);
  out.comments = static_cast<int>(blanks.size());
  return out;
}

absl::StatusOr<RenamedFile> FunctionParser::RenameIdentifiers(absl::string_view source,
                                                              absl::string_view salt) {
  ASSIGN_OR_RETURN(const Query* const query, QueryNamed("identifiers", "renames identifiers"));
  ASSIGN_OR_RETURN(TSTree* const tree, Tree(source));
  const TSNode root = ts_tree_root_node(tree);
  const Captures captures = query->Run(root);
  const internal::Renaming renaming = internal::PlanRenaming(
      source, captures, salt, internal::GrammarKeywords(ts_parser_language(parser_)));
  RenamedFile out;
  out.text = std::string(source);
  out.occurrences = internal::ApplyRenaming(renaming, captures, &out.text);
  out.has_error = ts_node_has_error(root);
  ts_tree_delete(tree);
  out.identifiers = static_cast<int>(renaming.names.size());
  out.kept = renaming.kept;
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
