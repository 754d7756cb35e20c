// The walk of functions.h over one tree (private to //stages/corpus:functions):
// the functions the rules find under `root`, in source order, with their
// qualified names, signatures and line ranges as functions.h defines them.
// An explicit stack of the nodes whose named children are being searched: the
// depth of wrappers and containers costs no call stack.
#ifndef REPRO_STAGES_CORPUS_INTERNAL_FUNCTION_WALK_H_
#define REPRO_STAGES_CORPUS_INTERNAL_FUNCTION_WALK_H_

#include <tree_sitter/api.h>

#include <vector>

#include "absl/strings/string_view.h"
#include "stages/corpus/functions.h"
#include "stages/corpus/languages/language.pb.h"

namespace repro::corpus::internal {

// Appends the functions under `root` (the tree of `source`) to `out`.
void CollectFunctions(const languages::Rules& rules, absl::string_view source, TSNode root,
                      std::vector<Function>* out);

}  // namespace repro::corpus::internal

#endif  // REPRO_STAGES_CORPUS_INTERNAL_FUNCTION_WALK_H_
