// RulesFile and ValidateRules of functions.h: a language's rules checked
// against its grammar when they are loaded.
#include <tree_sitter/api.h>

#include <set>
#include <string>
#include <vector>

#include "absl/strings/escaping.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "stages/corpus/functions.h"
#include "stages/corpus/languages/grammar_registry.h"
#include "stages/corpus/query_captures.h"
#include "stages/framework/pipeline/status_macros.h"

namespace repro {
namespace corpus {
namespace {

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

// Each query file compiles for the grammar, its name is one a transform
// reads, once, and its captures are the ones that transform reads.
absl::Status ValidateQueries(const languages::Rules& rules,
                             const languages::LinkedGrammar& grammar) {
  std::set<std::string> seen;
  for (const languages::QueryFile& q : rules.queries()) {
    const auto known = QueryCaptureNames().find(q.name());
    if (known == QueryCaptureNames().end()) {
      std::vector<std::string> names;
      for (const auto& [name, captures] : QueryCaptureNames()) names.push_back(name + ".scm");
      return absl::InvalidArgumentError(
          absl::StrCat(q.path(), ": no transform reads a query file ", q.name(),
                       ".scm (known: ", absl::StrJoin(names, ", "), ")"));
    }
    if (!seen.insert(q.name()).second) {
      return absl::InvalidArgumentError(absl::StrCat(q.path(), ": the rules of ", rules.language(),
                                                     " hold query ", q.name(), " twice"));
    }
    RETURN_IF_ERROR(Query::Compile(grammar.language, q.path(), q.text(), known->second).status());
  }
  return absl::OkStatus();
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
  RETURN_IF_ERROR(ValidateQueries(rules, *grammar));
  RETURN_IF_ERROR(ValidateGlobs(where, "non_gold_path_globs", rules.non_gold_path_globs()));
  return ValidateGlobs(where, "non_gold_basename_globs", rules.non_gold_basename_globs());
}

}  // namespace corpus
}  // namespace repro
