// A language folder's grammar loads with the system's libtree-sitter and
// parses the folder's sample without an ERROR or MISSING node.
//
//   grammar_test <sample file>
// The grammar is the one linked in: TS_LANGUAGE names its entry point
// (tree_sitter_<language>, set by the BUILD for each language); a grammar
// that could not be fetched fails with GRAMMAR_FETCH_ERROR's message.
#include <tree_sitter/api.h>

#include <iostream>
#include <string>

#include "stages/framework/pipeline/file_io.h"

extern "C" const TSLanguage* TS_LANGUAGE(void);
// Defined only by the stub of a grammar that could not be fetched
// (toolchain/tree_sitter_grammar.bzl).
extern "C" const char* GRAMMAR_FETCH_ERROR(void) __attribute__((weak));

int main(int argc, char** argv) {
  if (argc != 2) {
    std::cerr << "usage: grammar_test <sample file>\n";
    return 2;
  }
  if (GRAMMAR_FETCH_ERROR != nullptr) {
    std::cerr << "FAIL: " << GRAMMAR_FETCH_ERROR() << "\n";
    return 1;
  }
  const TSLanguage* language = TS_LANGUAGE();
  const uint32_t abi = ts_language_version(language);
  if (abi < TREE_SITTER_MIN_COMPATIBLE_LANGUAGE_VERSION || abi > TREE_SITTER_LANGUAGE_VERSION) {
    std::cerr << "FAIL: grammar ABI " << abi << ", the library loads "
              << TREE_SITTER_MIN_COMPATIBLE_LANGUAGE_VERSION << "-" << TREE_SITTER_LANGUAGE_VERSION
              << "\n";
    return 1;
  }
  absl::StatusOr<std::string> source = repro::ReadFile(argv[1]);
  if (!source.ok()) {
    std::cerr << "FAIL: " << source.status().message() << "\n";
    return 1;
  }
  TSParser* parser = ts_parser_new();
  if (!ts_parser_set_language(parser, language)) {
    std::cerr << "FAIL: ts_parser_set_language refused the grammar (ABI " << abi << ")\n";
    return 1;
  }
  TSTree* tree = ts_parser_parse_string(parser, nullptr, source->data(),
                                        static_cast<uint32_t>(source->size()));
  const TSNode root = ts_tree_root_node(tree);
  const bool has_error = ts_node_has_error(root);
  std::cout << argv[1] << ": ABI " << abi << ", root " << ts_node_type(root) << " with "
            << ts_node_named_child_count(root) << " named children"
            << (has_error ? ", and an ERROR or MISSING node" : ", no error") << "\n";
  ts_tree_delete(tree);
  ts_parser_delete(parser);
  return has_error ? 1 : 0;
}
