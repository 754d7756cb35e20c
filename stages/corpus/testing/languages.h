// Test-only: the language folders' rules read from the runfiles
// (stages/corpus/languages/<language>/rules.textproto; a test that uses this
// runs in its runfiles root, as bazel test does), and what is built of them.
// Each aborts naming the error when a rules file does not read or validate.
#ifndef REPRO_STAGES_CORPUS_TESTING_LANGUAGES_H_
#define REPRO_STAGES_CORPUS_TESTING_LANGUAGES_H_

#include <cstdlib>
#include <iostream>
#include <memory>
#include <string>

#include "absl/strings/str_cat.h"
#include "stages/corpus/functions.h"
#include "stages/corpus/language_set.h"
#include "stages/framework/pipeline/stage_proto.h"

namespace repro::corpus::testing {

template <typename T>
T OrDie(absl::StatusOr<T> value) {
  if (!value.ok()) {
    std::cerr << "test languages: " << value.status() << "\n";
    std::abort();
  }
  return *std::move(value);
}

inline languages::Rules RulesOf(const std::string& language) {
  languages::Rules rules;
  const absl::Status read =
      ReadProtoFile(absl::StrCat("stages/corpus/languages/", language, "/rules.textproto"), &rules);
  return OrDie(read.ok() ? absl::StatusOr<languages::Rules>(rules) : read);
}

inline std::unique_ptr<FunctionParser> GoParser() {
  return OrDie(FunctionParser::Create(RulesOf("go")));
}

inline LanguageSet GoLanguages() { return OrDie(LanguageSet::Create({RulesOf("go")})); }

}  // namespace repro::corpus::testing

#endif  // REPRO_STAGES_CORPUS_TESTING_LANGUAGES_H_
