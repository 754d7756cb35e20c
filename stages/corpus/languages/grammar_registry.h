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
// FailedPrecondition naming both when not. A grammar registered with a
// fetch error (its pin could not be fetched: toolchain/tree_sitter_grammar.bzl
// links a stub) is FailedPrecondition with that error, its entry point never
// called: only the task sets of that language stop.
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
// `fetch_error` is NULL for a fetched grammar, else why it is missing.
bool RegisterGrammar(const char* language, const TSLanguage* (*entry)(), const char* id,
                     const char* fetch_error = nullptr);

absl::StatusOr<LinkedGrammar> FindGrammar(absl::string_view language);

}  // namespace repro::corpus::languages

#endif  // REPRO_STAGES_CORPUS_LANGUAGES_GRAMMAR_REGISTRY_H_
