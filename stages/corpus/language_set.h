// The languages a task set's files are read in: their rules
// (stages/corpus/languages/<language>/rules.textproto; Rules in
// language.proto), and the path rules of the corpus and of its gold labels
// that follow from them (docs/tasks.md, "How the labels are defined").
//
//   LanguageOf(path)  the language whose extensions the path ends in, unless
//                     a directory on the path has one of the set's
//                     excluded_directories names (any language's: a set's
//                     languages exclude each other's build directories
//                     alike, as extract_history.sh does); nullptr otherwise. A path is
//                     in the corpus iff it has a language (and its git mode is
//                     a regular blob, IsCorpusMode). Tests are in the corpus.
//   IsGoldCandidatePath(path)  a corpus path whose repository path matches
//                     none of its language's non_gold_path_globs and whose
//                     basename matches none of non_gold_basename_globs
//                     (fnmatch(3), flags 0: '*' matches '/' too).
//
// Create checks that no extension belongs to two languages (InvalidArgument
// naming both) and validates each rules file against its grammar
// (functions.h: ValidateRules, naming RulesFile(language), field and
// value): a stage of a task set stops on an error of its own languages'
// rules only.
// FromStage reads every input "rules/<language>" of a stage (role order),
// each named like its language, with the language's query files, inputs
// "queries/<language>/<name>" (Rules.queries; rules.bzl's rules_roles gives
// both), which Create then compiles and checks: InvalidArgument when none is
// given, a role and its rules' language differ, a rules file writes
// queries itself, or a query file does not compile or captures a name its
// transform does not read (naming the file, line, column and byte).
#ifndef REPRO_STAGES_CORPUS_LANGUAGE_SET_H_
#define REPRO_STAGES_CORPUS_LANGUAGE_SET_H_

#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "stages/corpus/languages/language.pb.h"
#include "stages/framework/pipeline/stage.h"

namespace repro {
namespace corpus {

class LanguageSet {
 public:
  static absl::StatusOr<LanguageSet> Create(std::vector<languages::Rules> rules);
  static absl::StatusOr<LanguageSet> FromStage(const Stage& stage);

  const languages::Rules* LanguageOf(absl::string_view path) const;
  bool IsCorpusPath(absl::string_view path) const { return LanguageOf(path) != nullptr; }
  bool IsGoldCandidatePath(absl::string_view path) const { return NonGoldRule(path).empty(); }
  // Why a path is not a gold candidate: "not a file of the set's languages",
  // or the first rule of its language that matches it, as
  // `non_gold_path_globs "testing/*"`; "" for a gold candidate.
  std::string NonGoldRule(absl::string_view path) const;

  const std::vector<languages::Rules>& rules() const { return rules_; }

 private:
  std::vector<languages::Rules> rules_;
};

}  // namespace corpus
}  // namespace repro

#endif  // REPRO_STAGES_CORPUS_LANGUAGE_SET_H_
