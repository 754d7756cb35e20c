// The tree-sitter grammars linked into a binary, by language name.
//
// Each language folder's grammar is a cc_library (<language>_grammar,
// defs.bzl: grammar_libraries) that compiles register_grammar.cc with the
// folder's data as defines; linking it registers the grammar here before
// main. //stages/corpus/languages:grammars links every folder's.
//
// FindGrammar(language) returns the entry point and the grammar's id
// ("tree-sitter-go 0.23.4", recorded in ChunkSet.chunker), or NotFound
// naming the language and the linked ones. It checks that the library
// (Debian's libtree-sitter 0.20.7) loads the grammar's ABI:
// FailedPrecondition naming both when not.
#ifndef REPRO_STAGES_CORPUS_LANGUAGES_GRAMMAR_REGISTRY_H_
#define REPRO_STAGES_CORPUS_LANGUAGES_GRAMMAR_REGISTRY_H_

#include <string>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"

struct TSLanguage;

namespace repro::corpus::languages {

struct LinkedGrammar {
  const TSLanguage* language = nullptr;
  std::string id;  // "<npm package> <version>"
};

// Called by register_grammar.cc at static initialization; returns true.
bool RegisterGrammar(const char* language, const TSLanguage* (*entry)(), const char* id);

absl::StatusOr<LinkedGrammar> FindGrammar(absl::string_view language);

}  // namespace repro::corpus::languages

#endif  // REPRO_STAGES_CORPUS_LANGUAGES_GRAMMAR_REGISTRY_H_
