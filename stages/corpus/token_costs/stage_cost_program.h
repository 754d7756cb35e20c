// The pinned token-cost program of a stage (cost_program.h), checked before
// anything is counted: the pin's rules (tokenizer_pin.h, CheckPinRules),
// then the vocabulary's sha256 and size against the pin, from the digest the
// provenance record also uses.
//
// PinnedCostProgram(stage, roles, pin) reads the inputs with the roles
// `roles.pin` (the TokenizerPin text proto), `roles.vocabulary` (the pinned
// vocabulary file) and `roles.program` (token_costs.py's py_binary), fills
// `pin` and returns the program to run. A missing role is NotFound listing
// the stage's roles; a pin or vocabulary that does not match is the
// InvalidArgument of tokenizer_pin.h, naming both files.
#ifndef REPRO_STAGES_CORPUS_TOKEN_COSTS_STAGE_COST_PROGRAM_H_
#define REPRO_STAGES_CORPUS_TOKEN_COSTS_STAGE_COST_PROGRAM_H_

#include <string>

#include "absl/status/statusor.h"
#include "stages/corpus/token_costs/cost_program.h"
#include "stages/corpus/token_costs/token_costs.pb.h"
#include "stages/framework/pipeline/stage.h"

namespace repro::corpus {

struct CostProgramRoles {
  std::string pin = "pin";
  std::string vocabulary = "vocabulary";
  std::string program = "program";
};

absl::StatusOr<CostProgram> PinnedCostProgram(const Stage& stage, const CostProgramRoles& roles,
                                              TokenizerPin* pin);

}  // namespace repro::corpus

#endif  // REPRO_STAGES_CORPUS_TOKEN_COSTS_STAGE_COST_PROGRAM_H_
