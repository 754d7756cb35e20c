// Registers one language folder's grammar (grammar_registry.h). Compiled
// once per language by grammar_libraries (defs.bzl) with the folder's data
// as defines: TS_LANGUAGE (the entry point, tree_sitter_<language>),
// GRAMMAR_LANGUAGE ("<language>"), GRAMMAR_ID ("<npm package> <version>") and
// GRAMMAR_FETCH_ERROR (tree_sitter_<language>_fetch_error: defined only by the
// stub of a grammar that could not be fetched, toolchain/tree_sitter_grammar.bzl,
// hence weak: NULL for a fetched grammar).
#include "stages/corpus/languages/grammar_registry.h"

extern "C" const TSLanguage* TS_LANGUAGE(void);
extern "C" const char* GRAMMAR_FETCH_ERROR(void) __attribute__((weak));

namespace {
[[maybe_unused]] const bool kRegistered = repro::corpus::languages::RegisterGrammar(
    GRAMMAR_LANGUAGE, TS_LANGUAGE, GRAMMAR_ID,
    GRAMMAR_FETCH_ERROR != nullptr ? GRAMMAR_FETCH_ERROR() : nullptr);
}  // namespace
