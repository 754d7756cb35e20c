// Top-level Go functions and methods of one source file, found with
// tree-sitter (Debian's libtree-sitter 0.20.7) and the tree-sitter-go 0.23.4
// grammar (npm package, pinned in stages/corpus/languages/go/grammar.textproto,
// fetched by //toolchain:tree_sitter_grammar.bzl).
//
// Definition (docs/tasks.md, "Functions at base"): every
// function_declaration and method_declaration that is a child of the
// source_file node (that is, a top-level `func`), from the line of the `func`
// keyword to the line of the body's closing brace (the signature's last line
// for a declaration without a body); doc comments are not part of it. Lines
// are 1-based and count '\n' only. Names: "Func" for a function,
// "Receiver.Method" for a method, where Receiver is the receiver's base type
// name without '*', parentheses and type parameters ("(s *Stack[T])" gives
// "Stack").
//
// When tree-sitter's error recovery leaves a declaration inside a top-level
// ERROR node, it is still reported (ERROR nodes directly under the root are
// searched, recursively). `has_error` is true iff the tree has an ERROR or
// MISSING node: such a file is *suspect* and its functions should be
// cross-checked (gocheck/, chunker_agreement).
//
// A GoFunctionParser is not thread-safe; use one per thread.
#ifndef REPRO_STAGES_CORPUS_GO_FUNCTIONS_H_
#define REPRO_STAGES_CORPUS_GO_FUNCTIONS_H_

#include <cstdint>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"

struct TSParser;

namespace repro {
namespace corpus {

struct GoFunction {
  std::string name;
  uint32_t start_line = 0;  // 1-based, the `func` line
  uint32_t end_line = 0;    // 1-based, the closing brace's line
};

struct GoFileFunctions {
  std::vector<GoFunction> functions;  // in source order
  bool has_error = false;
};

// The grammar's name and version, recorded in ChunkSet.chunker.
extern const char kGoGrammar[];

class GoFunctionParser {
 public:
  GoFunctionParser();
  ~GoFunctionParser();
  GoFunctionParser(const GoFunctionParser&) = delete;
  GoFunctionParser& operator=(const GoFunctionParser&) = delete;

  // Internal error only if tree-sitter gives no tree (e.g. ABI mismatch).
  absl::StatusOr<GoFileFunctions> Parse(absl::string_view source);

 private:
  TSParser* parser_;
};

}  // namespace corpus
}  // namespace repro

#endif  // REPRO_STAGES_CORPUS_GO_FUNCTIONS_H_
