// Test-only: the language folders' rules read from the runfiles
// (stages/corpus/languages/<language>/rules.textproto and queries/*.scm; a test that uses this
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
#include "stages/framework/pipeline/file_io.h"
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

// The rules with the folder's query files (Rules.queries), as a stage's
// loader gives them (language_set.h).
inline languages::Rules RulesOf(const std::string& language) {
  languages::Rules rules;
  absl::Status read = ReadProtoFile(RulesFile(language), &rules);
  for (const auto& [name, captures] : QueryCaptureNames()) {
    if (!read.ok()) break;
    languages::QueryFile* q = rules.add_queries();
    q->set_name(name);
    q->set_path(QueryFile(language, name));
    absl::StatusOr<std::string> text = ReadFile(q->path());
    read = text.status();
    if (text.ok()) q->set_text(*std::move(text));
  }
  return OrDie(read.ok() ? absl::StatusOr<languages::Rules>(rules) : read);
}

inline std::unique_ptr<FunctionParser> GoParser() {
  return OrDie(FunctionParser::Create(RulesOf("go")));
}

inline LanguageSet GoLanguages() { return OrDie(LanguageSet::Create({RulesOf("go")})); }

}  // namespace repro::corpus::testing

#endif  // REPRO_STAGES_CORPUS_TESTING_LANGUAGES_H_
