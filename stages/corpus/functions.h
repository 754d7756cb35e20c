// The functions of one source file, found with tree-sitter (Debian's
// libtree-sitter 0.20.7) and a language's grammar, as the language's rules
// say (stages/corpus/languages/<language>/rules.textproto, schema Rules in
// language.proto; docs/corpus.md, "Language rules").
//
// A function is a node of a ChunkRule's type found among the root's named
// children, through wrapper nodes (Rules.wrapper_types: their named
// children count as if they stood in the wrapper's place) and into the body
// of container nodes (Rules.containers), never inside a function. Its line
// range is from its node's first line to its last; lines are 1-based and
// count '\n' only; a node that ends at column 0 of a row ends on the row
// before (tree-sitter's end point is exclusive). Its name is the text of the
// rule's name_field, qualified by the receiver's base type
// (ChunkRule.receiver_field: "Receiver.Method", Go) or by the names of the
// containers it is in ("Class.method", "Outer.Inner.method"), then, when
// the rule has a signature_field, by its parameter types
// ("Money.parse(String, String)": overloads have distinct names). With
// Rules.nested_chunks every node is searched: a chunk's own subtree too,
// its chunks named after it and also inside its lines (Java: methods of
// anonymous and local classes, "Ledger.sorted.compare(Money, Money)").
// A chunk rule with parent_types holds only under a parent of those types.
//
// Go's rules give exactly the definition of docs/tasks.md ("Functions at
// base"): every top-level function_declaration and method_declaration,
// including those tree-sitter's error recovery left in a top-level ERROR
// node. `has_error` is true iff the tree has an ERROR or MISSING node: the
// file is *suspect* (cross-checked by the chunker-agreement stage).
//
// ValidateRules checks a rules file when it is loaded (InvalidArgument
// naming the file `where`, the field and the value): language, at least one
// extension starting with '.', at least one chunk rule with node_type and
// name_field, containers with all three fields; the language's grammar is
// linked (grammar_registry.h: NotFound or FailedPrecondition); every node
// type is a named node type of the grammar (ts_language_symbol_for_name)
// and every field one of its fields (ts_language_field_id_for_name); every
// non-gold glob is one fnmatch(3) reads as written (no unclosed '[', no
// trailing '\'). A typo would otherwise silently change the chunks and the
// gold labels. ValidateRules also compiles each of the rules' query files
// (Rules.queries, the folder's queries/<name>.scm; query_captures.h):
// InvalidArgument naming the file, line, column and byte offset of a query
// that does not compile, or the capture name the query's transform does not
// read (QueryCaptureNames), or a query no transform reads.
// FunctionParser::Create validates its rules so, naming RulesFile(language).
// Parse is an internal error only when tree-sitter gives no tree. A
// FunctionParser is not thread-safe; use one per thread.
//
// The tree walks (functions, the first error) use a tree cursor
// or an explicit stack: a file nested 50,000 levels deep costs no call
// stack.
#ifndef REPRO_STAGES_CORPUS_FUNCTIONS_H_
#define REPRO_STAGES_CORPUS_FUNCTIONS_H_

#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "stages/corpus/languages/language.pb.h"

struct TSParser;
struct TSTree;

namespace repro {
namespace corpus {

class Query;

struct Function {
  std::string name;
  uint32_t start_line = 0;  // 1-based, the node's first line
  uint32_t end_line = 0;    // 1-based, the node's last line
};

struct FileFunctions {
  std::vector<Function> functions;  // in source order
  bool has_error = false;
  // The 1-based line of the first ERROR or MISSING node in document order
  // (pre-order: the outermost first); 0 when has_error is false.
  uint32_t first_error_line = 0;
};

// A file with its comments blanked (FunctionParser::BlankComments).
// A node's type ("field_declaration") and whether it is the tree's root.
struct NodeKind {
  std::string type;
  bool root = false;
};

struct BlankedFile {
  std::string text;        // the same bytes, every comment byte but '\n' a space
  int comments = 0;        // comment and docstring nodes blanked
  bool has_error = false;  // the original's tree has an ERROR or MISSING node
};

// A file with the names it defines renamed (FunctionParser::RenameIdentifiers).
struct RenamedFile {
  std::string text;        // the same length and lines, the names replaced
  int identifiers = 0;     // distinct names renamed
  int occurrences = 0;     // nodes replaced
  int kept = 0;            // names defined but kept (internal/identifier_renaming.h)
  bool has_error = false;  // the original's tree has an ERROR or MISSING node
};

// "stages/corpus/languages/<language>/rules.textproto": where a language's
// rules are, for messages.
std::string RulesFile(absl::string_view language);

// "stages/corpus/languages/<language>/queries/<name>.scm": where a
// language's query file is (Rules.queries; rules.bzl QUERY_FILES).
std::string QueryFile(absl::string_view language, absl::string_view name);

// The query files a transform reads, by name (the file's stem), each with
// the capture names it reads: {"comments": {"comment", "docstring"}}.
const std::map<std::string, std::vector<std::string>>& QueryCaptureNames();

absl::Status ValidateRules(const languages::Rules& rules, absl::string_view where);

class FunctionParser {
 public:
  static absl::StatusOr<std::unique_ptr<FunctionParser>> Create(const languages::Rules& rules);
  ~FunctionParser();
  FunctionParser(const FunctionParser&) = delete;
  FunctionParser& operator=(const FunctionParser&) = delete;

  absl::StatusOr<FileFunctions> Parse(absl::string_view source);

  // `source` with every node its language's queries/comments.scm captures
  // (@comment, and Python's @docstring) replaced by spaces, its newlines
  // kept: the same length and the same lines, so line numbers and every
  // chunk's range stay. A docstring followed by ';' ("\"\"\"doc\"\"\"; return
  // 1") keeps a statement in its place, an empty tuple: its first byte '('
  // and its last ')', so what follows the ';' still parses (a check on the
  // captured node, comment_blanking.h). FailedPrecondition when the rules
  // hold no comments query (the stage did not read the language's query
  // files); internal error only when tree-sitter gives no tree.
  absl::StatusOr<BlankedFile> BlankComments(absl::string_view source);

  // `source` with every name it defines renamed, consistently within the
  // file (S004): the names are the texts of the nodes its language's
  // queries/identifiers.scm captures @definition, and every @definition or
  // @reference node whose text is one of them becomes an opaque name of the
  // same byte length, so line numbers and every chunk's range stay. A name
  // keeps the class of its first letter (A-Z, a-z, 0-9) and its '_', '$' and
  // sigils; the rest becomes a-z0-9, drawn from SHA-256 of `salt` (the
  // file's path) and the name, never a keyword of the grammar, a word of
  // the file or another name's replacement. A name the file does not
  // define (imported, builtin) stays; so does one with no free name of its
  // shape (one or two letters, counted `kept`) and a non-ASCII one
  // (internal/identifier_renaming.h). Renaming is by text, not by scope.
  // FailedPrecondition when the rules hold no identifiers query; internal
  // error only when tree-sitter gives no tree.
  absl::StatusOr<RenamedFile> RenameIdentifiers(absl::string_view source, absl::string_view salt);

  // The smallest named node of `source`'s tree that holds the lines
  // first_line to last_line (1-based), from the first non-blank byte of
  // those lines to their last: "field_declaration" for the lines of a Java
  // field. The root when the lines are blank or past the end. Internal
  // error only when tree-sitter gives no tree.
  absl::StatusOr<NodeKind> NodeHolding(absl::string_view source, uint32_t first_line,
                                       uint32_t last_line);

  // The grammar's id, "<npm package> <version>" (recorded in ChunkSet.chunker).
  const std::string& grammar() const { return grammar_; }
  const languages::Rules& rules() const { return rules_; }

 private:
  FunctionParser(languages::Rules rules, std::string grammar, TSParser* parser,
                 std::map<std::string, std::unique_ptr<Query>> queries);
  // The tree of `source` (the caller deletes it); internal error when none.
  absl::StatusOr<TSTree*> Tree(absl::string_view source);
  // The rules' query `name`; FailedPrecondition naming the query file and
  // what a stage that `does` it must read when the rules hold none.
  absl::StatusOr<const Query*> QueryNamed(absl::string_view name, absl::string_view does) const;

  languages::Rules rules_;
  std::string grammar_;
  TSParser* parser_;
  std::map<std::string, std::unique_ptr<Query>> queries_;  // by name
};

}  // namespace corpus
}  // namespace repro

#endif  // REPRO_STAGES_CORPUS_FUNCTIONS_H_
