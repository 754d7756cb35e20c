// Registers one language folder's grammar (grammar_registry.h). Compiled
// once per language by grammar_libraries (defs.bzl) with the folder's data
// as defines: TS_LANGUAGE (the entry point, tree_sitter_<language>),
// GRAMMAR_LANGUAGE ("<language>") and GRAMMAR_ID ("<npm package> <version>").
#include "stages/corpus/languages/grammar_registry.h"

extern "C" const TSLanguage* TS_LANGUAGE(void);

namespace {
[[maybe_unused]] const bool kRegistered =
    repro::corpus::languages::RegisterGrammar(GRAMMAR_LANGUAGE, TS_LANGUAGE, GRAMMAR_ID);
}  // namespace
