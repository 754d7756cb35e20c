#include "stages/corpus/token_costs/stage_cost_program.h"

#include "stages/corpus/token_costs/tokenizer_pin.h"
#include "stages/framework/pipeline/stage_proto.h"
#include "stages/framework/pipeline/status_macros.h"

namespace repro::corpus {

absl::StatusOr<CostProgram> PinnedCostProgram(const Stage& stage, const CostProgramRoles& roles,
                                              TokenizerPin* pin) {
  ASSIGN_OR_RETURN(const Stage::Input* pin_input, stage.Find(roles.pin));
  RETURN_IF_ERROR(ReadInputProto(stage, roles.pin, pin));
  RETURN_IF_ERROR(CheckPinRules(*pin, pin_input->short_path));
  ASSIGN_OR_RETURN(const Stage::Input* vocabulary, stage.Find(roles.vocabulary));
  ASSIGN_OR_RETURN(const Stage::Digest digest, stage.InputDigest(roles.vocabulary));
  RETURN_IF_ERROR(CheckVocabulary(*pin, pin_input->short_path, vocabulary->short_path,
                                  {digest.sha256, digest.bytes}));
  ASSIGN_OR_RETURN(const Stage::Input* program, stage.Find(roles.program));
  CostProgram out;
  out.program = program->path;
  out.vocabulary = vocabulary->path;
  return out;
}

}  // namespace repro::corpus
