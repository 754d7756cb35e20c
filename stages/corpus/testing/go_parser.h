// Test-only: a FunctionParser with Go's rules, read from the runfiles
// (stages/corpus/languages/go/rules.textproto; a test that uses this lists
// it in its data, and runs in its runfiles root as bazel test does).
#ifndef REPRO_STAGES_CORPUS_TESTING_GO_PARSER_H_
#define REPRO_STAGES_CORPUS_TESTING_GO_PARSER_H_

#include <cstdlib>
#include <iostream>
#include <memory>

#include "stages/corpus/functions.h"
#include "stages/framework/pipeline/stage_proto.h"

namespace repro::corpus::testing {

inline std::unique_ptr<FunctionParser> GoParser() {
  languages::Rules rules;
  const absl::Status read = ReadProtoFile("stages/corpus/languages/go/rules.textproto", &rules);
  absl::StatusOr<std::unique_ptr<FunctionParser>> parser =
      read.ok() ? FunctionParser::Create(rules) : read;
  if (!parser.ok()) {
    std::cerr << "GoParser: " << parser.status() << "\n";
    std::abort();
  }
  return *std::move(parser);
}

}  // namespace repro::corpus::testing

#endif  // REPRO_STAGES_CORPUS_TESTING_GO_PARSER_H_
